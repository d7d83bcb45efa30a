import { and, getTableName, type Column, type SQL, type Table } from "drizzle-orm";
import type { RequestContext } from "@viewsets/core";
import { DEFAULT_LOCK_WAIT_MS, whileLocked } from "./lock-wait.js";
import { outageOf, serviceUnavailable } from "./outages.js";
import { inQueryScope } from "./query-scope.js";
import { columnsOf, primaryKeyOf } from "./columns.js";
import { dialectOf, type Dialect } from "./dialects/dialect.js";
import type { SqlTarget } from "./expressions.js";
import type { Runner } from "./runner.js";
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

/** What a manager and its query sets share. */
export class TableAccess<T extends Table> {
  readonly dialect: Dialect;
  readonly columns: Record<string, Column>;
  readonly primaryKey: string;
  readonly target: SqlTarget;
  /** Prepared lists, counts and scoped gets, by shape. */
  readonly statements: StatementCache;

  constructor(
    readonly db: Runner,
    readonly table: T,
    readonly options: ManagerOptions<T>,
  ) {
    this.dialect = dialectOf(table);
    const lowerFunction = this.dialect.lowerFunction(db);
    this.columns = columnsOf(table);
    this.primaryKey = primaryKeyOf(table);
    this.target = {
      dialect: this.dialect,
      columns: this.columns,
      lowerFunction,
      tableName: getTableName(table),
      searchIndex: sqliteSearchIndex(table, options.searchIndex),
    };
    this.statements = new StatementCache(this.dialect);
  }

  /**
   * Runs one statement for a request. On SQLite it waits out another connection's lock without
   * blocking the event loop; on PostgreSQL the pool of `@viewsets/drizzle/pg` cancels it when the
   * request is aborted. An outage (unreachable, timeout, busy, disk full) becomes a 503
   * `ServiceUnavailable`; once the request is aborted, any failure is the signal's reason.
   */
  async run<R>(ctx: RequestContext, kind: "read" | "write", statement: () => PromiseLike<R>): Promise<R> {
    const signal = ctx.signal ?? neverAborted;
    signal.throwIfAborted();
    try {
      if (this.dialect.name === "pg") return await inQueryScope({ signal }, statement);
      const connection = (this.db as { $client?: object }).$client ?? this.db;
      return await whileLocked(connection, kind, signal, this.options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS, statement);
    } catch (error) {
      throw failureOf(error, signal);
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
  ctx.signal?.throwIfAborted();
}

/** What a failed statement means for the request: its abort, a 503 for an outage, or the error. */
export function failureOf(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  const outage = outageOf(error);
  return outage ? serviceUnavailable(outage) : error;
}
