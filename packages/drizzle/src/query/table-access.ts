/** What a manager and its query sets share: the table, its dialect, columns, statements and runner. */
import { and, getTableName, type Column, type SQL, type Table } from "drizzle-orm";
import type { RequestContext } from "@viewsets/core";
import { DEFAULT_LOCK_WAIT_MS } from "../connection/lock-wait.js";
import { columnsOf, primaryKeyOf } from "../model/columns.js";
import type { Dialect } from "../dialects/dialect.js";
import { dialectOf } from "../dialects/registry.js";
import type { SqlTarget } from "./expressions.js";
import type { Runner } from "../connection/runner.js";
import { runStatement, type StatementTarget } from "../connection/statement-run.js";
import { databaseKey, inTransaction, runnerOf } from "../connection/transaction.js";
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
  /**
   * The model in a sentence, as messages name it ("category with this name already exists.");
   * by default the singular of the table's name in words. `modelViewSet` passes its model's.
   */
  verboseName?: string;
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
  /** What `runStatement` needs to know of the database. */
  private readonly statementTarget: StatementTarget;

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
      table,
      searchIndex: sqliteSearchIndex(table, options.searchIndex),
    };
    this.statementCache = new StatementCache(this.dialect);
    this.statementTarget = {
      key: this.databaseKey,
      dialect: this.dialect.name,
      lockWaitMs: options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS,
    };
  }

  /** The database, or the transaction the current flow opened on it (see `atomic`). */
  get db(): Runner {
    return runnerOf(this.database, this.databaseKey);
  }

  /** Whether this flow's statements run in a transaction. */
  get inTransaction(): boolean {
    return inTransaction(this.databaseKey);
  }

  /** Prepared statements by shape, but not in a transaction where the dialect cannot (`preparesInTransaction`). */
  get statements(): Statements {
    if (this.dialect.preparesInTransaction || !this.inTransaction) return this.statementCache;
    return UNCACHED;
  }

  /**
   * Runs one statement for a request (`runStatement`): on SQLite it waits out another
   * connection's lock without blocking the event loop; on PostgreSQL the pool of
   * `@viewsets/drizzle/pg` cancels it when the request is aborted. An outage (unreachable,
   * timeout, busy, disk full) becomes a 503 `ServiceUnavailable`. It may answer synchronously,
   * or throw: call it from an async function.
   */
  run<R>(ctx: RequestContext, kind: "read" | "write", statement: () => R | PromiseLike<R>): R | Promise<R> {
    return runStatement(this.statementTarget, ctx, kind, statement);
  }

  /** The scope's condition for this request, with the others. */
  where(ctx: RequestContext, conditions: readonly SQL[]): SQL | undefined {
    const scope = this.options.scope?.(this.table, ctx);
    const all = scope ? [scope, ...conditions] : conditions;
    return all.length === 0 ? undefined : all.length === 1 ? all[0] : and(...all);
  }
}
