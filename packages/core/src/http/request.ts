/**
 * The plain request and response objects the core works on. Adapters build an `ApiRequest`
 * from their framework's request and write an `ApiResponse` back; nothing here depends on a
 * framework or on `node:` modules.
 */

import { objectSlot } from "./slot.js";
import { isThenable } from "./thenable.js";
import type { ViewInfo } from "./view-info.js";

/** Where the body of a request comes from. */
export type RequestBody =
  /** The app's own middleware (express.json, a koa body parser) already parsed it. */
  | { readonly kind: "parsed"; readonly value: unknown }
  /** Raw bytes, read by the core once, with one size limit. */
  | { readonly kind: "stream"; readonly stream: AsyncIterable<Uint8Array> }
  | { readonly kind: "none" };

/**
 * A body stream that can also be read whole in one wait (the Node adapters' own): the core reads
 * a JSON or form body through `readAll`, without the async iterator's promise per chunk and turn.
 */
export interface WholeBody extends AsyncIterable<Uint8Array> {
  /**
   * The body's chunks. Rejects with `PayloadTooLarge` once more than `limit` bytes came (the rest
   * left unread, for the adapter to drain), or with the stream's own error.
   */
  readAll(limit: number): Promise<readonly Uint8Array[]>;
}

/** Whether a body stream reads whole (`WholeBody`). */
export function readsWhole(stream: AsyncIterable<Uint8Array>): stream is WholeBody {
  return typeof (stream as Partial<WholeBody>).readAll === "function";
}

export interface ApiRequest {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The path without the query string, as sent (percent-encoded). */
  readonly path: string;
  /** The raw query string without the leading `?` ("" when there is none). */
  readonly rawQuery: string;
  /** Header values by lower-case name; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Scheme and authority used to build absolute links, e.g. `http://127.0.0.1:3000`. */
  readonly origin: string;
  /** The socket's peer address. */
  readonly remoteAddress: string | undefined;
  readonly body: RequestBody;
  /**
   * Aborted when the client goes away; passed on to managers. The Node adapters make it when first
   * read (a getter): ask `isAborted` to check without making one.
   */
  readonly signal?: AbortSignal;
  /** Whether the client went away, answered without making `signal` (the Node adapters set it). */
  readonly aborted?: () => boolean;
  /** The framework's own request object (Express req, Koa ctx, Hono context, Fastify request). */
  readonly native?: unknown;
  /**
   * The user the app's own middleware already signed in: Express `req.user`, Koa
   * `ctx.state.user`, Hono `c.get("user")`, Fastify `request.user`. Read only when an authenticator asks.
   */
  readonly appUser?: () => unknown;
  /** Route parameters of a custom action (`id` for detail actions). */
  params?: Record<string, string>;
  /** Set by authentication. */
  user?: unknown;
  auth?: unknown;
  /** The resource and action a viewset is serving (set before the checks run). */
  view?: ViewInfo;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /**
   * The body: text (JSON, HTML, CSS, ...; the `Content-Type` header says which), bytes, or null
   * for no body.
   */
  body: string | Uint8Array | null;
  /**
   * A body written while it is made (an export of a million rows), with `body` null and no
   * `Content-Length`: each chunk is written once the client took the one before, so memory stays
   * bounded; the iterator is closed when the client goes away. An error while it runs cuts the
   * connection, so the client sees an incomplete body, never one that looks whole.
   */
  stream?: AsyncIterable<Uint8Array>;
}

/**
 * What an adapter's `registerRoutes` mounts: a `Router`, the admin, anything that turns core
 * requests into responses and answers null for requests that are not its own.
 */
export interface Mountable {
  /** Throws `ConfigurationError` naming every problem when it cannot serve; called before mounting. */
  assertReady(): void;
  handle(request: ApiRequest): Promise<ApiResponse | null>;
  /**
   * Optional: `handle`, with the response itself (not a promise) when it had nothing to wait for;
   * the adapters call it where it is there and write such a response in the same turn.
   */
  handleNow?(request: ApiRequest): ApiResponse | null | Promise<ApiResponse | null>;
}

