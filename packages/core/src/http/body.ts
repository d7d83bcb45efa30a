/** Reading a request body: JSON or a form, under one size limit and one error shape. */
import { ApiError, ClientClosedRequest, ParseError, PayloadTooLarge, UnsupportedMediaType } from "./errors.js";
import { ACTION_MEDIA_TYPES, bodyMediaTypes, FORM_MEDIA_TYPE } from "./media-types.js";
import { type ApiRequest, readsWhole } from "./request.js";

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

// Fatal: a body that is not UTF-8 is refused, never stored with replacement characters.
const decoder = new TextDecoder("utf-8", { fatal: true });
const NOT_UTF8 = "The request body is not valid UTF-8.";

function decoded(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new ParseError(NOT_UTF8);
  }
}

/**
 * An HTML form's fields, the last value of each key winning (as `URLSearchParams` gives them), but
 * with percent-escapes that are not UTF-8 refused instead of replaced by U+FFFD.
 */
function formFields(text: string): Record<string, string> {
  const pairs: [string, string][] = [];
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    pairs.push([
      formComponent(equals === -1 ? pair : pair.slice(0, equals)),
      formComponent(equals === -1 ? "" : pair.slice(equals + 1)),
    ]);
  }
  // fromEntries defines each key as its own property, "__proto__" included.
  return Object.fromEntries(pairs);
}

/** One key or value of a form: `+` is a space, each run of escapes UTF-8, a lone `%` itself (as URLSearchParams reads it). */
function formComponent(text: string): string {
  return text.replaceAll("+", " ").replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      throw new ParseError(NOT_UTF8);
    }
  });
}

/**
 * The error of a body stream itself (an aborted upload, a reset connection) is the client going
 * away, not a server failure: it becomes `ClientClosedRequest`, never logged.
 */
function closedByClient(error: unknown): never {
  throw error instanceof ApiError ? error : new ClientClosedRequest();
}

/** The chunks of any async iterable body, stopped (`return`) once past `limit`. */
async function chunksOf(stream: AsyncIterable<Uint8Array>, limit: number): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.byteLength;
    if (size > limit) throw new PayloadTooLarge(limit);
    chunks.push(chunk);
  }
  return chunks;
}

function joinedText(chunks: readonly Uint8Array[]): string {
  if (chunks.length === 1) return decoded(chunks[0]!);
  let size = 0;
  for (const chunk of chunks) size += chunk.byteLength;
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoded(all);
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

/**
 * Reads a body of one of the `accepted` media types (`media-types.ts`); any other is a 415. Not an
 * async function: the body's chunks are followed by one step to the parsed value (each await is a
 * turn of the microtask queue and a promise of its own), and every refusal is a rejected promise.
 */
function readBody(request: ApiRequest, limit: number, accepted: readonly string[]): Promise<unknown> {
  try {
    const body = request.body;
    if (body.kind === "parsed") return Promise.resolve(body.value);
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
    if (body.kind === "none") return Promise.resolve(parsedBody("", form, contentType));
    const stream = body.stream;
    const reading = readsWhole(stream) ? stream.readAll(limit) : chunksOf(stream, limit);
    return reading.then((chunks) => parsedBody(joinedText(chunks), form, contentType), closedByClient);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A body's text as a value: a form's fields, JSON's value, or undefined when there is no text. */
function parsedBody(text: string, form: boolean, contentType: string | undefined): unknown {
  if (form) return formFields(text);
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
