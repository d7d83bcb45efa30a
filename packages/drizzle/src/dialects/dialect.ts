/** The `Dialect` interface: what differs between SQLite and PostgreSQL. */
import type { Column, SQL, Table } from "drizzle-orm";
import type { DriverError } from "../connection/driver-error.js";
import type { PreparableQuery, Run, SelectQuery } from "../connection/runner.js";
import type { PatternLookup } from "./patterns.js";

/** The databases a manager speaks, by name (as `ErrorContext.dialect` carries it). */
export type DialectName = "sqlite" | "pg";

/** A table's keys, as drizzle's `getTableConfig` of either database reads them. */
export interface TableKeys {
  readonly primaryKeys: readonly { readonly columns: readonly Column[] }[];
  readonly foreignKeys: readonly {
    /** drizzle's action: "cascade", "restrict", "no action", "set null", "set default" (undefined: NO ACTION). */
    readonly onDelete?: string | undefined;
    reference(): { readonly columns: Column[]; readonly foreignTable: Table; readonly foreignColumns: Column[] };
  }[];
}

/** The plain SQL identifiers a trigram index is written with (each already checked). */
export interface TrigramIndexNames {
  readonly name: string;
  readonly table: string;
  readonly columns: readonly string[];
  /** The primary key's column (SQLite's FTS5 rowid). */
  readonly key: string;
  /** Checks one more name (a schema) before it is written into SQL. */
  readonly checked: (name: string, what: string) => string;
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
   * Whether prepared statements carry a name the server keeps per connection (PostgreSQL): then
   * one name must stand for one text, and their number is bounded. SQLite's are objects of ours.
   */
  readonly namesStatements: boolean;
  /**
   * Whether a statement prepared on the database may run in a transaction. Not on PostgreSQL: one
   * prepared through the pool would run on another client than the transaction's, and one prepared
   * through the transaction would outlive its client. SQLite has one connection either way.
   */
  readonly preparesInTransaction: boolean;
  /**
   * Whether queries ask a search index themselves (SQLite's FTS5 table, joined by key) rather than
   * leaving it to the planner (PostgreSQL's GIN indexes serve ILIKE as it is).
   */
  readonly queriesSearchIndex: boolean;
  /**
   * The statements that create a trigram index named `name` over `columns` of `table`
   * (identifiers already checked): see `trigramIndexSql`.
   */
  trigramIndexSql(table: Table, index: TrigramIndexNames): string[];
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
