/**
 * The scheme a client used, behind a proxy that ends TLS: the request reaches the app over plain
 * http, and the proxy says `X-Forwarded-Proto: https`. The header is believed only from a trusted
 * proxy (the router's `trustedProxies`, the setting that already decides the client IP), or the
 * app says the scheme outright (`scheme`). Links, `Location` and the admin's cookie's `Secure`
 * follow, the same on every adapter.
 */
import type { ApiRequest } from "./request.js";

export type Scheme = "http" | "https";

export interface OriginOptions {
  /** How many proxies in front may be believed (0: none, the header is ignored). */
  readonly trustedProxies: number;
  /** The scheme of every request, whatever a header says (an app always served over https). */
  readonly scheme?: Scheme | undefined;
}

/**
 * The scheme `X-Forwarded-Proto` names, when a trusted proxy set it. Each proxy that appends
 * adds one entry, so only the right-most `trustedProxies` entries were written by proxies we
 * trust; the one the outermost of them wrote is the client's (as `clientIp` picks the address).
 */
export function forwardedScheme(request: ApiRequest, trustedProxies: number): Scheme | undefined {
  const hop = trustedHop(request.headers["x-forwarded-proto"], trustedProxies)?.toLowerCase();
  return hop === "https" || hop === "http" ? hop : undefined;
}

/**
 * The entry of a header that proxies append to (`X-Forwarded-For`, `X-Forwarded-Proto`) that the
 * outermost trusted proxy wrote: the right-most `trustedProxies` entries were written by proxies we
 * trust, everything to their left came from the client. With fewer entries than trusted proxies,
 * the left-most is the best guess (as Express does). Undefined when no proxy is trusted or the
 * header is absent or empty.
 */
export function trustedHop(header: string | undefined, trustedProxies: number): string | undefined {
  const trusted = Number.isFinite(trustedProxies) ? Math.floor(trustedProxies) : 0;
  if (trusted <= 0 || !header) return undefined;
  const hops = header
    .split(",")
    .map((hop) => hop.trim())
    .filter((hop) => hop !== "");
  return hops[Math.max(0, hops.length - trusted)];
}

/** The request's origin with the scheme the client used (see the file's comment). */
export function clientOrigin(request: ApiRequest, options: OriginOptions): string {
  const scheme = options.scheme ?? forwardedScheme(request, options.trustedProxies);
  const { origin } = request;
  if (scheme === undefined || origin.startsWith(`${scheme}://`)) return origin;
  const rest = origin.indexOf("://");
  return `${scheme}://${rest === -1 ? origin : origin.slice(rest + 3)}`;
}

/** The same request with another origin: a copy that keeps its class (an adapter's lazily made signal still works). */
export function withOrigin(request: ApiRequest, origin: string): ApiRequest {
  return Object.assign(Object.create(Object.getPrototypeOf(request) as object) as ApiRequest, request, { origin });
}

/**
 * The request as a router or the admin serves it: its origin the client's (`clientOrigin`). The
 * request itself when nothing changes (no proxy trusted, no scheme set): the common case costs
 * one comparison.
 */
export function behindProxies(request: ApiRequest, options: OriginOptions): ApiRequest {
  if (options.scheme === undefined && !(options.trustedProxies > 0)) return request;
  const origin = clientOrigin(request, options);
  return origin === request.origin ? request : withOrigin(request, origin);
}
