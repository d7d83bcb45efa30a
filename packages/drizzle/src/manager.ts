import { and, eq, getTableName, sql, type Column, type SQL, type Table } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTable } from "drizzle-orm/pg-core";
import type { BaseSQLiteDatabase, SQLiteTable } from "drizzle-orm/sqlite-core";
import { NotFound, type Expression, type Manager, type PipelineManager, type QuerySet, type RequestContext } from "@viewsets/core";
import { columnsOf, dialectOf, foreignKeysOf, isWritableColumn, primaryKeyOf, type Dialect } from "./columns.js";
import { mapDatabaseError } from "./errors.js";
import { expressionSql, orderingSql, type SqlTarget } from "./expressions.js";
import { lowerFunctionFor } from "./unicode-lower.js";
import { rangePosition } from "./values.js";

/** A drizzle SQLite database (better-sqlite3, libsql, ...). */
export type SQLiteDatabase = BaseSQLiteDatabase<"sync" | "async", unknown, Record<string, unknown>>;
/** A drizzle PostgreSQL database (node-postgres, postgres.js, ...). */
export type PostgresDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

export interface ManagerOptions<T extends Table> {
  /**
   * Narrows every operation (list, count, get, update, delete) to the rows this condition keeps;
   * a row outside is absent from lists and 404 by id. Called per query, with the request context.
   * `scope: (t) => eq(t.archived, false)`, or `(t, ctx) => eq(t.ownerId, userOf(ctx).id)`.
   */
  scope?: (table: T, ctx: RequestContext) => SQL | undefined;
}

type Row<T extends Table> = T["$inferSelect"];
type Insert<T extends Table> = T["$inferInsert"];

/**
 * The subset of a drizzle database the manager runs: one loose shape over both dialects, each
 * driver's typed builders meeting here (better-sqlite3 runs synchronously; awaiting works).
 */
interface Runner {
  select(fields?: Record<string, unknown>): {
    from(table: Table): Thenable<Record<string, unknown>[]> & {
      where(where: SQL | undefined): SelectQuery;
    };
  };
  insert(table: Table): { values(values: Record<string, unknown>): { returning(): Thenable<Record<string, unknown>[]> } };
  update(table: Table): {
    set(values: Record<string, unknown>): { where(where: SQL | undefined): { returning(): Thenable<Record<string, unknown>[]> } };
  };
  delete(table: Table): { where(where: SQL | undefined): Thenable<unknown> };
}
type Thenable<T> = PromiseLike<T>;
interface SelectQuery extends Thenable<Record<string, unknown>[]> {
  orderBy(...terms: SQL[]): SelectQuery;
  limit(n: number): SelectQuery;
  offset(n: number): SelectQuery;
  /** SQLite: `prepare()`; PostgreSQL: `prepare(name)`. */
  prepare(name?: string): PreparedSelect;
}
/** A prepared select: `all` on SQLite, `execute` on PostgreSQL. */
interface PreparedSelect {
  all?(values: Record<string, unknown>): Thenable<Record<string, unknown>[]> | Record<string, unknown>[];
  execute?(values: Record<string, unknown>): Thenable<Record<string, unknown>[]>;
}

interface QueryState {
  readonly where: readonly SQL[];
  readonly ordering: readonly SQL[];
  readonly offset: number;
  readonly limit: number | undefined;
}

/** What a manager and its query sets share. */
class TableAccess<T extends Table> {
  readonly dialect: Dialect;
  readonly columns: Record<string, Column>;
  readonly primaryKey: string;
  readonly target: SqlTarget;

  constructor(
    readonly db: Runner,
    readonly table: T,
    readonly options: ManagerOptions<T>,
    lowerFunction: string,
  ) {
    this.dialect = dialectOf(table);
    this.columns = columnsOf(table);
    this.primaryKey = primaryKeyOf(table);
    this.target = { dialect: this.dialect, columns: this.columns, lowerFunction, tableName: getTableName(table) };
  }

  /** The scope's condition for this request, with the others. */
  where(ctx: RequestContext, conditions: readonly SQL[]): SQL | undefined {
    const scope = this.options.scope?.(this.table, ctx);
    const all = scope ? [scope, ...conditions] : conditions;
    return all.length === 0 ? undefined : all.length === 1 ? all[0] : and(...all);
  }
}

function checkAborted(ctx: RequestContext): void {
  ctx.signal?.throwIfAborted();
}

/** An immutable query: each step returns a new query set; nothing runs until count or all. */
export class DrizzleQuerySet<T extends Table> implements QuerySet<Row<T>> {
  constructor(
    private readonly access: TableAccess<T>,
    private readonly state: QueryState = { where: [], ordering: [], offset: 0, limit: undefined },
  ) {}

  /** Rows matching the filters, ignoring offset and limit (as the core's in-memory query set). */
  async count(ctx: RequestContext): Promise<number> {
    checkAborted(ctx);
    const rows = await this.access.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(this.access.table)
      .where(this.access.where(ctx, this.state.where));
    return Number(rows[0]?.count ?? 0);
  }

