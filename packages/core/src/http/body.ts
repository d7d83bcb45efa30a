import { ParseError, PayloadTooLarge, UnsupportedMediaType } from "./errors.js";
import type { ApiRequest } from "./request.js";

/** 1 MiB, like the body parsers users know (express.json defaults to 100 KB; DRF has no limit). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

function isJSONContentType(contentType: string): boolean {
  const type = contentType.split(";", 1)[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

const decoder = new TextDecoder();

async function readText(stream: AsyncIterable<Uint8Array>, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.byteLength;
    if (size > limit) throw new PayloadTooLarge(limit);
    chunks.push(chunk);
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
export async function readJSONBody(request: ApiRequest, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const body = request.body;
  if (body.kind === "parsed") return body.value;
  const contentType = request.headers["content-type"];
  const declaredLength = request.headers["content-length"];
  if (declaredLength !== undefined && Number(declaredLength) > limit) throw new PayloadTooLarge(limit);
  if (contentType !== undefined && contentType !== "" && !isJSONContentType(contentType)) {
    throw new UnsupportedMediaType(contentType);
  }
  if (body.kind === "none") return undefined;
  const text = await readText(body.stream, limit);
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
