import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type AdminDatabase, lazyStatements, SESSIONS } from "./tables.js";

/** Sessions kept in the app's database by the hash of their token, expiring after a time without use. */
export interface SessionStore {
  /** A new session: the token for the cookie (never stored) and the CSRF token its writes must send. */
  create(userId: string): Promise<{ token: string; csrfToken: string }>;
  /** The session a token opens, its idle expiry pushed back; null when unknown or expired. */
  read(token: string): Promise<{ userId: string; csrfToken: string } | null>;
  /** Ends the session on the server: its cookie no longer works. */
  delete(token: string): Promise<void>;
}

/** 256 random bits, URL-safe. */
const randomToken = () => randomBytes(32).toString("base64url");
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export function createSessionStore(db: AdminDatabase, options: { readonly idleTimeoutMs: number }): SessionStore {
  const statements = lazyStatements(db);
  const { idleTimeoutMs } = options;
  // Pushing the expiry back on every request would write on every read: once a minute is enough.
  const refreshAfterMs = Math.min(60_000, idleTimeoutMs / 2);
  return {
    async create(userId) {
      const token = randomToken();
      const csrfToken = randomToken();
      const now = Date.now();
      await statements.run(sql`DELETE FROM ${sql.identifier(SESSIONS)} WHERE expires_at < ${now}`);
      await statements.run(
        sql`INSERT INTO ${sql.identifier(SESSIONS)} (token_hash, user_id, csrf_token, created_at, expires_at)
            VALUES (${hashOf(token)}, ${userId}, ${csrfToken}, ${now}, ${now + idleTimeoutMs})`,
      );
      return { token, csrfToken };
    },
    async read(token) {
      const hash = hashOf(token);
      const [row] = await statements.all(
        sql`SELECT user_id, csrf_token, expires_at FROM ${sql.identifier(SESSIONS)} WHERE token_hash = ${hash}`,
      );
      if (!row) return null;
      const now = Date.now();
      const expiresAt = Number(row.expires_at);
      if (expiresAt <= now) {
        await statements.run(sql`DELETE FROM ${sql.identifier(SESSIONS)} WHERE token_hash = ${hash}`);
        return null;
      }
      if (expiresAt - now < idleTimeoutMs - refreshAfterMs) {
        await statements.run(
          sql`UPDATE ${sql.identifier(SESSIONS)} SET expires_at = ${now + idleTimeoutMs} WHERE token_hash = ${hash}`,
        );
      }
      return { userId: String(row.user_id), csrfToken: String(row.csrf_token) };
    },
    async delete(token) {
      await statements.run(sql`DELETE FROM ${sql.identifier(SESSIONS)} WHERE token_hash = ${hashOf(token)}`);
    },
  };
}

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
