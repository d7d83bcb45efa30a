import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { pgSchema, serial, text as pgText } from "drizzle-orm/pg-core";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { eq, lt } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, type Expression, or, type RequestContext } from "@viewsets/core";
import { createManager, trigramIndexSql, type DrizzleManager } from "../src/index.js";
import { PG_URL, postgresSkipReason } from "./postgres-server.js";

const ctx = {} as RequestContext;

const NAMES = [
  ["Oak Lamp", "A lamp that lasts."],
  ["Walnut Chair", null],
  ["LAMPSHADE", "for any lamp"],
  ["Ärgerliche Tasse", "Ölig"],
  ["ärgerlich", null],
  ["100% Cotton", "50_50 blend"],
  ['The "Lamp"', "quoted"],
  ["Steel Kettle", "lamp-free"],
] as const;

const icontains = (field: string, value: string): Expression => ({
  kind: "condition",
  field,
  lookup: "icontains",
  value,
});
const search = (term: string): Expression => or([icontains("name", term), icontains("description", term)]);

/** The same questions to a manager with the index and one without: the answers must agree. */
const QUESTIONS: readonly [string, Expression][] = [
  ["a term in either field", search("lamp")],
  ["upper case", search("LAMP")],
  ["a term in the description only", search("lasts")],
  ["a short term (LIKE, no trigram)", search("am")],
  ["non-ASCII case", search("ÄRGER")],
  ["a literal %", search("0% C")],
  ["a literal _", search("0_5")],
  ["a double quote", search('"Lamp"')],
  ["two terms", and([search("lamp"), search("oak")])],
  ["one field", icontains("name", "shade")],
  ["no match", search("zebra")],
  ["with another filter", and([search("lamp"), { kind: "condition", field: "id", lookup: "lt", value: 5 }])],
];

async function ids(manager: DrizzleManager<never>, expression: Expression): Promise<number[]> {
  const rows = (await manager.filter(expression).orderBy("id").all(ctx)) as { id: number }[];
  return rows.map((row) => row.id);
}

const sqliteItems = sqliteTable("items", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  description: text("description"),
});
const sqliteIndex = { name: "items_search", fields: ["name", "description"] } as const;

/** A SQLite file with the items table, its statements logged. */
function sqliteDatabase() {
  const directory = mkdtempSync(join(tmpdir(), "viewsets-search-index-"));
  const client = new Database(join(directory, "db.sqlite"));
  client.exec("CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, description TEXT)");
  const statements: string[] = [];
  const db = drizzleSqlite(client, { logger: { logQuery: (query) => statements.push(query) } });
  const close = () => {
    client.close();
    rmSync(directory, { recursive: true, force: true });
  };
  return { client, db, statements, close };
}

describe("search index on SQLite (FTS5 trigram)", () => {
  const { client, db, statements, close } = sqliteDatabase();
  const items = sqliteItems;
  const index = sqliteIndex;
  const indexed = createManager(db, items, { searchIndex: index }) as unknown as DrizzleManager<never>;
  const plain = createManager(db, items) as unknown as DrizzleManager<never>;

  beforeAll(() => {
    // Rows before the index: the rebuild takes them in.
    db.insert(items).values({ name: NAMES[0][0], description: NAMES[0][1] }).run();
    for (const statement of trigramIndexSql(items, index)) client.exec(statement);
    // Running them again changes nothing (each is idempotent, the rebuild reads the table again).
    for (const statement of trigramIndexSql(items, index)) client.exec(statement);
    for (const [name, description] of NAMES.slice(1)) db.insert(items).values({ name, description }).run();
  });
  afterAll(close);

  it.each(QUESTIONS)("answers like LIKE: %s", async (_label, expression) => {
    expect(await ids(indexed, expression)).toEqual(await ids(plain, expression));
  });

  it("finds what it should, through the index for terms of three characters or more", async () => {
    statements.length = 0;
    expect(await ids(indexed, search("lamp"))).toEqual([1, 3, 7, 8]);
    expect(statements.at(-1)).toMatch(/"items_search" match/);
    statements.length = 0;
    await ids(indexed, search("am"));
    expect(statements.at(-1)).not.toMatch(/items_search/);
  });

  it("follows updates and deletes", async () => {
    db.update(items).set({ name: "Brass Bowl", description: null }).where(eq(items.id, 1)).run();
    db.delete(items).where(eq(items.id, 3)).run();
    expect(await ids(indexed, search("lamp"))).toEqual([7, 8]);
    expect(await ids(indexed, search("brass"))).toEqual([1]);
    expect(await ids(indexed, search("lamp"))).toEqual(await ids(plain, search("lamp")));
  });

  it("refuses a name that is not a plain identifier", () => {
    expect(() => trigramIndexSql(items, { name: "x; drop table items", fields: ["name"] })).toThrow(/identifier/);
    expect(() => createManager(db, items, { searchIndex: { name: "s", fields: ["nope" as "name"] } })).toThrow(
      /no column/,
    );
  });
});

