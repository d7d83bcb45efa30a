import Database from "better-sqlite3";
import { eq, gte, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { flatRowReader } from "../src/dialects/sqlite-rows.js";
import { readerProducts } from "./row-fixtures.js";
import { DDL, categories, products } from "./sqlite-tables.js";

const client = new Database(":memory:");
for (const statement of DDL) client.exec(statement);
const db = drizzle(client);
db.insert(categories).values({ id: 1, name: "Lamps" }).run();
db.insert(products).values(readerProducts(1)).run();
afterAll(() => client.close());

describe("flatRowReader", () => {
  it("reads the rows drizzle's `all` returns: same keys in the same order, nulls, dates, booleans, JSON, decimals", () => {
    const query = db
      .select()
      .from(products)
      .where(gte(products.id, sql.placeholder("min")))
      .orderBy(products.id)
      .prepare();
    const read = flatRowReader(query)!;
    expect(read).toBeDefined();
    const rows = read({ min: 0 });
    expect(rows).toEqual(query.all({ min: 0 }));
    expect(rows.map((row) => Object.keys(row))).toEqual(query.all({ min: 0 }).map((row) => Object.keys(row)));
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(read({ min: 99 })).toEqual([]);
  });

  it("reads one row as drizzle's `get` does, stepping the statement once, and logs it as drizzle does", () => {
    const logged: { query: string; params: unknown[] }[] = [];
    const logging = drizzle(client, { logger: { logQuery: (query, params) => logged.push({ query, params }) } });
    const byId = logging
      .select()
      .from(products)
      .where(eq(products.id, sql.placeholder("id")))
      .prepare();
    const read = flatRowReader(byId, "one")!;
    for (const id of [1, 2]) {
      const [row] = read({ id });
      expect(row).toEqual(byId.get({ id }));
      expect(Object.keys(row!)).toEqual(Object.keys(byId.get({ id })!));
    }
    expect(read({ id: 99 })).toEqual([]);
    // Stepped once: of rows in id order, the first only (`all` would give both).
    const from = db
      .select()
      .from(products)
      .where(gte(products.id, sql.placeholder("min")))
      .orderBy(products.id)
      .prepare();
    expect(flatRowReader(from, "one")!({ min: 0 }).map((row) => row.id)).toEqual([1]);
    const ours = logged.filter((entry) => entry.params[0] === 99);
    expect(ours).toEqual([{ query: byId.getQuery().sql, params: [99] }]);
  });

  it("reads the row an INSERT ... RETURNING wrote, once, as drizzle's `get` would", () => {
    const insert = db
      .insert(categories)
      .values({ name: sql.placeholder("name") })
      .returning()
      .prepare();
    const [row] = flatRowReader(insert, "one")!({ name: "Desks" });
    expect(row).toEqual({ id: expect.any(Number), name: "Desks" });
    expect(db.select().from(categories).where(eq(categories.name, "Desks")).all()).toEqual([row]);
  });

  it("reads chosen columns and SQL with a decoder, as a count is", () => {
    const count = db
      .select({ count: sql<number>`count(*)`.mapWith(Number), name: products.name })
      .from(products)
      .prepare();
    expect(flatRowReader(count)!({})).toEqual(count.all());
  });

  it("leaves nested selections (a join's tables) to drizzle", () => {
    const joined = db.select().from(products).leftJoin(categories, eq(products.categoryId, categories.id)).prepare();
    expect(flatRowReader(joined)).toBeUndefined();
    const nested = db
      .select({ product: { id: products.id } })
      .from(products)
      .prepare();
    expect(flatRowReader(nested)).toBeUndefined();
  });
});
