import { and, getTableName, type Column, type SQL, type Table } from "drizzle-orm";
import { isAborted, type RequestContext } from "@viewsets/core";
import { DEFAULT_LOCK_WAIT_MS, isKnownLocked, whileLocked } from "./lock-wait.js";
import { isSqliteBusy, outageOf, serviceUnavailable } from "./outages.js";
import { inQueryScope, type QueryScope } from "./query-scope.js";
import { columnsOf, primaryKeyOf } from "./columns.js";
import { dialectOf, type Dialect } from "./dialects/dialect.js";
import type { SqlTarget } from "./expressions.js";
import { isThenable, type Runner } from "./runner.js";
import { databaseKey, enterOutside, inTransaction, runnerOf } from "./transaction.js";
import { sqliteSearchIndex, type SearchIndex } from "./search-index.js";
import { StatementCache } from "./statement-cache.js";

export interface ManagerOptions<T extends Table> {
  /**
   * Narrows every operation (list, count, get, update, delete) to the rows this condition keeps;
   * a row outside is absent from lists and 404 by id. Called per query, with the request context.
   * `scope: (t) => eq(t.archived, false)`, or `(t, ctx) => eq(t.ownerId, userOf(ctx).id)`.
   */
  scope?: (table: T, ctx: RequestContext) => SQL | undefined;
  /**
   * A trigram index over text fields (created with `trigramIndexSql`): on SQLite, `icontains` on
   * those fields and `?search=` ask it instead of scanning the table. On PostgreSQL the planner
   * finds its GIN indexes by itself and this changes nothing.
   */
  searchIndex?: SearchIndex<keyof T["$inferSelect"] & string>;
  /**
   * SQLite: how long (ms) a statement waits for a lock another connection or process holds
   * before the request answers 503; other requests are served meanwhile. Default 2000.
   */
  lockWaitMs?: number;
}

const neverAborted = new AbortController().signal;

/**
 * The scope of a request's PostgreSQL statement. Its signal is read only by a pool that cancels
 * on abort (`createPgPool`'s): any other pool (a plain `pg.Pool`) never asks, so the request
 * makes no AbortController (~3.5 µs, and it outlives young-generation collections on Node 20:
 * BENCHMARKS.md, finding 7). A class, not a literal with a getter (V8's slow path for those).
 */
class RequestQueryScope implements QueryScope {
  constructor(private readonly ctx: RequestContext) {}

  get signal(): AbortSignal {
    return this.ctx.signal ?? neverAborted;
  }
}

/** Prepared statements by shape, or none (see `TableAccess.statements`). */
export type Statements = Pick<StatementCache, "select" | "prepared">;

/** A statement cache that caches nothing: the query as drizzle builds it, on the flow's runner. */
const UNCACHED: Statements = {
  select: (_kind, where, build, bindings = {}) => build(where, bindings.limit, bindings.offset),
  prepared: () => undefined,
};

/** What a manager and its query sets share. */
export class TableAccess<T extends Table> {
  readonly dialect: Dialect;
  readonly columns: Record<string, Column>;
  readonly primaryKey: string;
  readonly target: SqlTarget;
  /** Prepared lists, counts, scoped gets, inserts and updates, by shape. */
  private readonly statementCache: StatementCache;
  /** The database's identity, under which a flow's open transaction is found. */
  readonly databaseKey: object;

  constructor(
    private readonly database: Runner,
    readonly table: T,
    readonly options: ManagerOptions<T>,
  ) {
    this.databaseKey = databaseKey(database);
    this.dialect = dialectOf(table);
    const lowerFunction = this.dialect.lowerFunction(database);
    this.columns = columnsOf(table);
    this.primaryKey = primaryKeyOf(table);
    this.target = {
      dialect: this.dialect,
      columns: this.columns,
      lowerFunction,
      tableName: getTableName(table),
      searchIndex: sqliteSearchIndex(table, options.searchIndex),
    };
    this.statementCache = new StatementCache(this.dialect);
  }

  /** The database, or the transaction the current flow opened on it (see `atomic`). */
  get db(): Runner {
    return runnerOf(this.database, this.databaseKey);
  }

  /** Whether this flow's statements run in a transaction. */
  get inTransaction(): boolean {
    return inTransaction(this.databaseKey);
  }