  async all(ctx: RequestContext): Promise<Row<T>[]> {
    checkAborted(ctx);
    let query = this.access.db.select().from(this.access.table).where(this.access.where(ctx, this.state.where));
    if (this.state.ordering.length > 0) query = query.orderBy(...this.state.ordering);
    // SQLite accepts OFFSET only after a LIMIT.
    if (this.state.limit !== undefined) query = query.limit(this.state.limit);
    else if (this.state.offset > 0 && this.access.dialect === "sqlite") query = query.limit(Number.MAX_SAFE_INTEGER);
    if (this.state.offset > 0) query = query.offset(this.state.offset);
    return (await query) as Row<T>[];
  }

  /** Narrows by an expression; an unknown field name throws here, before any SQL is built. */
  filter(expression: Expression): DrizzleQuerySet<T> {
    return this.with({ where: [...this.state.where, expressionSql(this.access.target, expression)] });
  }

  /** Drizzle SQL for conditions the core's expressions cannot say. */
  where(condition: SQL): DrizzleQuerySet<T> {
    return this.with({ where: [...this.state.where, condition] });
  }

  /** Replaces the order: `orderBy("-price", "id")`. */
  orderBy(...terms: string[]): DrizzleQuerySet<T> {
    return this.with({ ordering: orderingSql(this.access.target, terms) });
  }

  offset(n: number): DrizzleQuerySet<T> {
    return this.with({ offset: Math.max(0, Math.trunc(n)) });
  }

  limit(n: number): DrizzleQuerySet<T> {
    return this.with({ limit: Math.max(0, Math.trunc(n)) });
  }

  private with(change: Partial<QueryState>): DrizzleQuerySet<T> {
    return new DrizzleQuerySet(this.access, { ...this.state, ...change });
  }
}

// PostgreSQL names each prepared statement on its connection: one name per manager.
let preparedStatements = 0;

// The values each row had when a manager returned it, so that `update` writes only the fields a
// request changed. Shared by all managers: a viewset may build a new manager per request.
const loaded = new WeakMap<object, Map<string, unknown>>();

/** A comparable form of a value, to see which fields an update changed. */
function fingerprint(value: unknown): unknown {
  if (value instanceof Date) return `date:${value.getTime()}`;
  if (typeof value === "bigint") return `bigint:${value}`;
  if (value !== null && typeof value === "object") return `json:${JSON.stringify(value)}`;
  return value;
}

/**
 * The `<Model>Objects` manager of a drizzle table: count, all, get, create, update, delete, and
 * the list pipeline (filter, orderBy, offset, limit, querySet). Works on SQLite and PostgreSQL.
 */
export class DrizzleManager<T extends Table> implements Manager<Row<T>, Insert<T>>, PipelineManager<Row<T>> {
  private readonly access: TableAccess<T>;

  constructor(db: SQLiteDatabase | PostgresDatabase, table: T, options: ManagerOptions<T> = {}) {
    const dialect = dialectOf(table);
    this.access = new TableAccess(db as unknown as Runner, table, options, lowerFunctionFor(db, dialect));
  }

