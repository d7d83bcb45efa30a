import type { ApiRequest } from "../http/request.js";

/**
 * The client's IP. `X-Forwarded-For` is believed only as far as the app says it trusts proxies:
 * with `trustedProxies` hops, the right-most untrusted hop is the client. With 0 (the default),
 * the socket's address is used and a spoofed header changes nothing.
 */
export function clientIp(request: ApiRequest, trustedProxies = 0): string {
  const socket = request.remoteAddress ?? "unknown";
  if (trustedProxies <= 0) return socket;
  const header = request.headers["x-forwarded-for"];
  if (!header) return socket;
  const hops = header.split(",").map((hop) => hop.trim()).filter((hop) => hop !== "");
  // The socket peer is the last trusted proxy; each further trusted proxy appended one hop.
  const index = hops.length - trustedProxies;
  if (index < 0) return hops[0] ?? socket;
  return hops[index] ?? socket;
}

/** A stable key for a signed-in user: its `id`, else its `username`, else undefined. */
export function userIdOf(user: unknown): string | undefined {
  if (user === undefined || user === null) return undefined;
  if (typeof user === "string" || typeof user === "number" || typeof user === "bigint") return String(user);
  if (typeof user === "object") {
    const record = user as Record<string, unknown>;
    for (const key of ["id", "userId", "username", "email"]) {
      const value = record[key];
      if (typeof value === "string" || typeof value === "number" || typeof value === "bigint") return String(value);
    }
  }
  return undefined;
}
