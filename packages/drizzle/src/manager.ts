/** The drizzle manager: a table's query sets and row writes as the core's `Manager`. */
import type { Table } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Expression, Manager, PipelineManager, RequestContext } from "@viewsets/core";
import type { ValueCount } from "@viewsets/core/internals";
import { DrizzleQuerySet } from "./query/query-set.js";
import { RowStatements } from "./writes/row-statements.js";
import type { PostgresDatabase, Runner, SQLiteDatabase } from "./connection/runner.js";
import { failureOf } from "./connection/statement-run.js";
import { TableAccess, type ManagerOptions } from "./query/table-access.js";
import { atomic } from "./connection/transaction.js";

type Row<T extends Table> = T["$inferSelect"];
type Insert<T extends Table> = T["$inferInsert"];

/**
 * The `<Model>Objects` manager of a drizzle table: count, all, get, create, update, delete, and
 * the list pipeline (filter, orderBy, offset, limit, only, querySet). Works on SQLite and PostgreSQL.
 */
export class DrizzleManager<T extends Table> implements Manager<Row<T>, Insert<T>>, PipelineManager<Row<T>> {
  private readonly access: TableAccess<T>;
  private readonly rows: RowStatements<T>;
  private readonly database: SQLiteDatabase | PostgresDatabase;

  constructor(db: SQLiteDatabase | PostgresDatabase, table: T, options: ManagerOptions<T> = {}) {
    this.database = db;
    this.access = new TableAccess(db as unknown as Runner, table, options);
    this.rows = new RowStatements(this.access);
  }

  get table(): T {
    return this.access.table;
  }

  /** Whether a scope hides rows of the table: a foreign key to it is then checked through this manager. */
  get scoped(): boolean {
    return this.access.options.scope !== undefined;
  }

  /** The query set every list starts from (already scoped). */
  querySet(): DrizzleQuerySet<T> {
    return new DrizzleQuerySet(this.access);
  }

  filter(expression: Expression): DrizzleQuerySet<T> {
    return this.querySet().filter(expression);
  }

  orderBy(...terms: string[]): DrizzleQuerySet<T> {
    return this.querySet().orderBy(...terms);
  }

  offset(n: number): DrizzleQuerySet<T> {
    return this.querySet().offset(n);
  }

  only(fields: readonly string[]): DrizzleQuerySet<T> {
    return this.querySet().only(fields);
  }

  limit(n: number): DrizzleQuerySet<T> {
    return this.querySet().limit(n);
  }

  count(ctx: RequestContext): Promise<number> {
    return this.querySet().count(ctx);
  }

  countBy(ctx: RequestContext, field: string, limit?: number): Promise<ValueCount[]> {
    return this.querySet().countBy(ctx, field, limit);
  }

  countUpTo(ctx: RequestContext, cap: number): Promise<number> {
    return this.querySet().countUpTo(ctx, cap);
  }

  aggregate(ctx: RequestContext, field: string): Promise<{ min: unknown; max: unknown }> {
    return this.querySet().aggregate(ctx, field);
  }

  all(ctx: RequestContext): Promise<Row<T>[]> {
    return this.querySet().all(ctx);
  }

  /** The row with this primary key, or null (also for an id outside the column's range). */
  get(ctx: RequestContext, id: number | bigint): Promise<Row<T> | null> {
    return this.rows.get(ctx, id);
  }

  /** Inserts a row and returns it as stored (with its id and database defaults). */
  create(ctx: RequestContext, obj: Insert<T>): Promise<Row<T>> {
    return this.rows.create(ctx, obj);
  }

  /**
   * Saves the object `get` returned, changed in place: only the fields that changed are written
   * (all writable fields for an object that did not come from `get`). Returns the stored row.
   */
  update(ctx: RequestContext, obj: Row<T>): Promise<Row<T>> {
    return this.rows.update(ctx, obj);
  }

  delete(ctx: RequestContext, obj: Row<T>): Promise<void> {
    return this.rows.delete(ctx, obj);
  }

  /**
   * Runs `run` in one transaction of the manager's database, rolled back when it throws: what a
   * viewset's `atomic` option and bulk create call. Every manager over the same database joins it.
   */
  atomic<R>(ctx: RequestContext, run: () => Promise<R>): Promise<R> {
    // A failed BEGIN or COMMIT (the database unreachable, busy, out of space) is an outage's 503,
    // as a failed statement inside is: nothing of the transaction was stored.
    return atomic(this.database, () => run()).catch((error: unknown) => {
      throw failureOf(error, ctx);
    });
  }
}

/**
 * The `<Model>Objects` manager of a table: `createManager(db, products)`, with an optional scope.
 * `db` is a drizzle database of the table's dialect (better-sqlite3, node-postgres, ...).
 */
export function createManager<T extends SQLiteTable>(
  db: SQLiteDatabase,
  // A PostgreSQL table is structurally a SQLite table too: rule it out here.
  table: T extends PgTable ? never : T,
  options?: ManagerOptions<T>,
): DrizzleManager<T>;
export function createManager<T extends PgTable>(
  db: PostgresDatabase,
  table: T,
  options?: ManagerOptions<T>,
): DrizzleManager<T>;
export function createManager<T extends Table>(
  db: SQLiteDatabase | PostgresDatabase,
  table: T,
  options: ManagerOptions<T> = {},
): DrizzleManager<T> {
  return new DrizzleManager(db, table, options);
}
