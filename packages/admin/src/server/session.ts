/** The admin's session store: hashed tokens with their CSRF tokens and idle timeouts, in its own table. */
import { createHash, randomBytes } from "node:crypto";
import { type RequestContext, ServiceUnavailable } from "@viewsets/core";
import { sql } from "drizzle-orm";
import { PendingRevocations } from "./revocations.js";
import { SESSIONS } from "./migrations.js";
import { type AdminDatabase, backgroundContext, lazyStatements, type StatementOptions } from "./statements.js";

/** Sessions kept in the app's database by the hash of their token, expiring after a time without use. */
export interface SessionStore {
  /** A new session: the token for the cookie (never stored) and the CSRF token its writes must send. */
  create(ctx: RequestContext, userId: string): Promise<{ token: string; csrfToken: string }>;
  /** The session a token opens, its idle expiry pushed back; null when unknown, expired or ended. */
  read(ctx: RequestContext, token: string): Promise<{ userId: string; csrfToken: string } | null>;
  /**
   * Ends the session: refused from now on. True when its row is deleted; false when the database
   * could not delete it yet (an outage): this process refuses it meanwhile and deletes it once
   * the database answers again.
   */
  end(token: string): Promise<boolean>;
  /** Ends every session of a user, but the one of `exceptToken`; how many there were. */
  endAll(ctx: RequestContext, userId: string, exceptToken?: string): Promise<number>;
}

/** 256 random bits, URL-safe. */
const randomToken = () => randomBytes(32).toString("base64url");
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const table = sql.identifier(SESSIONS);

export function createSessionStore(
  db: AdminDatabase,
  options: StatementOptions & { readonly idleTimeoutMs: number },
): SessionStore {
  const statements = lazyStatements(db, options);
  const { idleTimeoutMs } = options;
  // Pushing the expiry back on every request would write on every read: once a minute is enough.
  const refreshAfterMs = Math.min(60_000, idleTimeoutMs / 2);
  const deleteHash = async (ctx: RequestContext, hash: string) => {
    await statements.run(ctx, sql`DELETE FROM ${table} WHERE token_hash = ${hash}`);
  };
  const revoked = new PendingRevocations((hash) => deleteHash(backgroundContext(), hash));

  /** A write that may fail while the database cannot write (a full disk, a lock held long): the read still answers. */
  async function bestEffort(write: Promise<unknown>): Promise<void> {
    try {
      await write;
    } catch (error) {
      if (!(error instanceof ServiceUnavailable)) throw error;
    }
  }

  return {
    async create(ctx, userId) {
      const token = randomToken();
      const csrfToken = randomToken();
      const now = Date.now();
      await statements.run(ctx, sql`DELETE FROM ${table} WHERE expires_at < ${now}`);
      await statements.run(
        ctx,
        sql`INSERT INTO ${table} (token_hash, user_id, csrf_token, created_at, expires_at)
            VALUES (${hashOf(token)}, ${userId}, ${csrfToken}, ${now}, ${now + idleTimeoutMs})`,
      );
      return { token, csrfToken };
    },

    async read(ctx, token) {
      const hash = hashOf(token);
      if (revoked.has(hash)) return null;
      const [row] = await statements.all(
        ctx,
        sql`SELECT user_id, csrf_token, expires_at FROM ${table} WHERE token_hash = ${hash}`,
      );
      if (!row) return null;
      const now = Date.now();
      const expiresAt = Number(row.expires_at);
      if (expiresAt <= now) {
        await bestEffort(deleteHash(ctx, hash));
        return null;
      }
      if (expiresAt - now < idleTimeoutMs - refreshAfterMs) {
        await bestEffort(
          statements.run(ctx, sql`UPDATE ${table} SET expires_at = ${now + idleTimeoutMs} WHERE token_hash = ${hash}`),
        );
      }
      return { userId: String(row.user_id), csrfToken: String(row.csrf_token) };
    },

    async end(token) {
      const hash = hashOf(token);
      // Refused at once, whatever the database says; forgotten once the session would have expired.
      revoked.add(hash, Date.now() + idleTimeoutMs);
      try {
        // Not the request's context: a client that leaves mid-sign-out still ends its session.
        await deleteHash(backgroundContext(), hash);
      } catch (error) {
        if (error instanceof ServiceUnavailable) return false;
        throw error;
      }
      revoked.forget(hash);
      return true;
    },

    async endAll(ctx, userId, exceptToken) {
      const except = exceptToken === undefined ? sql`` : sql` AND token_hash <> ${hashOf(exceptToken)}`;
      return statements.run(ctx, sql`DELETE FROM ${table} WHERE user_id = ${userId}${except}`);
    },
  };
}