/**
 * A mountable's answer to one request, through `handleNow` where it has one: a response, or a native
 * promise of one (another library's promise is adopted, so an adapter may tell the two apart with
 * `instanceof Promise`).
 */
export function answerOf(mountable: Mountable, request: ApiRequest): ApiResponse | null | Promise<ApiResponse | null> {
  const answer = mountable.handleNow ? mountable.handleNow(request) : mountable.handle(request);
  return answer instanceof Promise || !isThenable(answer) ? answer : Promise.resolve(answer);
}

/** A core handler: one request in, one response out. */
export type Handler = (request: ApiRequest) => Promise<ApiResponse>;

/** The context object every manager method receives first. */
export interface RequestContext {
  /** The request's signal; made when first read on the Node adapters, so check `isAborted(ctx)` first. */
  readonly signal: AbortSignal;
  readonly request: ApiRequest;
  readonly user: unknown;
  /** Whether the signal is aborted, answered without making it where it is not made yet. */
  aborted?(): boolean;
  /**
   * True when the request only reads through its managers (a viewset's standard list and
   * retrieve): a manager may then skip what it keeps for a later update of the rows it returns,
   * such as the drizzle manager's note of each row's values, which lets `update` write only the
   * changed fields. An update with such a context still writes every change (all fields).
   */
  readonly readsOnly?: boolean;
  /**
   * True when the request loads an object to change it (a viewset's update, partial update and
   * destroy): inside a transaction, a manager's `get` locks the row it returns until the
   * transaction ends (PostgreSQL's `SELECT ... FOR UPDATE`), so that no other write lands between
   * the `If-Match` check and the write.
   */
  readonly forUpdate?: boolean;
}

const neverAborted = new AbortController().signal;

/** A request's signal, or one that never aborts. */
export function signalOf(request: ApiRequest): AbortSignal {
  return request.signal ?? neverAborted;
}

/** Whether the client of a request went away, without making its signal where it is not made yet. */
export function requestAborted(request: ApiRequest): boolean {
  return request.aborted ? request.aborted() : request.signal?.aborted === true;
}

/** Whether a manager's request was abandoned by its client (`ctx.aborted()` where the context has it). */
export function isAborted(ctx: RequestContext): boolean {
  return ctx.aborted ? ctx.aborted() : ctx.signal?.aborted === true;
}

/**
 * The same request under another method (HEAD served as GET): a copy of its own fields that keeps
 * its class, so an adapter's lazily made signal still works on it (a `{ ...spread }` would not).
 */
export function withMethod(request: ApiRequest, method: string): ApiRequest {
  return Object.assign(Object.create(Object.getPrototypeOf(request) as object) as ApiRequest, request, { method });
}

/** The context of a request outside a viewset. */
export function contextOf(request: ApiRequest): RequestContext {
  return {
    get signal() {
      return signalOf(request);
    },
    request,
    user: request.user,
    aborted: () => requestAborted(request),
  };
}

const parsedQueries = objectSlot<ApiRequest, Map<string, string[]>>("viewsets.query");

/** A map that refuses changes: shared by every request without a query string. */
class NoParams extends Map<string, string[]> {
  override set(): this {
    throw new TypeError("A request's query parameters are read-only.");
  }
  override delete(): boolean {
    throw new TypeError("A request's query parameters are read-only.");
  }
  override clear(): void {
    throw new TypeError("A request's query parameters are read-only.");
  }
}

const NO_PARAMS: ReadonlyMap<string, readonly string[]> = new NoParams();

/**
 * The request's query parameters, parsed once per request whoever asks first. A request without
 * a query string (most retrieves) shares one empty map: nothing to parse or to keep on it.
 */
export function queryParamsOf(request: ApiRequest): ReadonlyMap<string, readonly string[]> {
  if (request.rawQuery === "") return NO_PARAMS;
  let params = parsedQueries.get(request);
  if (!params) {
    params = parseQuery(request.rawQuery);
    parsedQueries.set(request, params);
  }
  return params;
}

/** Parses a query string into a map of key -> values. */
export function parseQuery(rawQuery: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  if (rawQuery === "") return params;
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    const values = params.get(key);
    if (values) values.push(value);
    else params.set(key, [value]);
  }
  return params;
}
