/** The PostgreSQL dialect. */
import { asc, desc, is, sql, type Column, type SQL } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import type { DriverError } from "../connection/driver-error.js";
import type { SelectQuery } from "../connection/runner.js";
import type { ConstraintViolation, Dialect } from "./dialect.js";
import { pgFlatRowReader } from "./pg-rows.js";
import { LIKE_ESCAPE, isCaseInsensitive, likePattern, type PatternLookup } from "./patterns.js";

/** The columns of a detail such as `Key (a, b)=(...) already exists.` */
function detailColumns(detail: string | undefined): string[] {
  const match = detail ? /^Key \((.+?)\)=/.exec(detail) : null;
  return match ? match[1]!.split(",").map((name) => name.trim()) : [];
}

export const pg: Dialect = {
  name: "pg",

  owns: (table) => is(table, PgTable),
  keysOf: (table) => getTableConfig(table as PgTable),

  // PostgreSQL's lower() follows the database's locale.
  lowerFunction: () => "lower",

  patternMatch(subject: SQL, lookup: PatternLookup, text: string): SQL {
    const like = likePattern(lookup, text);
    return isCaseInsensitive(lookup)
      ? sql`${subject} ilike ${like} escape '${sql.raw(LIKE_ESCAPE)}'`
      : sql`${subject} like ${like} escape '${sql.raw(LIKE_ESCAPE)}'`;
  },

  inOneParameter(column: Column, driverValues: readonly unknown[]): SQL {
    const texts = driverValues.map((value) => (value instanceof Date ? value.toISOString() : value));
    return sql`${column} = any(${sql.param(texts)})`;
  },

  // PostgreSQL sorts nulls as the largest value: a nullable column says where they go.
  orderTerm(column: Column, descending: boolean): SQL {
    if (!column.notNull) return descending ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
    return descending ? desc(column) : asc(column);
  },

  limitForBareOffset: undefined,
  namesStatements: true,
  preparesInTransaction: false,
  queriesSearchIndex: false,

  // The pg_trgm extension and one GIN index per column: the planner uses them for ILIKE by itself.
  trigramIndexSql(table, { name, table: tableName, columns, checked }) {
    const schema = getTableConfig(table as PgTable).schema;
    const qualified = schema ? `${checked(schema, "schema")}.${tableName}` : tableName;
    return [
      "CREATE EXTENSION IF NOT EXISTS pg_trgm",
      ...columns.map(
        (column) => `CREATE INDEX IF NOT EXISTS ${name}_${column} ON ${qualified} USING gin (${column} gin_trgm_ops)`,
      ),
    ];
  },

  // The name is the caller's: one name must always stand for the same text on a connection.
  // `rows` changes nothing here: the driver reads every row either way.
  prepare(query, name) {
    const prepared = query.prepare(name);
    // A flat selection is read as `execute` reads it, its rows made by decoders looked up once
    // (pg-rows.ts); anything else through `execute` (PostgreSQL's `all` does not map the columns),
    // its promise as it is: no step of our own around it.
    return pgFlatRowReader(prepared) ?? ((values) => prepared.execute!(values));
  },

  lockedForUpdate(query) {
    return (query as unknown as { for(strength: "update"): SelectQuery }).for("update");
  },

  violationOf(error: DriverError): ConstraintViolation | undefined {
    switch (error.code) {
      case "23505":
        return { constraint: "unique", columns: detailColumns(error.detail) };
      case "23503":
        return { constraint: "foreignKey", columns: detailColumns(error.detail) };
      case "23502":
        return { constraint: "notNull", columns: error.column === undefined ? [] : [error.column] };
      case "23514":
        return { constraint: "check", columns: [] };
      default:
        return undefined;
    }
  },
};
