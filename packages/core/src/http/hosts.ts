/**
 * Django's ALLOWED_HOSTS: the Host a request names is checked before anything is built from it
 * (`Location`, `next`, `previous` are absolute URLs on the request's origin).
 */

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