  get table(): T {
    return this.access.table;
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

  limit(n: number): DrizzleQuerySet<T> {
    return this.querySet().limit(n);
  }

  count(ctx: RequestContext): Promise<number> {
    return this.querySet().count(ctx);
  }

  all(ctx: RequestContext): Promise<Row<T>[]> {
    return this.querySet().all(ctx);
  }

  /** The row with this primary key, or null (also for an id outside the column's range). */
  async get(ctx: RequestContext, id: number | bigint): Promise<Row<T> | null> {
    checkAborted(ctx);
    const value = this.primaryKeyValue(id);
    if (value === undefined) return null;
    // Without a scope the query never changes: prepare it once instead of building it per call.
    const rows = this.access.options.scope
      ? await this.access.db
          .select()
          .from(this.access.table)
          .where(this.access.where(ctx, [eq(this.primaryKeyColumn, value)]))
          .limit(1)
      : await this.runPreparedGet(value);
    const row = rows[0];
    if (!row) return null;
    this.remember(row);
    return row as Row<T>;
  }

  /** Inserts a row and returns it as stored (with its id and database defaults). */
  async create(ctx: RequestContext, obj: Insert<T>): Promise<Row<T>> {
    checkAborted(ctx);
    const values = this.columnValues(obj as Record<string, unknown>, () => true);
    try {
      const rows = await this.access.db.insert(this.access.table).values(values).returning();
      this.remember(rows[0]!);
      return rows[0] as Row<T>;
    } catch (error) {
      throw await this.mapError(error, "create", values);
    }
  }

  /**
   * Saves the object `get` returned, changed in place: only the fields that changed are written
   * (all writable fields for an object that did not come from `get`). Returns the stored row.
   */
  async update(ctx: RequestContext, obj: Row<T>): Promise<Row<T>> {
    checkAborted(ctx);
    const record = obj as Record<string, unknown>;
    const condition = this.primaryKeyIs(record[this.access.primaryKey] as number | bigint);
    if (!condition) throw new NotFound();
    const before = loaded.get(obj as object);
    const values = this.columnValues(
      record,
      (key, column) =>
        key !== this.access.primaryKey &&
        column.onUpdateFn === undefined &&
        (!before || before.get(key) !== fingerprint(record[key])),
    );
    // Nothing changed: still write (a column to itself), so `$onUpdate` columns are refreshed.
    const set = Object.keys(values).length > 0 ? values : this.selfAssignment();
    try {
      const rows = await this.access.db
        .update(this.access.table)
        .set(set)
        .where(this.access.where(ctx, [condition]))
        .returning();
      const row = rows[0];
      if (!row) throw new NotFound();
      this.remember(row);
      return row as Row<T>;
    } catch (error) {
      throw await this.mapError(error, "update", values);
    }
  }

  async delete(ctx: RequestContext, obj: Row<T>): Promise<void> {
    checkAborted(ctx);
    const condition = this.primaryKeyIs((obj as Record<string, unknown>)[this.access.primaryKey] as number | bigint);
    if (!condition) return;
    try {
      await this.access.db.delete(this.access.table).where(this.access.where(ctx, [condition]));
    } catch (error) {
      throw await this.mapError(error, "delete", {});
    }
  }

  private get primaryKeyColumn(): Column {
    return this.access.columns[this.access.primaryKey]!;
  }

  /** The value to bind for an id, or undefined when no row can have it (outside the column's range). */
  private primaryKeyValue(id: number | bigint | string): unknown {
    const column = this.primaryKeyColumn;
    if (typeof id === "string") return id;
    if (typeof id === "number" && !Number.isInteger(id)) return undefined;
    if (rangePosition(column, id) !== 0) return undefined;
    if (column.dataType === "bigint") return BigInt(id);
    if (column.dataType === "number" && typeof id === "bigint" && Number.isSafeInteger(Number(id))) return Number(id);
    // A bigint past 2^53 on a number column: the driver binds it exactly.
    return id;
  }

  private primaryKeyIs(id: number | bigint | string): SQL | undefined {
    const value = this.primaryKeyValue(id);
    return value === undefined ? undefined : eq(this.primaryKeyColumn, value);
  }

  private preparedGet: PreparedSelect | undefined;

  private async runPreparedGet(value: unknown): Promise<Record<string, unknown>[]> {
    if (!this.preparedGet) {
      const query = this.access.db
        .select()
        .from(this.access.table)
        .where(eq(this.primaryKeyColumn, sql.placeholder("id")))
        .limit(1);
      this.preparedGet =
        this.access.dialect === "sqlite" ? query.prepare() : query.prepare(`viewsets_get_${++preparedStatements}`);
    }
    const prepared = this.preparedGet;
    // PostgreSQL's prepared queries have an `all` too, but only `execute` maps the columns.
    return this.access.dialect === "sqlite" ? await prepared.all!({ id: value }) : await prepared.execute!({ id: value });
  }

  private columnValues(obj: Record<string, unknown>, include: (key: string, column: Column) => boolean): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(this.access.columns)) {
      if (!(key in obj) || obj[key] === undefined || !isWritableColumn(column)) continue;
      if (include(key, column)) values[key] = obj[key];
    }
    return values;
  }

  private selfAssignment(): Record<string, unknown> {
    const [key, column] = Object.entries(this.access.columns).find(([, c]) => isWritableColumn(c))!;
    return { [key]: sql`${column}` };
  }

  private remember(row: Record<string, unknown>): void {
    loaded.set(row, new Map(Object.entries(row).map(([key, value]) => [key, fingerprint(value)])));
  }

  private mapError(error: unknown, operation: "create" | "update" | "delete", values: Record<string, unknown>): Promise<unknown> {
    return mapDatabaseError(error, {
      dialect: this.access.dialect,
      columns: this.access.columns,
      operation,
      missingReferences: () => this.missingReferences(values),
    });
  }

  /** The foreign-key fields among `values` whose referenced row does not exist. */
  private async missingReferences(values: Record<string, unknown>): Promise<string[]> {
    const missing: string[] = [];
    for (const [key, reference] of foreignKeysOf(this.access.table)) {
      const value = values[key];
      if (value === undefined || value === null) continue;
      const rows = await this.access.db
        .select({ one: sql`1` })
        .from(reference.target)
        .where(eq(reference.column, value))
        .limit(1);
      if (rows.length === 0) missing.push(key);
    }
    return missing;
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
export function createManager<T extends PgTable>(db: PostgresDatabase, table: T, options?: ManagerOptions<T>): DrizzleManager<T>;
export function createManager<T extends Table>(db: SQLiteDatabase | PostgresDatabase, table: T, options: ManagerOptions<T> = {}): DrizzleManager<T> {
  return new DrizzleManager(db, table, options);
}