describe("search index on SQLite: a term most rows hold, and pages", () => {
  const { client, db, statements, close } = sqliteDatabase();
  const indexed = createManager(db, sqliteItems, { searchIndex: sqliteIndex }) as unknown as DrizzleManager<never>;
  const plain = createManager(db, sqliteItems) as unknown as DrizzleManager<never>;
  const scoped = (manager: "indexed" | "plain") =>
    createManager(db, sqliteItems, {
      scope: (t) => lt(t.id, 100),
      ...(manager === "indexed" && { searchIndex: sqliteIndex }),
    }) as unknown as DrizzleManager<never>;

  beforeAll(() => {
    for (const statement of trigramIndexSql(sqliteItems, sqliteIndex)) client.exec(statement);
    // 300 rows: "lamp" in 270 of them (in either field), "kettle" in 6.
    for (let i = 0; i < 300; i++) {
      const name = i % 50 === 0 ? `Steel Kettle ${i}` : i % 5 === 0 ? `Oak Chair ${i}` : `Desk Lamp ${i}`;
      db.insert(sqliteItems)
        .values({ name, description: i % 10 === 5 ? "no LAMP" : null })
        .run();
    }
  });
  afterAll(close);

  const page = (manager: DrizzleManager<never>, expression: Expression, offset: number) =>
    manager.filter(expression).orderBy("-name", "id").offset(offset).limit(7).all(ctx);

  it.each([
    ["a common term, page 1", search("lamp"), 0],
    ["a common term, a later page", search("lamp"), 70],
    [
      "a common term and another filter",
      and([search("lamp"), { kind: "condition", field: "id", lookup: "gt", value: 150 }]),
      7,
    ],
    ["a rare term", search("kettle"), 0],
    ["two terms", and([search("lamp"), search("desk")]), 14],
  ] as const)("pages like LIKE: %s", async (_label, expression, offset) => {
    expect(await page(indexed, expression, offset)).toEqual(await page(plain, expression, offset));
  });

  it("reads a common term's page in index order, and fetches a rare term's matches by key", async () => {
    statements.length = 0;
    await page(indexed, search("lamp"), 0);
    expect(statements.at(-1)).toMatch(/\+"items"\."id" in \(select rowid from "items_search"/);
    statements.length = 0;
    await page(indexed, search("kettle"), 0);
    expect(statements.at(-1)).toMatch(/"items"\."id" in \(select rowid/);
    expect(statements.at(-1)).not.toMatch(/\+"items"/);
  });

  it("counts a search alone in the index, and anything more in the table", async () => {
    for (const expression of [search("lamp"), search("kettle"), and([search("lamp"), search("desk")])]) {
      statements.length = 0;
      expect(await indexed.filter(expression).count(ctx)).toBe(await plain.filter(expression).count(ctx));
      expect(statements[0]).toMatch(/^select count\(\*\) from "items_search" where "items_search" match/);
      expect(await indexed.filter(expression).countUpTo(ctx, 5)).toBe(
        Math.min(5, await plain.filter(expression).count(ctx)),
      );
    }
    const narrowed = and([search("lamp"), { kind: "condition", field: "id", lookup: "lte", value: 40 }]);
    statements.length = 0;
    expect(await indexed.filter(narrowed).count(ctx)).toBe(await plain.filter(narrowed).count(ctx));
    expect(statements[0]).toMatch(/from "items" where/);
    // A scope narrows every count: the index, which holds every row, cannot count alone.
    statements.length = 0;
    expect(await scoped("indexed").filter(search("lamp")).count(ctx)).toBe(
      await scoped("plain").filter(search("lamp")).count(ctx),
    );
    expect(statements[0]).toMatch(/from "items" where/);
    expect(await page(scoped("indexed"), search("lamp"), 7)).toEqual(await page(scoped("plain"), search("lamp"), 7));
  });

  it("finds a range under a search in one query, running the match once (issue 46: min and max ran it twice)", async () => {
    for (const expression of [
      search("lamp"),
      and([search("lamp"), { kind: "condition", field: "id", lookup: "gt", value: 9 }]),
    ]) {
      statements.length = 0;
      const range = await indexed.filter(expression).aggregate(ctx, "id");
      expect(statements).toHaveLength(1);
      expect(range).toEqual(await plain.filter(expression).aggregate(ctx, "id"));
      expect(statements[0]).toMatch(/^select min\("items"\."id"\), max\("items"\."id"\) from "items" where/);
      const plan = client
        .prepare(`EXPLAIN QUERY PLAN ${statements[0]}`)
        .all(...(expression.kind === "and" ? [9, '{name description} : "lamp"'] : ['{name description} : "lamp"'])) as {
        detail: string;
      }[];
      expect(plan.filter((step) => step.detail.startsWith("SCAN items_search"))).toHaveLength(1);
    }
    // Without a search, each bound is read off an index in a step, as before: two queries.
    statements.length = 0;
    await indexed.aggregate(ctx, "id");
    expect(statements).toHaveLength(2);
  });

  it("asks the index once for a page and its count in one request", async () => {
    const request = {} as RequestContext;
    const query = indexed.filter(search("lamp"));
    statements.length = 0;
    await query.count(request);
    await query.orderBy("-name").limit(7).all(request);
    expect(statements.filter((text) => text.startsWith('select count(*) from "items_search"'))).toHaveLength(1);
  });
});

describe.skipIf(postgresSkipReason !== undefined)("search index on PostgreSQL (pg_trgm)", () => {
  const schemaName = `viewsets_search_${randomBytes(6).toString("hex")}`;
  const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
  const db = drizzlePg(pool);
  const items = pgSchema(schemaName).table("items", {
    id: serial("id").primaryKey(),
    name: pgText("name").notNull(),
    description: pgText("description"),
  });
  const index = { name: "items_search", fields: ["name", "description"] } as const;
  const indexed = createManager(db, items, { searchIndex: index }) as unknown as DrizzleManager<never>;

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schemaName}`);
    await pool.query(`CREATE TABLE ${schemaName}.items (id SERIAL PRIMARY KEY, name TEXT NOT NULL, description TEXT)`);
    for (const statement of trigramIndexSql(items, index)) await pool.query(statement);
    for (const statement of trigramIndexSql(items, index)) await pool.query(statement);
    for (const [name, description] of NAMES) await db.insert(items).values({ name, description });
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await pool.end();
  });

  it("creates one GIN trigram index per field", async () => {
    const { rows } = await pool.query(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname LIKE 'items_search%' ORDER BY 1",
      [schemaName],
    );
    expect(rows.map((row) => row.indexname)).toEqual(["items_search_description", "items_search_name"]);
    for (const row of rows) expect(row.indexdef).toMatch(/USING gin \(\w+ gin_trgm_ops\)/);
  });

  it("answers icontains and search the same as SQLite's LIKE would", async () => {
    expect(await ids(indexed, search("lamp"))).toEqual([1, 3, 7, 8]);
    expect(await ids(indexed, search("ÄRGER"))).toEqual([4, 5]);
    expect(await ids(indexed, search("0% C"))).toEqual([6]);
  });
});
