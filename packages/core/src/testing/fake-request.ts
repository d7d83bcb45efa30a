/** Core requests built by hand, as an adapter would build them, for tests that call a router or a guard directly. */
import type { ApiRequest, ApiResponse, Mountable } from "../http/request.js";
import { parsedJSON } from "./reply.js";

/** What a fake request carries besides its method and path; the rest is a plain GET from 127.0.0.1. */
export interface FakeRequestOptions {
  /** The raw query string, without `?`. */
  readonly query?: string;
  /** The request's headers, over `content-type: application/json` when there is a body. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /** A body the app's framework already parsed (express.json): the core takes it as it is. */
  readonly body?: unknown;
  /** A body as the bytes a client sent, which the core reads and parses itself. */
  readonly text?: string;
  readonly user?: unknown;
  readonly auth?: unknown;
  readonly appUser?: () => unknown;
  readonly signal?: AbortSignal;
  /** Default `http://test`. */
  readonly origin?: string;
  /** Default `127.0.0.1`. */
  readonly remoteAddress?: string | undefined;
}

const encoder = new TextEncoder();

function bodyOf(options: FakeRequestOptions): ApiRequest["body"] {
  const { text } = options;
  // Read again from the start each time: a test may send one request twice.
  if (text !== undefined)
    return { kind: "stream", stream: { [Symbol.asyncIterator]: () => oneChunk(encoder.encode(text)) } };
  return options.body === undefined ? { kind: "none" } : { kind: "parsed", value: options.body };
}

async function* oneChunk(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** A core request for `method` and `path`, with what `options` give. */
export function fakeRequest(method = "GET", path = "/", options: FakeRequestOptions = {}): ApiRequest {
  const hasBody = options.body !== undefined || options.text !== undefined;
  const request: ApiRequest = {
    method,
    path,
    rawQuery: options.query ?? "",
    headers: { ...(hasBody && { "content-type": "application/json" }), ...options.headers },
    origin: options.origin ?? "http://test",
    remoteAddress: "remoteAddress" in options ? options.remoteAddress : "127.0.0.1",
    body: bodyOf(options),
    ...(options.signal && { signal: options.signal }),
    ...(options.appUser && { appUser: options.appUser }),
  };
  if (options.user !== undefined) request.user = options.user;
  if (options.auth !== undefined) request.auth = options.auth;
  return request;
}

/** An answer of the core as a test reads it: its text body, and that text's JSON (null for no body). */
export interface CoreReply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly text: string;
  readonly body: any;
}

/** A response read as a `CoreReply`; a null one (no route answered) fails the test. */
export function coreReply(response: ApiResponse | null): CoreReply {
  if (response === null) throw new Error("no route answered");
  const text = typeof response.body === "string" ? response.body : "";
  return { status: response.status, headers: response.headers, text, body: text === "" ? null : parsedJSON(text) };
}

/** A mountable's (a router's) answer to a fake request, read whole. */
export async function callCore(
  mountable: Mountable,
  method: string,
  path: string,
  options: FakeRequestOptions = {},
): Promise<CoreReply> {
  return coreReply(await mountable.handle(fakeRequest(method, path, options)));
}
