/**
 * Session tokens hashed at rest, as the admin keeps its own: `hashedSessionTokens(drizzleAdapter(db, ...))`
 * stores SHA-256 of each better-auth session token in place of the token, so a copy of the
 * session table (a backup, a read replica, an SQL injection elsewhere) opens no session.
 *
 * The cookie and the bearer credential still carry the token; every lookup by token hashes it
 * first, and a row read back by token carries the token it was asked for. Rows listed without a
 * token (a user's sessions) carry the stored hash, which only ends a session: deleting by it
 * works, looking a session up by it does not, so better-auth's `revokeSession` with a token from
 * `listSessions` finds nothing (`revokeSessions`, `revokeOtherSessions` and the admin's routes work).
 */
import { createHash } from "node:crypto";
import type { drizzleAdapter } from "better-auth/adapters/drizzle";

type AdapterFactory = ReturnType<typeof drizzleAdapter>;
type Adapter = ReturnType<AdapterFactory>;
type Where = { field: string; value: unknown; operator?: string; connector?: string };

/** Stored hashes say what they are, so that deleting by one does not hash it again. */
const PREFIX = "sha256$";

export function hashSessionToken(token: string): string {
  return `${PREFIX}${createHash("sha256").update(token).digest("hex")}`;
}

const hashOf = (value: unknown, keepHashes: boolean): unknown => {
  if (Array.isArray(value)) return value.map((item) => hashOf(item, keepHashes));
  if (typeof value !== "string") return value;
  return keepHashes && value.startsWith(PREFIX) ? value : hashSessionToken(value);
};

const isSession = (model: string) => model === "session";

/** The where clauses with any token hashed; and the one token looked up, to hand back on the row. */
function hashedWhere(where: readonly Where[] | undefined, keepHashes: boolean) {
  let token: string | undefined;
  const hashed = where?.map((clause) => {
    if (clause.field !== "token") return clause;
    if (typeof clause.value === "string" && (clause.operator ?? "eq") === "eq") token = clause.value;
    return { ...clause, value: hashOf(clause.value, keepHashes) };
  });
  return { where: hashed, token };
}

function withToken<T>(row: T, token: string | undefined): T {
  if (row === null || token === undefined || typeof row !== "object") return row;
  const record = row as Record<string, unknown>;
  // A joined lookup (`findSession`) answers `{ ...session, user }` or `{ session, user }`.
  if (record.session && typeof record.session === "object")
    return { ...record, session: { ...(record.session as object), token } } as T;
  return "token" in record ? ({ ...record, token } as T) : row;
}

function wrap(adapter: Adapter): Adapter {
  const hashed: Adapter = {
    ...adapter,
    async create<T extends Record<string, unknown>, R = T>(data: Parameters<Adapter["create"]>[0]): Promise<R> {
      if (!isSession(data.model)) return adapter.create<T, R>(data as never);
      const input = data.data as Record<string, unknown>;
      const token = typeof input.token === "string" ? input.token : undefined;
      const row = await adapter.create<T, R>({ ...data, data: { ...input, token: hashOf(token, false) } as never });
      return withToken(row, token);
    },
    async findOne(data) {
      if (!isSession(data.model)) return adapter.findOne(data);
      const { where, token } = hashedWhere(data.where as Where[], false);
      return withToken(await adapter.findOne({ ...data, where: where as never }), token);
    },
    findMany(data) {
      if (!isSession(data.model)) return adapter.findMany(data);
      return adapter.findMany({ ...data, where: hashedWhere(data.where as Where[], false).where as never });
    },
    count(data) {
      if (!isSession(data.model)) return adapter.count(data);
      return adapter.count({ ...data, where: hashedWhere(data.where as Where[], false).where as never });
    },
    async update(data) {
      if (!isSession(data.model)) return adapter.update(data);
      const { where, token } = hashedWhere(data.where as Where[], false);
      const update = "token" in data.update ? { ...data.update, token: hashOf(data.update.token, false) } : data.update;
      return withToken(await adapter.update({ ...data, where: where as never, update }), token);
    },
    updateMany(data) {
      if (!isSession(data.model)) return adapter.updateMany(data);
      return adapter.updateMany({ ...data, where: hashedWhere(data.where as Where[], false).where as never });
    },
    delete(data) {
      if (!isSession(data.model)) return adapter.delete(data);
      return adapter.delete({ ...data, where: hashedWhere(data.where as Where[], true).where as never });
    },
    deleteMany(data) {
      if (!isSession(data.model)) return adapter.deleteMany(data);
      return adapter.deleteMany({ ...data, where: hashedWhere(data.where as Where[], true).where as never });
    },
  };
  if (adapter.transaction) {
    hashed.transaction = (callback) => adapter.transaction((trx) => callback(wrap(trx as Adapter)));
  }
  return hashed;
}

/** The adapter, with session tokens stored as their SHA-256 (`sha256$<hex>`). */
export function hashedSessionTokens(factory: AdapterFactory): AdapterFactory {
  return (options) => wrap(factory(options));
}
