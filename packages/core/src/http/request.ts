/**
 * The plain request and response objects the core works on. Adapters build an `ApiRequest`
 * from their framework's request and write an `ApiResponse` back; nothing here depends on a
 * framework or on `node:` modules.
 */

import type { ViewInfo } from "../auth/permissions.js";

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
  /** The serialized body (JSON text), or null for no body. */
  body: string | null;
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

/** Parses the query string once into a null-prototype map of key -> values. */
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
