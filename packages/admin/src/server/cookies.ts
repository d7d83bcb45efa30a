/** The admin's session cookie: how it is written, cleared and read back. */

interface CookieOptions {
  readonly name: string;
  readonly path: string;
  readonly secure: boolean;
}

function cookie(name: string, value: string, attributes: readonly string[], options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, "HttpOnly", "SameSite=Lax", ...attributes];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** The session cookie: HttpOnly, SameSite=Lax, scoped to the admin's path, Secure on https. */
export function sessionCookie(token: string, options: CookieOptions & { readonly maxAgeSeconds: number }): string {
  return cookie(options.name, token, [`Max-Age=${options.maxAgeSeconds}`], options);
}

/** The same cookie, expired: the browser forgets it. */
export function clearedSessionCookie(options: CookieOptions): string {
  return cookie(options.name, "", ["Max-Age=0"], options);
}

/** A cookie's value from a request's `Cookie` header, or undefined. */
export function readCookie(headers: Readonly<Record<string, string | readonly string[] | undefined>>, name: string) {
  const header = headers.cookie;
  const text = Array.isArray(header) ? header.join("; ") : (header as string | undefined);
  if (!text) return undefined;
  for (const part of text.split(";")) {
    const split = part.indexOf("=");
    if (split === -1 || part.slice(0, split).trim() !== name) continue;
    const value = part.slice(split + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
