/** The client's IP and user id, as throttles key their buckets (X-Forwarded-For only through trusted proxies). */
import { trustedHop } from "../http/forwarded.js";
import type { ApiRequest } from "../http/request.js";

/**
 * The client's IP. `X-Forwarded-For` is believed only as far as the app says it trusts proxies:
 * with `trustedProxies` hops, the right-most untrusted hop is the client. With 0 (the default),
 * the socket's address is used and a spoofed header changes nothing.
 *
 * Each proxy appends the address it received the request from, so only the right-most entries
 * were written by proxies we trust; everything to their left came from the client and may be
 * made up. Addresses are normalized so one client has one key: `::ffff:10.0.0.1` becomes
 * `10.0.0.1`, and a port (`10.0.0.1:5123`, `[2001:db8::1]:443`) is dropped.
 */
export function clientIp(request: ApiRequest, trustedProxies = 0): string {
  const socket = normalizeIp(request.remoteAddress ?? "") || "unknown";
  const forwarded = trustedHop(request.headers["x-forwarded-for"], trustedProxies);
  if (forwarded === undefined) return socket;
  const hop = normalizeIp(forwarded);
  // Only an address is a key: anything else ("unknown", a 10 kB string from a client reaching
  // the app past its proxies) would let one sender mint endless or huge buckets.
  return looksLikeIp(hop) ? hop : socket;
}

function looksLikeIp(text: string): boolean {
  return text.length >= 2 && text.length <= 64 && /^[0-9A-Fa-f:.]+(%[\w.-]+)?$/.test(text) && /[.:]/.test(text);
}

/** Strips an IPv4-mapped IPv6 prefix, brackets and a port. */
function normalizeIp(address: string): string {
  let ip = address.trim();
  if (ip.startsWith("[")) {
    const end = ip.indexOf("]");
    ip = end === -1 ? ip.slice(1) : ip.slice(1, end);
  } else if (ip.includes(".") && ip.indexOf(":") === ip.lastIndexOf(":") && ip.includes(":")) {
    ip = ip.slice(0, ip.indexOf(":")); // "10.0.0.1:5123"
  }
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? (mapped[1] as string) : ip;
}

/**
 * A stable key for a signed-in user: the first of its `id`, `userId`, `sub` (JWT claims),
 * `username` or `email` that is a non-empty string or a number; a string or number user is its
 * own key. Undefined for anonymous requests and for users without any of these.
 */
export function userIdOf(user: unknown): string | undefined {
  if (user === undefined || user === null) return undefined;
  if (typeof user === "string" || typeof user === "number" || typeof user === "bigint") {
    return user === "" ? undefined : String(user);
  }
  if (typeof user === "object") {
    const record = user as Record<string, unknown>;
    for (const key of ["id", "userId", "sub", "username", "email"]) {
      const value = record[key];
      if ((typeof value === "string" && value !== "") || typeof value === "number" || typeof value === "bigint") {
        return String(value);
      }
    }
  }
  return undefined;
}
