/** The drizzle databases and statements a manager runs, as types for both SQLite and PostgreSQL. */
import type { Column, SQL, SQLWrapper, Table } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";

/** A drizzle SQLite database (better-sqlite3, libsql, ...). */
export type SQLiteDatabase = BaseSQLiteDatabase<"sync" | "async", unknown, Record<string, unknown>>;
/** A drizzle PostgreSQL database (node-postgres, postgres.js, ...). */
export type PostgresDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

export type Thenable<T> = PromiseLike<T>;
export type Rows = Record<string, unknown>[];

/** Whether a driver answered with a promise (or any thenable, such as a drizzle query) rather than a value. */
export function isThenable<R>(value: R | PromiseLike<R>): value is PromiseLike<R> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** Runs a prepared statement with values for its placeholders: synchronously where the driver is (better-sqlite3). */
export type Run = (values: Record<string, unknown>) => Rows | PromiseLike<Rows>;

/**
 * The subset of a drizzle database the manager runs: one loose shape over both dialects, each
 * driver's typed builders meeting here (better-sqlite3 runs synchronously; awaiting works).
 */
export interface Runner {
  select(fields?: Record<string, unknown>): {
    /** A table, or a subquery as `sql\`(${query}) as name\``. */
    from(table: Table | SQL): Thenable<Rows> & {
      where(where: SQL | undefined): SelectQuery;
    };
  };
  insert(table: Table): {
    values(values: Record<string, unknown>): { returning(): ReturningQuery };
  };
  update(table: Table): {
    set(values: Record<string, unknown>): {
      where(where: SQL | undefined): { returning(): ReturningQuery };
    };
  };
  delete(table: Table): { where(where: SQL | undefined): Thenable<unknown> };
}

/** A statement that can be prepared once and run again with values for its placeholders. */
export interface PreparableQuery extends SQLWrapper {
  /** SQLite: `prepare()`; PostgreSQL: `prepare(name)`. */
  prepare(name?: string): PreparedSelect;
}

/** An INSERT or UPDATE ... RETURNING. */
export interface ReturningQuery extends Thenable<Rows>, PreparableQuery {}

export interface SelectQuery extends Thenable<Rows>, PreparableQuery {
  groupBy(...terms: (SQL | Column)[]): SelectQuery;
  orderBy(...terms: SQL[]): SelectQuery;
  limit(n: number): SelectQuery;
  offset(n: number): SelectQuery;
}

/** A prepared statement that returns rows: `all` or `get` on SQLite, `execute` on PostgreSQL. */
export interface PreparedSelect {
  all?(values: Record<string, unknown>): Thenable<Rows> | Rows;
  get?(values: Record<string, unknown>): Thenable<Rows[number] | undefined> | Rows[number] | undefined;
  execute?(values: Record<string, unknown>): Thenable<Rows>;
}
