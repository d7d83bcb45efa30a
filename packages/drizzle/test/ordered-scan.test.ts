/**
 * A filtered page in order on SQLite (issue 46, item 16): with many matches the page reads the
 * ordering column's index and stops at the page, instead of sorting every match. Proved by
 * EXPLAIN QUERY PLAN, not by timings.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { index, integer, numeric, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, type Expression, type RequestContext } from "@viewsets/core";
import { createManager, type DrizzleManager } from "../src/index.js";

const columns = () => ({
  id: integer("id").primaryKey({ autoIncrement: true }),
  status: text("status").notNull(),
  price: numeric("price").notNull(),
  createdAt: integer("created_at").notNull(),
});
const items = sqliteTable("items", columns(), (t) => [
  index("items_status_price").on(t.status, t.price),
  index("items_status_created_at").on(t.status, t.createdAt),
  index("items_created_at").on(t.createdAt),
]);
/** The same table as a schema that declares an index the database lacks (a migration not yet run). */
const undeclared = sqliteTable("items", columns(), (t) => [index("items_missing").on(t.createdAt)]);

const STATUSES = ["draft", "live", "archived"];
const ROWS = 6000;

/** Two statuses and a price range: 2 of 3 rows by status, a range of prices. */
const filters = (low: number, high: number): Expression =>
  and([
    { kind: "condition", field: "status", lookup: "in", value: ["live", "draft"] },
    { kind: "condition", field: "price", lookup: "gte", value: low },
    { kind: "condition", field: "price", lookup: "lte", value: high },
  ]);

describe("a filtered page in order on SQLite", () => {
  const directory = mkdtempSync(join(tmpdir(), "viewsets-ordered-scan-"));
  const client = new Database(join(directory, "db.sqlite"));
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(client, { logger: { logQuery: (sql, params) => statements.push({ sql, params }) } });
  const manager = createManager(db, items) as unknown as DrizzleManager<never>;
  const plan = (statement: { sql: string; params: unknown[] }) =>
    (
      client.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...(statement.params as never[])) as {
        detail: string;
      }[]
    )
      .map((step) => step.detail)
      .join("\n");
  /** A list's count and then its page, as page-number pagination asks them in one request. */
  const countThenPage = async (expression: Expression, offset = 0) => {
    const ctx = {} as RequestContext;
    const query = manager.filter(expression);
    const count = await query.count(ctx);
    statements.length = 0;
    const rows = (await query.orderBy("-createdAt", "-id").offset(offset).limit(50).all(ctx)) as { id: number }[];
    return { count, rows: rows.map((row) => row.id), statement: statements.at(-1)! };
  };

  beforeAll(() => {
    client.exec(`CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, status TEXT NOT NULL, price NUMERIC NOT NULL,
      created_at INTEGER NOT NULL)`);
    client.exec("CREATE INDEX items_status_price ON items (status, price)");
    client.exec("CREATE INDEX items_status_created_at ON items (status, created_at)");
    client.exec("CREATE INDEX items_created_at ON items (created_at)");
    const insert = client.prepare("INSERT INTO items (status, price, created_at) VALUES (?, ?, ?)");
    client.transaction(() => {
      for (let i = 0; i < ROWS; i++) insert.run(STATUSES[i % 3], (i * 37) % 500, 1_700_000_000 + ((i * 7919) % ROWS));
    })();
    client.exec("ANALYZE");
  });
  afterAll(() => {
    client.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it("reads many matches through the ordering column's index instead of sorting them all", async () => {
    const { count, rows, statement } = await countThenPage(filters(50, 250));
    expect(count).toBeGreaterThan(1000);
    expect(statement.sql).toContain('from "items" indexed by "items_created_at"');
    const steps = plan(statement);
    expect(steps).toContain("SCAN items USING INDEX items_created_at");
    expect(steps).not.toContain("USE TEMP B-TREE FOR ORDER BY");
    // What SQLite plans alone for the same page: every match sorted (the 91,859 rows at 1M).
    statements.length = 0;
    const alone = (await manager
      .filter(filters(50, 250))
      .orderBy("-createdAt", "-id")
      .limit(50)
      .all({} as RequestContext)) as { id: number }[];
    expect(statements.at(-1)!.sql).not.toContain("indexed by");
    expect(plan(statements.at(-1)!)).toContain("USE TEMP B-TREE FOR ORDER BY");
    // The same rows either way, on a later page too.
    expect(rows).toEqual(alone.map((row) => row.id));
    const later = await countThenPage(filters(50, 250), 100);
    expect(later.statement.sql).toContain("indexed by");
    const all = (await manager
      .filter(filters(50, 250))
      .orderBy("-createdAt", "-id")
      .all({} as RequestContext)) as { id: number }[];
    expect(later.rows).toEqual(all.slice(100, 150).map((row) => row.id));
  });

  it("leaves SQLite's plan alone for few matches, where sorting them is cheaper than scanning", async () => {
    const { count, statement } = await countThenPage(filters(100, 101));
    expect(count).toBeLessThan(100);
    expect(statement.sql).not.toContain("indexed by");
  });

  it("leaves it alone without a count in the request, and for an index the database lacks", async () => {
    statements.length = 0;
    await manager
      .filter(filters(50, 250))
      .orderBy("-createdAt")
      .limit(50)
      .all({} as RequestContext);
    expect(statements.at(-1)!.sql).not.toContain("indexed by");

    const missing = createManager(db, undeclared) as unknown as DrizzleManager<never>;
    const ctx = {} as RequestContext;
    const query = missing.filter(filters(50, 250));
    await query.count(ctx);
    statements.length = 0;
    const rows = await query.orderBy("-createdAt").limit(50).all(ctx);
    expect(rows).toHaveLength(50);
    expect(statements.some((statement) => statement.sql.includes("indexed by"))).toBe(false);
  });
});
