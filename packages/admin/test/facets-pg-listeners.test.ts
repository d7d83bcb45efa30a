/**
 * The admin's facets on PostgreSQL through `createPgPool`, with more than ten list filters: one
 * query per filter runs at once for one request, and each used to add an abort listener to the
 * request's signal, so Node warned `MaxListenersExceededWarning` on every facets request. The
 * test listens on the process's 'warning' event: there must be none, and every count is right.
 */
import { randomBytes } from "node:crypto";
import { createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { createPgPool } from "@viewsets/drizzle/pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { integer, pgTable, serial } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../src/server/index.js";
import type { AdminDatabase } from "../src/server/statements.js";
import { AdminClient } from "./client.js";
import { PG_URL, postgresUnavailable, USERS } from "./fixture.js";
import { type Served, serve } from "./serve.js";
import { skipOutsideCI } from "@viewsets/core/testing";

const skipReason = skipOutsideCI(await postgresUnavailable());
const FILTERS = Array.from({ length: 14 }, (_, i) => `f${i}`);
const ROWS = 30;

describe.skipIf(skipReason)("facets of 14 filters on PostgreSQL (createPgPool)", () => {
  const schema = `viewsets_facets_${randomBytes(6).toString("hex")}`;
  let pool: ReturnType<typeof createPgPool>;
  let served: Served;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);

  beforeAll(async () => {
    pool = createPgPool({ connectionString: PG_URL, max: 4, options: `-c search_path=${schema}` });
    await pool.query(`CREATE SCHEMA ${schema}`);
    await pool.query(
      `CREATE TABLE items (id SERIAL PRIMARY KEY, ${FILTERS.map((f) => `${f} INTEGER NOT NULL`).join(", ")})`,
    );
    for (let row = 0; row < ROWS; row++) {
      await pool.query(
        `INSERT INTO items (${FILTERS.join(", ")}) VALUES (${FILTERS.map((_, i) => `$${i + 1}`).join(", ")})`,
        FILTERS.map((_, i) => row % (i + 2)),
      );
    }
    const items = pgTable("items", {
      id: serial("id").primaryKey(),
      ...Object.fromEntries(FILTERS.map((f) => [f, integer(f).notNull()])),
    });
    const db = drizzle(pool);
    const admin = createAdmin({
      db: db as unknown as AdminDatabase,
      onError: () => {},
      users: {
        verify: async (username, password) =>
          USERS.find((u) => u.username === username && u.password === password) ?? null,
        get: async (id) => USERS.find((u) => String(u.id) === id) ?? null,
        isStaff: (user) => user.isStaff,
      },
    });
    admin.register("items", {
      model: tableModel(items),
      queryset: createManager(db as unknown as SQLiteDatabase, items as never),
      listFilter: FILTERS as never,
    });
    served = await serve("express", [admin]);
    process.on("warning", onWarning);
  });

  afterAll(async () => {
    process.off("warning", onWarning);
    await served?.close();
    await pool?.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool?.end();
  });

  it("counts every filter's values with no MaxListenersExceededWarning", async () => {
    const staff = new AdminClient(served.url);
    expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      const reply = await staff.get("/models/items/facets");
      expect(reply.status, reply.text).toBe(200);
      expect(Object.keys(reply.json.facets).sort()).toEqual([...FILTERS].sort());
      // f0 takes row % 2: 15 rows of 0 and 15 of 1.
      expect(reply.json.facets.f0).toMatchObject({ min: 0, max: 1 });
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });
});
