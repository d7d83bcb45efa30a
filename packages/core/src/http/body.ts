import { ApiError, ClientClosedRequest, ParseError, PayloadTooLarge, UnsupportedMediaType } from "./errors.js";
import { ACTION_MEDIA_TYPES, bodyMediaTypes, FORM_MEDIA_TYPE } from "./media-types.js";
import type { ApiRequest } from "./request.js";

/** 1 MiB, like the body parsers users know (express.json defaults to 100 KB; DRF has no limit). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

function mediaTypeOf(contentType: string): string {
  const end = contentType.indexOf(";");
  return (end === -1 ? contentType : contentType.slice(0, end)).trim().toLowerCase();
}

export const FORM_CONTENT_TYPE = FORM_MEDIA_TYPE;

export function isFormContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && mediaTypeOf(contentType) === FORM_CONTENT_TYPE;
}

const decoder = new TextDecoder();

/**
 * Reads a body stream. An error of the stream itself (an aborted upload, a reset connection) is
 * the client going away, not a server failure: it becomes `ClientClosedRequest`, never logged.
 */
async function readText(stream: AsyncIterable<Uint8Array>, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.byteLength;
      if (size > limit) throw new PayloadTooLarge(limit);
      chunks.push(chunk);
    }
  } catch (error) {
    throw error instanceof ApiError ? error : new ClientClosedRequest();
  }
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoder.decode(all);
}

/**
 * Reads and parses a JSON body once, whichever adapter is in front: one size limit, one error
 * shape. Returns `undefined` for an empty body. A body the app already parsed is used as is.
 */
export function readJSONBody(request: ApiRequest, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  return readBody(request, limit, ACTION_MEDIA_TYPES);
}

/**
 * The body of a viewset's create or update: JSON, or an HTML form
 * (`application/x-www-form-urlencoded`, as DRF's FormParser) as a record of its last value per key.
 */
export function readWriteBody(request: ApiRequest, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  return readBody(request, limit, bodyMediaTypes(request.method));
}

/** Reads a body of one of the `accepted` media types (`media-types.ts`); any other is a 415. */
async function readBody(request: ApiRequest, limit: number, accepted: readonly string[]): Promise<unknown> {
  const body = request.body;
  if (body.kind === "parsed") return body.value;
  const contentType = request.headers["content-type"];
  const declaredLength = request.headers["content-length"];
  if (declaredLength !== undefined && Number(declaredLength) > limit) throw new PayloadTooLarge(limit);
  // The media type is parsed once (up to its ";", trimmed and lower-cased), only when one was sent.
  const mediaType = contentType === undefined || contentType === "" ? undefined : mediaTypeOf(contentType);
  const form = mediaType === FORM_MEDIA_TYPE && accepted.includes(FORM_MEDIA_TYPE);
  if (mediaType !== undefined && !accepted.includes(mediaType)) {
    throw new UnsupportedMediaType(contentType!, accepted.join(", "));
  }
  // No body reads as an empty one, whichever adapter said so.
  const text = body.kind === "none" ? "" : await readText(body.stream, limit);
  if (form) return Object.fromEntries(new URLSearchParams(text));
  if (text.trim() === "") return undefined;
  if (contentType === undefined || contentType === "") throw new UnsupportedMediaType("none");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ParseError("Malformed JSON in request body.");
  }
}

/** `getJSON` for action handlers: the parsed body, or undefined when there is none. */
export function getJSON<T = unknown>(request: ApiRequest, options: { limit?: number } = {}): Promise<T> {
  return readJSONBody(request, options.limit) as Promise<T>;
}
