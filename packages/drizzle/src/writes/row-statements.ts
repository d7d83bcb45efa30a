/** A manager's row statements: get, create, update and delete, prepared by shape. */
import { eq, getTableName, sql, type Column, type SQL, type Table } from "drizzle-orm";
import { NotFound, type RequestContext } from "@viewsets/core";
import { settledWith, singularIdentifier, wordsOf } from "@viewsets/core/internals";
import { foreignKeysOf, isWritableColumn } from "../model/columns.js";
import { mapDatabaseError } from "./errors.js";
import { changedFieldsOf, rememberRow } from "./row-snapshots.js";
import { isThenable, type Rows, type Run } from "../connection/runner.js";
import { checkAborted } from "../connection/statement-run.js";
import type { TableAccess } from "../query/table-access.js";
import { parameterized, placeholderValues, shapeOf } from "../query/sql-shape.js";
import { rangePosition } from "../model/values.js";
import { columnEntries, insertShape, updateShape } from "./write-shape.js";

type Row<T extends Table> = T["$inferSelect"];

// PostgreSQL names prepared statements per connection: one number per manager's get.
let preparedGets = 0;
type Insert<T extends Table> = T["$inferInsert"];

/** The row a lookup by primary key found (noted for `update`), or null. */
function firstRow<R>(rows: Rows): R | null {
  const row = rows[0];
  if (!row) return null;
  rememberRow(row);
  return row as R;
}

/** The row a write returned, noted for a later `update`. */
function storedRow<R>(rows: Rows): R {
  rememberRow(rows[0]!);
  return rows[0] as R;
}

/**
 * The row a lookup found for a request that only reads (`ctx.readsOnly`), not noted: the note
 * costs a copy of the row, and a hidden field that makes every later copy of it (the
 * serializer's) take V8's slow path, ~5,000 machine instructions of a ~75,000 retrieve.
 */
function rowOnly<R>(rows: Rows): R | null {
  return (rows[0] as R | undefined) ?? null;
}

/** The statements on one row by its primary key: get, create, update, delete. */
export class RowStatements<T extends Table> {
  constructor(private readonly access: TableAccess<T>) {}

