/** The SQLite dialect. */
import { asc, desc, is, sql, type Column, type SQL } from "drizzle-orm";
import { SQLiteTable, getTableConfig } from "drizzle-orm/sqlite-core";
import type { DriverError } from "../connection/driver-error.js";
import type { ConstraintViolation, Dialect } from "./dialect.js";
import { LIKE_ESCAPE, globPattern, isCaseInsensitive, likePattern, type PatternLookup } from "./patterns.js";
import { isThenable, type Rows } from "../connection/runner.js";
import { flatRowReader } from "./sqlite-rows.js";
import { unicodeLowerFunction } from "./unicode-lower.js";

/** A GLOB pattern matching text that holds a character outside ASCII. */
const NON_ASCII = "*[^\u0001-\u007f]*";

/** The columns of a message such as `UNIQUE constraint failed: products.sku, products.code`. */
function messageColumns(message: string): string[] {
  const index = message.indexOf(": ");
  if (index < 0) return [];
  return message
    .slice(index + 2)
    .split(",")
    .map((name) => name.trim().split(".").pop()!)
    .filter(Boolean);
}

function jsonList(values: readonly unknown[]): string {
  // Written by hand so that a bigint keeps every digit (SQLite reads JSON integers as int64).
  return `[${values.map((value) => (typeof value === "bigint" ? value.toString() : JSON.stringify(value))).join(",")}]`;
}

function oneRow(row: Rows[number] | undefined): Rows {
  return row === undefined ? [] : [row];
}

export const sqlite: Dialect = {
  name: "sqlite",

  owns: (table) => is(table, SQLiteTable),
  keysOf: (table) => getTableConfig(table as SQLiteTable),

  lowerFunction: unicodeLowerFunction,

  // SQLite's LIKE ignores ASCII case only: case-sensitive lookups use GLOB, case-insensitive ones
  // compare lower-cased text.
  patternMatch(subject: SQL, lookup: PatternLookup, text: string, lower: (value: SQL) => SQL): SQL {
    if (!isCaseInsensitive(lookup)) return sql`${subject} glob ${globPattern(lookup, text)}`;
    const like = likePattern(lookup, text);
    const escapeChar = sql.raw(`'${LIKE_ESCAPE}'`);
    // For text of ASCII characters only, LIKE's own folding of ASCII case gives the same answer as
    // comparing lower-cased text; only text with other characters needs the (per-row, costly)
    // Unicode lower-casing, and a GLOB class finds those rows in C.
    return sql`(${subject} like ${like} escape ${escapeChar} or (${subject} glob ${NON_ASCII} and ${lower(subject)} like ${lower(sql`${like}`)} escape ${escapeChar}))`;
  },

  inOneParameter(column: Column, driverValues: readonly unknown[]): SQL {
    return sql`${column} in (select value from json_each(${jsonList(driverValues)}))`;
  },

  // SQLite sorts nulls as the smallest value already.
  orderTerm(column: Column, descending: boolean): SQL {
    return descending ? desc(column) : asc(column);
  },

  // SQLite accepts OFFSET only after a LIMIT.
  limitForBareOffset: Number.MAX_SAFE_INTEGER,
  namesStatements: false,
  preparesInTransaction: true,
  queriesSearchIndex: true,

  // An FTS5 table with the trigram tokenizer, kept in step by triggers, built once from the rows there.
  trigramIndexSql(_table, { name, table, columns, key }) {
    const list = columns.join(", ");
    const values = (row: "new" | "old") => columns.map((column) => `${row}.${column}`).join(", ");
    const remove = `INSERT INTO ${name} (${name}, rowid, ${list}) VALUES ('delete', old.${key}, ${values("old")});`;
    const add = `INSERT INTO ${name} (rowid, ${list}) VALUES (new.${key}, ${values("new")});`;
    return [
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${name} USING fts5(${list}, content='${table}', content_rowid='${key}', tokenize='trigram')`,
      `CREATE TRIGGER IF NOT EXISTS ${name}_insert AFTER INSERT ON ${table} BEGIN ${add} END`,
      `CREATE TRIGGER IF NOT EXISTS ${name}_delete AFTER DELETE ON ${table} BEGIN ${remove} END`,
      `CREATE TRIGGER IF NOT EXISTS ${name}_update AFTER UPDATE ON ${table} BEGIN ${remove} ${add} END`,
      // Reads the rows already there, once: an index with entries is not rebuilt on the next start.
      `INSERT INTO ${name} (${name}) SELECT 'rebuild' WHERE NOT EXISTS (SELECT 1 FROM ${name}_docsize)`,
    ];
  },

  prepare(query, _name, rows = "all") {
    const prepared = query.prepare();
    if (rows === "all") return flatRowReader(prepared) ?? ((values) => prepared.all!(values));
    // A read of one row (a lookup by primary key), stepped once. Never a write: SQLite commits a
    // write when its statement runs to its end, and a statement stepped once and reset reports no
    // failed commit (a full disk): the row would be answered and never stored.
    const one = flatRowReader(prepared, "one");
    if (one) return one;
    return (values) => {
      const row = prepared.get!(values);
      return isThenable(row) ? Promise.resolve(row).then(oneRow) : oneRow(row);
    };
  },

  // BEGIN IMMEDIATE took the write lock: no other connection writes until the transaction ends.
  lockedForUpdate: (query) => query,

  // SQLite does not say which foreign key failed; the manager finds the missing references itself.
  violationOf(error: DriverError): ConstraintViolation | undefined {
    switch (error.code) {
      case "SQLITE_CONSTRAINT_UNIQUE":
      case "SQLITE_CONSTRAINT_PRIMARYKEY":
        return { constraint: "unique", columns: messageColumns(error.message) };
      case "SQLITE_CONSTRAINT_FOREIGNKEY":
        return { constraint: "foreignKey", columns: [] };
      case "SQLITE_CONSTRAINT_NOTNULL":
        return { constraint: "notNull", columns: messageColumns(error.message) };
      case "SQLITE_CONSTRAINT_CHECK":
        return { constraint: "check", columns: [] };
      default:
        return undefined;
    }
  },
};
