import { getTableName, type Column, type SQL, type Table } from "drizzle-orm";
import type { DriverError } from "../errors.js";
import type { PreparableQuery, Run, SelectQuery } from "../runner.js";
import type { PatternLookup } from "./patterns.js";
import { pg } from "./pg.js";
import { sqlite } from "./sqlite.js";

/** The databases a manager speaks, by name (as `ErrorContext.dialect` carries it). */
export type DialectName = "sqlite" | "pg";

/** A table's keys, as drizzle's `getTableConfig` of either database reads them. */
export interface TableKeys {
  readonly primaryKeys: readonly { readonly columns: readonly Column[] }[];
  readonly foreignKeys: readonly {
    reference(): { readonly columns: Column[]; readonly foreignTable: Table; readonly foreignColumns: Column[] };
  }[];
}

/**
 * A constraint the database refused a write for, with the database names of the columns its
 * error names (none when it names none).
 */
export interface ConstraintViolation {
  readonly constraint: "unique" | "foreignKey" | "notNull" | "check";
  readonly columns: readonly string[];
}

/**
 * What differs between SQLite and PostgreSQL, one object per database: the rest of the package
 * builds the same drizzle queries for both and asks this object wherever they part.
 * INSERT/UPDATE ... RETURNING needs nothing here: both databases have it.
 */
export interface Dialect {
  readonly name: DialectName;
  /** Whether the table was declared for this database (`sqliteTable`, `pgTable`). */
  owns(table: Table): boolean;
  /** The table's primary and foreign keys. */
  keysOf(table: Table): TableKeys;
  /** The SQL function case-insensitive lookups lower-case text with on this connection. */
  lowerFunction(db: unknown): string;
  /**
   * A pattern lookup: case-sensitive for `contains`, `startswith`, `endswith`, case-insensitive for
   * their `i` forms, on both databases. `lower` lower-cases text with the connection's function.
   */
  patternMatch(subject: SQL, lookup: PatternLookup, text: string, lower: (value: SQL) => SQL): SQL;
  /**
   * `column in (values)` with all the values in one parameter, so that no number of them can
   * reach the driver's bound-parameter limit. The values are already the driver's.
   */
  inOneParameter(column: Column, driverValues: readonly unknown[]): SQL;
  /** An ORDER BY term in which nulls sort as the smallest value (first ascending, last descending). */
  orderTerm(column: Column, descending: boolean): SQL;
  /** The LIMIT a query with an OFFSET and no limit of its own needs, or undefined when it needs none. */
  readonly limitForBareOffset: number | undefined;
  /**
   * Prepares a statement that returns rows once and returns what runs it with values for its placeholders.
   * `name` names it where the database names prepared statements (PostgreSQL): one name for one
   * text, as each connection keeps the first text it parsed under a name. `rows: "one"` for a
   * read that returns at most one row (a lookup by primary key): only its first is read. Never for
   * a write, which must run to its end, where SQLite commits and reports a failed commit.
   * A synchronous driver's rows come back synchronously (and its errors are thrown).
   */
  prepare(query: PreparableQuery, name: string, rows?: "all" | "one"): Run;
  /**
   * A select that locks the rows it reads until the transaction ends, so that no other write
   * changes them between a check and a write (PostgreSQL's `FOR UPDATE`). SQLite's transactions
   * take the database's write lock at BEGIN IMMEDIATE already: the select as it is.
   */
  lockedForUpdate(query: SelectQuery): SelectQuery;
  /** The constraint a driver error reports, or undefined when it is not a constraint violation. */
  violationOf(error: DriverError): ConstraintViolation | undefined;
}

const DIALECTS: Record<DialectName, Dialect> = { sqlite, pg };

/** The dialect of a table's database. */
export function dialectOf(table: Table): Dialect {
  const dialect = Object.values(DIALECTS).find((candidate) => candidate.owns(table));
  if (dialect) return dialect;
  throw new TypeError(`@viewsets/drizzle: table ${getTableName(table)} is neither a SQLite nor a PostgreSQL table`);
}

export function dialectNamed(name: DialectName): Dialect {
  return DIALECTS[name];
}