  /**
   * Not an async function: on SQLite the row is there at once, and the answer is a promise already
   * settled, with no step of its own for the caller to wait through. Errors still reject.
   */
  get(ctx: RequestContext, id: number | bigint): Promise<Row<T> | null> {
    try {
      checkAborted(ctx);
      const value = this.primaryKeyValue(id);
      if (value === undefined) return Promise.resolve(null);
      // Without a scope the query never changes: prepare it once instead of building it per call.
      // With one, the scope's condition may differ per request: a statement per shape.
      // In a transaction, the statement of the transaction's own client (see `statements`).
      // No LIMIT: the primary key matches one row at most, and on SQLite a bound `LIMIT ?` makes
      // this lookup cost three times as much (~13 µs more on the shop's table).
      const found = this.access.run(ctx, "read", () =>
        this.access.options.scope || this.access.inTransaction
          ? this.access.statements.select(
              this.locks(ctx) ? "get-for-update" : "get",
              this.access.where(ctx, [eq(this.primaryKeyColumn, value)]),
              (where) => {
                const query = this.access.db.select().from(this.access.table).where(where);
                return this.locks(ctx) ? this.access.dialect.lockedForUpdate(query) : query;
              },
            )
          : this.runPreparedGet(value),
      );
      const row = ctx.readsOnly === true ? rowOnly<Row<T>> : firstRow<Row<T>>;
      // better-sqlite3's rows come back synchronously: a promise that says it is settled, so the
      // viewset's retrieve need not wait a turn for it (see `settledWith`).
      return found instanceof Promise ? found.then(row) : settledWith(row(found));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Whether a lookup locks its row: for a write (`ctx.forUpdate`) inside a transaction, so that the
   * row the write checked (`If-Match`) is the row it changes. Outside one, a lock would end with
   * its own statement.
   */
  private locks(ctx: RequestContext): boolean {
    return ctx.forUpdate === true && this.access.inTransaction;
  }

  /**
   * Not an async function, as `get`: on SQLite the stored row is there at once, and the answer is
   * a settled promise the viewset's create takes without waiting a turn. Errors still reject.
   */
  create(ctx: RequestContext, obj: Insert<T>): Promise<Row<T>> {
    const record = obj as Record<string, unknown>;
    try {
      const rows = this.access.run(ctx, "write", () => this.insert(record));
      if (isThenable(rows)) {
        return Promise.resolve(rows).then(storedRow<Row<T>>, (error: unknown) =>
          this.failed(error, "create", this.insertedValues(record)),
        );
      }
      return settledWith(storedRow<Row<T>>(rows));
    } catch (error) {
      return this.failed(error, "create", this.insertedValues(record));
    }
  }

  /** The columns a create writes from `obj`, by field: what a failed insert's error is read against. */
  private insertedValues(obj: Record<string, unknown>): Record<string, unknown> {
    return this.columnValues(obj, () => true);
  }

  /** The write's error as the API says it (a 400 naming the field, a 409, a 503, ...), rejected. */
  private async failed(
    error: unknown,
    operation: "create" | "update" | "delete",
    values: Record<string, unknown>,
  ): Promise<never> {
    throw await this.mapError(error, operation, values);
  }

  async update(ctx: RequestContext, obj: Row<T>): Promise<Row<T>> {
    const record = obj as Record<string, unknown>;
    const condition = this.primaryKeyIs(record[this.access.primaryKey] as number | bigint);
    if (!condition) throw new NotFound();
    const changed = changedFieldsOf(record);
    const values = this.columnValues(
      record,
      (key, column) => key !== this.access.primaryKey && column.onUpdateFn === undefined && changed(key),
    );
    // Nothing changed: still write (a column to itself), so `$onUpdate` columns are refreshed.
    const set = Object.keys(values).length > 0 ? values : this.selfAssignment();
    try {
      const rows = await this.access.run(ctx, "write", () => this.updateOne(set, this.access.where(ctx, [condition])));
      const row = rows[0];
      if (!row) throw new NotFound();
      rememberRow(row);
      return row as Row<T>;
    } catch (error) {
      return this.failed(error, "update", values);
    }
  }

  async delete(ctx: RequestContext, obj: Row<T>): Promise<void> {
    const condition = this.primaryKeyIs((obj as Record<string, unknown>)[this.access.primaryKey] as number | bigint);
    if (!condition) return;
    try {
      await this.access.run(ctx, "write", () =>
        this.access.db.delete(this.access.table).where(this.access.where(ctx, [condition])),
      );
    } catch (error) {
      return this.failed(error, "delete", {});
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

  private preparedGet: Run | undefined;

  private runPreparedGet(value: unknown): Rows | PromiseLike<Rows> {
    this.preparedGet ??= this.access.dialect.prepare(
      this.access.db
        .select()
        .from(this.access.table)
        .where(eq(this.primaryKeyColumn, sql.placeholder("id"))),
      `viewsets_get_${++preparedGets}`,
      // A primary key matches one row at most: read it without stepping on to the end.
      "one",
    );
    return this.preparedGet({ id: value });
  }

  /**
   * INSERT ... RETURNING, prepared once per set of columns it writes: drizzle's builder and a
   * fresh statement per row cost more than the insert itself (SQLite compiles the table's triggers
   * again for each new statement). A write of values drizzle cannot bind (SQL) is built as before.
   * Run to its end, as every write: SQLite commits there, and a commit that fails (a full disk)
   * must reach the client, not a row that was never stored.
   */
  private insert(obj: Record<string, unknown>): Rows | PromiseLike<Rows> {
    const { db, table, columns } = this.access;
    // One pass from the object to the bound values: the columns it sets, each writable one.
    const shape = insertShape(columns, obj, isWritableColumn);
    const run =
      shape &&
      this.access.statements.prepared(shape.key, () => db.insert(table).values(shape.placeholders()).returning());
    return run ? run(shape!.values) : db.insert(table).values(this.insertedValues(obj)).returning();
  }

  /** UPDATE ... RETURNING, prepared once per set of columns it writes and shape of condition; run to its end, as `insert`. */
  private updateOne(set: Record<string, unknown>, where: SQL | undefined): Rows | PromiseLike<Rows> {
    const { db, table, columns } = this.access;
    const shape = updateShape(columns, set);
    const condition = shape && shapeOf(where);
    const run =
      condition &&
      this.access.statements.prepared(`update\u0001${shape!.key}\u0001${condition.key}`, () =>
        db.update(table).set(shape!.placeholders()).where(parameterized(where)).returning(),
      );
    if (!run) return db.update(table).set(set).where(where).returning();
    return run(placeholderValues(condition!.values, shape!.values));
  }

  private columnValues(
    obj: Record<string, unknown>,
    include: (key: string, column: Column) => boolean,
  ): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [key, column] of columnEntries(this.access.columns)) {
      if (!(key in obj) || obj[key] === undefined || !isWritableColumn(column)) continue;
      if (include(key, column)) values[key] = obj[key];
    }
    return values;
  }

  private selfAssignment(): Record<string, unknown> {
    const [key, column] = Object.entries(this.access.columns).find(([, c]) => isWritableColumn(c))!;
    return { [key]: sql`${column}` };
  }

  private mapError(
    error: unknown,
    operation: "create" | "update" | "delete",
    values: Record<string, unknown>,
  ): Promise<unknown> {
    return mapDatabaseError(error, {
      dialect: this.access.dialect.name,
      columns: this.access.columns,
      operation,
      noun: this.access.options.verboseName ?? wordsOf(singularIdentifier(getTableName(this.access.table))).join(" "),
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
