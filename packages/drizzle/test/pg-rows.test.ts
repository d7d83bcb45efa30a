import { randomBytes } from "node:crypto";
import { DrizzleQueryError, eq, gte, sql } from "drizzle-orm";
import { Cache } from "drizzle-orm/cache/core";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgFlatRowReader } from "../src/dialects/pg-rows.js";
import { pgTables } from "./pg-tables.js";
import { readerProducts } from "./row-fixtures.js";
import { PG_URL, postgresSkipReason } from "./postgres-server.js";

const skipReason = postgresSkipReason;
if (skipReason) console.warn(`Skipping the PostgreSQL row reader tests: ${skipReason}.`);

const schemaName = `viewsets_rows_${randomBytes(6).toString("hex")}`;
const { categories, products, ledger, ddl, drop } = pgTables(schemaName);

/** A drizzle cache that answers nothing and remembers what it was asked. */
class AskedCache extends Cache {
  readonly asked: string[] = [];
  strategy(): "all" {
    return "all";
  }
  async get(key: string): Promise<undefined> {
    this.asked.push(key);
    return undefined;
  }
  async put(): Promise<void> {}
  async onMutate(): Promise<void> {}
}

describe.skipIf(skipReason !== undefined)("pgFlatRowReader", () => {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
  const db = drizzle(pool);
  let names = 0;
  let lampsId = 0;
  const name = () => `viewsets_rows_test_${++names}`;
  /** A prepared INSERT of a category by name, returning its row. */
  const categoryInsert = () =>
    db
      .insert(categories)
      .values({ name: sql.placeholder("name") })
      .returning()
      .prepare(name());

  beforeAll(async () => {
    for (const statement of ddl) await pool.query(statement);
    const [lamps] = await db.insert(categories).values({ name: "Lamps" }).returning();
    lampsId = lamps!.id;
    await db.insert(products).values(readerProducts(lampsId));
    await db.insert(ledger).values({ note: "big", amount: 2n ** 62n });
  });
  afterAll(async () => {
    await pool.query(drop);
    await pool.end();
  });

  it("reads the rows drizzle's `execute` returns: same keys in the same order, nulls, dates, booleans, JSON, decimals", async () => {
    const query = db
      .select()
      .from(products)
      .where(gte(products.id, sql.placeholder("min")))
      .orderBy(products.id)
      .prepare(name());
    const read = pgFlatRowReader(query)!;
    expect(read).toBeDefined();
    const rows = await read({ min: 0 });
    const drizzles = await query.execute({ min: 0 });
    expect(rows).toEqual(drizzles);
    expect(rows.map((row) => Object.keys(row))).toEqual(drizzles.map((row) => Object.keys(row)));
    expect(rows[0]!.createdAt).toEqual(new Date("2026-01-02T03:04:05.678Z"));
    expect(rows[0]!.price).toBe("49.90");
    expect(rows[1]!.meta).toBeNull();
    expect(await read({ min: 99 })).toEqual([]);
  });

  it("decodes a 64-bit column as drizzle does, and reads chosen columns and SQL with a decoder, as a count is", async () => {
    const big = db.select().from(ledger).prepare(name());
    expect(await pgFlatRowReader(big)!({})).toEqual(await big.execute());
    expect((await pgFlatRowReader(big)!({}))[0]!.amount).toBe(2n ** 62n);
    const count = db
      .select({ count: sql<number>`count(*)`.mapWith(Number), name: products.name })
      .from(products)
      .groupBy(products.name)
      .orderBy(products.name)
      .prepare(name());
    expect(await pgFlatRowReader(count)!({})).toEqual([
      { count: 1, name: "Bare" },
      { count: 1, name: "Oak lamp" },
    ]);
  });

  it("logs each query as drizzle does, with its values, and runs the named statement", async () => {
    const logged: { query: string; params: unknown[] }[] = [];
    const sent: unknown[] = [];
    const watched = new pg.Pool({ connectionString: PG_URL, max: 1 });
    const plain = watched.query.bind(watched) as (...args: unknown[]) => unknown;
    (watched as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      sent.push((args[0] as { name?: unknown }).name);
      return plain(...args);
    };
    try {
      const logging = drizzle(watched, {
        logger: { logQuery: (query, params) => logged.push({ query, params }) },
      });
      const statementName = name();
      const byId = logging
        .select()
        .from(products)
        .where(eq(products.id, sql.placeholder("id")))
        .prepare(statementName);
      const read = pgFlatRowReader(byId)!;
      const [row] = await read({ id: 2 });
      expect(row).toMatchObject({ id: 2, name: "Bare" });
      expect(logged).toEqual([{ query: byId.getQuery().sql, params: [2] }]);
      expect(sent).toEqual([statementName]);
    } finally {
      await watched.end();
    }
  });

  it("reads the row an INSERT ... RETURNING wrote", async () => {
    const insert = categoryInsert();
    const [row] = await pgFlatRowReader(insert)!({ name: "Desks" });
    expect(row).toEqual({ id: expect.any(Number), name: "Desks" });
    expect(await db.select().from(categories).where(eq(categories.name, "Desks"))).toEqual([row]);
  });

  it("rejects a failed query as drizzle does: a DrizzleQueryError with the driver's error as its cause", async () => {
    const insert = categoryInsert();
    const read = pgFlatRowReader(insert)!;
    const failure = await read({ name: "Lamps" }).then(
      () => undefined,
      (error: unknown) => error,
    );
    const drizzles = await insert.execute({ name: "Lamps" }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect(drizzles).toBeInstanceOf(DrizzleQueryError);
    expect((failure as DrizzleQueryError).cause).toMatchObject({ code: "23505" });
    expect((failure as DrizzleQueryError).message).toBe((drizzles as DrizzleQueryError).message);
  });

  it("leaves nested selections (a join's tables) to drizzle", () => {
    const joined = db
      .select()
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .prepare(name());
    expect(pgFlatRowReader(joined)).toBeUndefined();
    const nested = db
      .select({ product: { id: products.id } })
      .from(products)
      .prepare(name());
    expect(pgFlatRowReader(nested)).toBeUndefined();
  });

  it("leaves a query to drizzle when drizzle has a cache to ask", async () => {
    const cache = new AskedCache();
    const cached = drizzle(pool, { cache });
    const query = cached.select().from(categories).where(eq(categories.id, lampsId)).prepare(name());
    expect(pgFlatRowReader(query)).toBeUndefined();
    expect(await query.execute()).toEqual([{ id: lampsId, name: "Lamps" }]);
    expect(cache.asked.length).toBe(1);
  });
});
