import { sql, type SQL } from "drizzle-orm";
import { mysqlTable, int } from "drizzle-orm/mysql-core";
import { PgDialect, integer as pgInteger, pgTable, text as pgText } from "drizzle-orm/pg-core";
import { SQLiteSyncDialect, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { dialectOf } from "../src/dialects/registry.js";
import { pg } from "../src/dialects/pg.js";
import { sqlite } from "../src/dialects/sqlite.js";

const items = sqliteTable("items", { id: integer().primaryKey(), name: text().notNull(), note: text() });
const pgItems = pgTable("items", { id: pgInteger().primaryKey(), name: pgText().notNull(), note: pgText() });

// SQL text and parameters, as the driver would receive them.
function renderSqlite(query: SQL): { sql: string; params: unknown[] } {
  const { sql: text, params } = new SQLiteSyncDialect().sqlToQuery(query);
  return { sql: text, params };
}
function renderPg(query: SQL): { sql: string; params: unknown[] } {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return { sql: text, params };
}
const lower = (value: SQL) => sql`lower(${value})`;

describe("dialectOf", () => {
  it("picks the dialect object of the table's database", () => {
    expect(dialectOf(items)).toBe(sqlite);
    expect(dialectOf(pgItems)).toBe(pg);
  });

  it("refuses a table of another database", () => {
    expect(() => dialectOf(mysqlTable("things", { id: int() }))).toThrow(/neither a SQLite nor a PostgreSQL table/);
  });
});

describe("pattern lookups", () => {
  it("SQLite: GLOB when case matters; LIKE when it does not, lower-casing only text outside ASCII", () => {
    expect(renderSqlite(sqlite.patternMatch(sql`${items.name}`, "contains", "a*_%", lower))).toEqual({
      sql: '"items"."name" glob ?',
      params: ["*a[*]_%*"],
    });
    expect(renderSqlite(sqlite.patternMatch(sql`${items.name}`, "istartswith", "a!_%", lower))).toEqual({
      sql: `("items"."name" like ? escape '!' or ("items"."name" glob ? and lower("items"."name") like lower(?) escape '!'))`,
      params: ["a!!!_!%%", "*[^\u0001-\u007f]*", "a!!!_!%%"],
    });
  });

  it("PostgreSQL: LIKE and ILIKE with one escape character", () => {
    expect(renderPg(pg.patternMatch(sql`${pgItems.name}`, "endswith", "a%", lower))).toEqual({
      sql: `"items"."name" like $1 escape '!'`,
      params: ["%a!%"],
    });
    expect(renderPg(pg.patternMatch(sql`${pgItems.name}`, "icontains", "a", lower)).sql).toBe(
      `"items"."name" ilike $1 escape '!'`,
    );
  });
});

describe("ordering", () => {
  it("sorts nulls as the smallest value: PostgreSQL says so for nullable columns", () => {
    expect(renderPg(pg.orderTerm(pgItems.note, false)).sql).toBe('"items"."note" asc nulls first');
    expect(renderPg(pg.orderTerm(pgItems.note, true)).sql).toBe('"items"."note" desc nulls last');
    expect(renderPg(pg.orderTerm(pgItems.name, true)).sql).toBe('"items"."name" desc');
    expect(renderSqlite(sqlite.orderTerm(items.note, true)).sql).toBe('"items"."note" desc');
  });

  it("SQLite needs a LIMIT before a bare OFFSET; PostgreSQL does not", () => {
    expect(sqlite.limitForBareOffset).toBe(Number.MAX_SAFE_INTEGER);
    expect(pg.limitForBareOffset).toBeUndefined();
  });
});

describe("long IN lists travel as one parameter", () => {
  it("SQLite: a JSON array that keeps every digit of a bigint", () => {
    expect(renderSqlite(sqlite.inOneParameter(items.id, [1, 2n ** 60n]))).toEqual({
      sql: '"items"."id" in (select value from json_each(?))',
      params: ["[1,1152921504606846976]"],
    });
  });

  it("PostgreSQL: an array, dates as ISO text", () => {
    const date = new Date("2024-05-01T10:00:00Z");
    expect(renderPg(pg.inOneParameter(pgItems.id, [1, date]))).toEqual({
      sql: '"items"."id" = any($1)',
      params: [[1, "2024-05-01T10:00:00.000Z"]],
    });
  });
});

describe("constraint violations", () => {
  it("PostgreSQL: by SQLSTATE, columns from the detail", () => {
    const unique = { code: "23505", message: "duplicate key", detail: "Key (sku, code)=(a, b) already exists." };
    expect(pg.violationOf(unique)).toEqual({ constraint: "unique", columns: ["sku", "code"] });
    expect(pg.violationOf({ code: "23502", message: "null", column: "name" })).toEqual({
      constraint: "notNull",
      columns: ["name"],
    });
    expect(pg.violationOf({ code: "42P01", message: "no table" })).toBeUndefined();
  });

  it("SQLite: by extended code, columns from the message", () => {
    const unique = { code: "SQLITE_CONSTRAINT_UNIQUE", message: "UNIQUE constraint failed: items.sku, items.code" };
    expect(sqlite.violationOf(unique)).toEqual({ constraint: "unique", columns: ["sku", "code"] });
    expect(
      sqlite.violationOf({ code: "SQLITE_CONSTRAINT_FOREIGNKEY", message: "FOREIGN KEY constraint failed" }),
    ).toEqual({ constraint: "foreignKey", columns: [] });
    expect(sqlite.violationOf({ code: "SQLITE_BUSY", message: "busy" })).toBeUndefined();
  });
});
