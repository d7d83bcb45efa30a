/** The router's own CORS: preflight answers and the headers of every other answer. */
import type { ApiRequest, ApiResponse } from "./request.js";

/**
 * The router's own CORS, for apps that mount no CORS middleware of their framework (`cors`,
 * `@koa/cors`, `hono/cors` in front of the router work as well).
 */
export interface CorsOptions {
  /** Allowed origins: `*` (any), exact origins (`https://app.example.com`), or a predicate. */
  readonly origin: "*" | readonly string[] | ((origin: string) => boolean);
  /** Allow cookies and `Authorization` (`Access-Control-Allow-Credentials: true`); the origin is then echoed, never `*`. */
  readonly credentials?: boolean;
  /** Request headers a browser may send; by default whatever its preflight asks for. */
  readonly allowHeaders?: readonly string[];
  /** Response headers a browser may read besides the safelisted ones. */
  readonly exposeHeaders?: readonly string[];
  /** How long a browser may cache a preflight, in seconds (default 600). */
  readonly maxAge?: number;
}

/** What a client of this API wants to read: the new record's URL, its ETag, the throttle's state. */
const DEFAULT_EXPOSED = [
  "Location",
  "ETag",
  "Retry-After",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
];

/** A browser's preflight: OPTIONS naming the method it means to send. */
export function isPreflight(request: ApiRequest): boolean {
  return (
    request.method === "OPTIONS" &&
    request.headers.origin !== undefined &&
    request.headers["access-control-request-method"] !== undefined
  );
}

function allowedOrigin(options: CorsOptions, origin: string | undefined): string | null {
  if (origin === undefined) return null;
  const { origin: allowed } = options;
  const ok = allowed === "*" || (typeof allowed === "function" ? allowed(origin) : allowed.includes(origin));
  if (!ok) return null;
  return allowed === "*" && options.credentials !== true ? "*" : origin;
}

function originHeaders(options: CorsOptions, origin: string): Record<string, string> {
  const headers: Record<string, string> = { "Access-Control-Allow-Origin": origin };
  if (origin !== "*") headers.Vary = "Origin";
  if (options.credentials === true) headers["Access-Control-Allow-Credentials"] = "true";
  return headers;
}

/** The answer to a preflight: 204, and the CORS headers when its origin is allowed. */
export function preflightResponse(options: CorsOptions, request: ApiRequest, methods: readonly string[]): ApiResponse {
  const origin = allowedOrigin(options, request.headers.origin);
  if (origin === null) return { status: 204, headers: { Vary: "Origin" }, body: null };
  const requested = request.headers["access-control-request-headers"];
  const allowHeaders = options.allowHeaders?.join(", ") ?? requested;
  return {
    status: 204,
    headers: {
      ...originHeaders(options, origin),
      "Access-Control-Allow-Methods": methods.join(", "),
      ...(allowHeaders ? { "Access-Control-Allow-Headers": allowHeaders } : {}),
      "Access-Control-Max-Age": String(options.maxAge ?? 600),
      // The answer depends on what the preflight asked.
      Vary: "Origin, Access-Control-Request-Headers",
    },
    body: null,
  };
}

/** Adds the CORS headers of an allowed origin to an answer (errors too: a browser may read them). */
export function addCorsHeaders(options: CorsOptions, request: ApiRequest, response: ApiResponse): void {
  const origin = allowedOrigin(options, request.headers.origin);
  if (origin === null) {
    if (options.origin !== "*") response.headers.Vary = "Origin";
    return;
  }
  Object.assign(response.headers, originHeaders(options, origin), {
    "Access-Control-Expose-Headers": (options.exposeHeaders ?? DEFAULT_EXPOSED).join(", "),
  });
}
