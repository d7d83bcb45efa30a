import { integer, SQLiteSyncDialect, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { globPattern, isMatchableText, likePattern } from "../src/dialects/patterns.js";
import { sqlite } from "../src/dialects/sqlite.js";
import { expressionSql, type SqlTarget } from "../src/query/expressions.js";
import type { Expression } from "@viewsets/core";

const items = sqliteTable("items", { id: integer().primaryKey(), name: text().notNull() });
const target: SqlTarget = {
  dialect: sqlite,
  columns: { id: items.id, name: items.name },
  lowerFunction: "lower",
  tableName: "items",
  table: items,
};
const render = (expression: Expression) => new SQLiteSyncDialect().sqlToQuery(expressionSql(target, expression));

describe("patterns cannot be fooled by a NUL", () => {
  it("refuses to build a LIKE or GLOB pattern around one: SQLite would read it only up to the NUL", () => {
    expect(isMatchableText("a\u0000")).toBe(false);
    expect(() => likePattern("contains", "\u0000")).toThrow(RangeError);
    expect(() => globPattern("endswith", "x\u0000")).toThrow(RangeError);
    expect(likePattern("contains", "50%")).toBe("%50!%%");
  });

  it("turns a pattern lookup on text with a NUL into a condition that matches nothing", () => {
    const condition: Expression = { kind: "condition", field: "name", lookup: "contains", value: "\u0000" };
    expect(render(condition)).toEqual({ sql: "1 = 0", params: [] });
  });
});

describe("long AND/OR chains", () => {
  it("are nested in balanced groups, so no number of children reaches SQLite's depth limit", () => {
    const children: Expression[] = Array.from({ length: 1000 }, (_, i) => ({
      kind: "condition",
      field: "name",
      lookup: "contains",
      value: `n${i}`,
    }));
    const { sql: text, params } = render({ kind: "or", children });
    expect(params).toHaveLength(1000);
    // Depth: the longest run of opening parentheses stays logarithmic, not 1000.
    let depth = 0;
    let deepest = 0;
    for (const char of text) {
      if (char === "(") deepest = Math.max(deepest, ++depth);
      if (char === ")") depth--;
    }
    expect(deepest).toBeLessThan(20);
    expect(text.split(" or ")).toHaveLength(1000);
  });
});