  /**
   * Prepared statements by shape, but not in a PostgreSQL transaction: a statement prepared
   * through the pool would run on another client than the transaction's, and one prepared
   * through the transaction would outlive its client. SQLite has one connection either way.
   */
  get statements(): Statements {
    if (this.dialect.name !== "pg" || !this.inTransaction) return this.statementCache;
    return UNCACHED;
  }

  /**
   * Runs one statement for a request. On SQLite it waits out another connection's lock without
   * blocking the event loop; on PostgreSQL the pool of `@viewsets/drizzle/pg` cancels it when the
   * request is aborted. An outage (unreachable, timeout, busy, disk full) becomes a 503
   * `ServiceUnavailable`; once the request is aborted, any failure is the signal's reason.
   *
   * When nothing has to wait (no transaction holds the connection, no lock is known) a statement
   * that answers synchronously (better-sqlite3's) is answered synchronously: the caller awaits
   * one promise instead of three nested ones. So it may also throw instead of rejecting: call it
   * from an async function.
   */
  run<R>(ctx: RequestContext, kind: "read" | "write", statement: () => R | PromiseLike<R>): R | Promise<R> {
    // The signal itself is read only where something waits on it: the Node adapters make it then.
    checkAborted(ctx);
    if (this.dialect.name === "pg") return this.runPg(ctx, statement);
    // Outside this flow's transaction, a statement waits while another request's transaction
    // holds the (one, synchronous) connection, and that transaction waits for it to finish.
    const entry = enterOutside(this.databaseKey);
    if (entry instanceof Promise || isKnownLocked(this.databaseKey, kind))
      return this.runWaiting(ctx, kind, statement, entry);
    let result: R | PromiseLike<R>;
    try {
      result = statement();
    } catch (error) {
      // Locked by another connection: nothing was written, so waiting and trying again is safe.
      if (isSqliteBusy(error)) return this.runWaiting(ctx, kind, statement, entry, undefined, error);
      entry?.();
      throw failureOf(error, ctx);
    }
    if (isThenable(result)) return this.runWaiting(ctx, kind, statement, entry, result);
    entry?.();
    return result;
  }

  /** Not an async function: the statement's promise is followed with one step, not an await and the function's own promise. */
  private runPg<R>(ctx: RequestContext, statement: () => R | PromiseLike<R>): Promise<R> {
    return inQueryScope(new RequestQueryScope(ctx), statement).catch((error: unknown) => {
      throw failureOf(error, ctx);
    });
  }

  /**
   * A SQLite statement that has to wait: for the connection (`entry` a promise), for another
   * connection's lock, or for its own driver (`pending`, the answer of its first try). The
   * connection is counted as in use until it is done.
   */
  private async runWaiting<R>(
    ctx: RequestContext,
    kind: "read" | "write",
    statement: () => R | PromiseLike<R>,
    entry: ReturnType<typeof enterOutside>,
    pending?: PromiseLike<R>,
    /** The error of the try the caller made: the next comes after a sleep, not at once. */
    busy?: unknown,
  ): Promise<R> {
    let leave: (() => void) | undefined;
    try {
      leave = entry instanceof Promise ? await entry : entry;
      if (pending) {
        try {
          return await pending;
        } catch (error) {
          if (!isSqliteBusy(error)) throw error;
          busy = error;
        }
      }
      const waitMs = this.options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
      return await whileLocked(this.databaseKey, kind, ctx, waitMs, statement, busy);
    } catch (error) {
      throw failureOf(error, ctx);
    } finally {
      leave?.();
    }
  }

  /** The scope's condition for this request, with the others. */
  where(ctx: RequestContext, conditions: readonly SQL[]): SQL | undefined {
    const scope = this.options.scope?.(this.table, ctx);
    const all = scope ? [scope, ...conditions] : conditions;
    return all.length === 0 ? undefined : all.length === 1 ? all[0] : and(...all);
  }
}

export function checkAborted(ctx: RequestContext): void {
  if (isAborted(ctx)) ctx.signal.throwIfAborted();
}

/** What a failed statement means for the request: its abort, a 503 for an outage, or the error. */
export function failureOf(error: unknown, ctx: RequestContext): unknown {
  if (isAborted(ctx)) return ctx.signal.reason;
  const outage = outageOf(error);
  return outage ? serviceUnavailable(outage) : error;
}
