/**
 * Django's ALLOWED_HOSTS: the Host a request names is checked before anything is built from it
 * (`Location`, `next`, `previous` are absolute URLs on the request's origin).
 */
import { BadRequest } from "./errors.js";
import { errorResponse } from "./problem.js";
import type { ApiRequest, ApiResponse } from "./request.js";

// A DNS name or IPv4 address, or a bracketed IPv6 address, then an optional port (Django's rule).
const HOST_PATTERN = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(:\d{1,5})?$/;

/** The host name of a well-formed `Host` value, lower case, without port or trailing dot; null when malformed. */
export function hostName(host: string): string | null {
  const lower = host.toLowerCase();
  const match = HOST_PATTERN.exec(lower);
  if (!match) return null;
  const name = match[1]!;
  return name.endsWith(".") ? name.slice(0, -1) : name;
}

/**
 * Whether a host name is allowed: `*` allows any, `.example.com` allows example.com and every
 * name below it, anything else must be equal (case-insensitive).
 */
export function isHostAllowed(name: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => {
    const lower = pattern.toLowerCase();
    if (lower === "*") return true;
    if (lower.startsWith(".")) return name === lower.slice(1) || name.endsWith(lower);
    return name === lower;
  });
}

/** The authority of an origin (`http://host:port` → `host:port`). */
export function authorityOf(origin: string): string {
  const start = origin.indexOf("//");
  return start === -1 ? origin : origin.slice(start + 2);
}

/** What a router (or the admin) answers for when `allowedHosts` is left out in development. */
export const LOCAL_HOSTS: readonly string[] = Object.freeze(["localhost", ".localhost", "127.0.0.1", "[::1]"]);

/** `NODE_ENV` where there is a `process` (Node, Bun, Deno); undefined elsewhere (Workers). */
function nodeEnv(): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NODE_ENV;
}

/**
 * The hosts to answer for when `allowedHosts` is left out, Django's rule for an empty
 * ALLOWED_HOSTS: in development (`NODE_ENV` unset or `development`) the local names only; under
 * a test runner (`NODE_ENV=test`) any host, as test requests name made-up ones (Django's test
 * runner adds its own `testserver`); anywhere else none: null, and the startup check says to
 * set them.
 */
export function defaultAllowedHosts(env: string | undefined = nodeEnv()): readonly string[] | null {
  if (env === undefined || env === "" || env === "development") return LOCAL_HOSTS;
  if (env === "test") return ["*"];
  return null;
}

/** The startup check's message for a router or admin whose hosts are not set outside development. */
export function missingHostsMessage(owner: string): string {
  return (
    `${owner}: allowedHosts is not set, and NODE_ENV is not development: list the host names to answer ` +
    `for (allowedHosts: ["api.example.com"]), or ["*"] for any host (a proxy in front checking them)`
  );
}

/**
 * The Host check of one router or admin: a 400 for a malformed Host, or one the allowed hosts
 * leave out (every host, when none are allowed). The last Host and origin found fine are
 * remembered (the list does not change): most requests name the same host, and the check's two
 * pattern matches were a measured part of a retrieve.
 */
export class HostCheck {
  private readonly allowed: readonly string[];
  private lastFineOrigin: string | undefined;
  private lastFineHost: string | undefined;

  constructor(allowed: readonly string[] | null) {
    // A copy: the hosts checked are those given here, whatever happens to the caller's array.
    this.allowed = Object.freeze([...(allowed ?? [])]);
  }

  refusal(request: ApiRequest): ApiResponse | null {
    const host = request.headers.host;
    const { origin } = request;
    if (origin === this.lastFineOrigin && host === this.lastFineHost) return null;
    for (const authority of host === undefined ? [authorityOf(origin)] : [host, authorityOf(origin)]) {
      const name = hostName(authority);
      if (name === null) return errorResponse(new BadRequest("Invalid Host header."));
      if (!isHostAllowed(name, this.allowed)) {
        return errorResponse(new BadRequest("Invalid Host header: this host is not in allowedHosts."));
      }
    }
    this.lastFineOrigin = origin;
    this.lastFineHost = host;
    return null;
  }
}
