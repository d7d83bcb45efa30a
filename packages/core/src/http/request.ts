/**
 * The plain request and response objects the core works on. Adapters build an `ApiRequest`
 * from their framework's request and write an `ApiResponse` back; nothing here depends on a
 * framework or on `node:` modules.
 */

import type { ViewInfo } from "../viewsets/view-info.js";

/** Where the body of a request comes from. */
export type RequestBody =
  /** The app's own middleware (express.json, a koa body parser) already parsed it. */
  | { readonly kind: "parsed"; readonly value: unknown }
  /** Raw bytes, read by the core once, with one size limit. */
  | { readonly kind: "stream"; readonly stream: AsyncIterable<Uint8Array> }
  | { readonly kind: "none" };

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
  /** Aborted when the client goes away; passed on to managers. */
  readonly signal?: AbortSignal;
  /** The framework's own request object (Express req, Koa ctx, Hono context). */
  readonly native?: unknown;
  /**
   * The user the app's own middleware already signed in: Express `req.user`, Koa
   * `ctx.state.user`, Hono `c.get("user")`. Read only when an authenticator asks.
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
}

/**
 * What an adapter's `registerRoutes` mounts: a `Router`, the admin, anything that turns core
 * requests into responses and answers null for requests that are not its own.
 */
export interface Mountable {
  /** Throws `ConfigurationError` naming every problem when it cannot serve; called before mounting. */
  assertReady(): void;
  handle(request: ApiRequest): Promise<ApiResponse | null>;
}

/** A core handler: one request in, one response out. */
export type Handler = (request: ApiRequest) => Promise<ApiResponse>;

/** The context object every manager method receives first. */
export interface RequestContext {
  readonly signal: AbortSignal;
  readonly request: ApiRequest;
  readonly user: unknown;
}

const neverAborted = new AbortController().signal;

export function contextOf(request: ApiRequest): RequestContext {
  return { signal: request.signal ?? neverAborted, request, user: request.user };
}

const parsedQueries = new WeakMap<ApiRequest, Map<string, string[]>>();

/** The request's query parameters, parsed once per request whoever asks first. */
export function queryParamsOf(request: ApiRequest): ReadonlyMap<string, readonly string[]> {
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
