/**
 * The admin's writes take input as the API's do: a body that is not UTF-8 is a 400 that writes
 * nothing, and a foreign key to a row its target's manager hides is answered as one to a missing
 * row, and a duplicate of a unique column is a 400 on its field. On a SQLite file and on
 * PostgreSQL, through a real server.
 */
import { createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { skipOutsideCI } from "@viewsets/core/testing";
import { bearerTokenAuthentication } from "@viewsets/core";
import { serve, type Served } from "@viewsets/testkit";
import { ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminDatabase, createAdmin } from "../src/server/index.js";
import { call } from "./client.js";
import {
  ADMIN_TOKEN,
  type FixtureDatabase,
  type FixtureTables,
  type FixtureUser,
  NOW,
  postgresDatabase,
  postgresUnavailable,
  sqliteDatabase,
  USERS,
} from "./fixture.js";

const pgReason = skipOutsideCI(await postgresUnavailable());
const SETUPS = [
  { name: "SQLite", skip: undefined, open: () => sqliteDatabase() },
  { name: "PostgreSQL", skip: pgReason, open: () => postgresDatabase() },
] as const;
const HIDDEN_CATEGORY = 5; // "Garden": the categories' manager hides it
const MISSING_CATEGORY = 987654;
const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };

for (const setup of SETUPS) {
  describe.skipIf(setup.skip !== undefined)(`the admin's writes on ${setup.name}`, () => {
    let database: FixtureDatabase;
    let served: Served;
    const rows = (path = "") => `${served.url}/admin/api/models/products/rows/${path}`;
    const count = async () => Number((await database.query("SELECT count(*) AS n FROM products"))[0]!.n);

    beforeAll(async () => {
      database = await setup.open();
      const { categories, products } = database.tables as FixtureTables;
      const db = database.db as unknown as SQLiteDatabase;
      const admin = createAdmin<FixtureUser>({
        db: database.db as AdminDatabase,
        now: () => NOW,
        onError: () => {},
        authentication: [
          bearerTokenAuthentication({ verify: async (token) => (token === ADMIN_TOKEN ? USERS[0] : null) }),
        ],
        users: { verify: async () => null, get: async () => null, isStaff: (user) => user.isStaff },
      });
      admin.register("categories", {
        model: tableModel(categories),
        queryset: createManager(db, categories, {
          scope: (t) => ne(t.id, HIDDEN_CATEGORY),
        }),
      });
      admin.register("products", {
        model: tableModel(products, { decimals: { price: { maxDigits: 10, decimalPlaces: 2 } } }),
        queryset: createManager(db, products),
      });
      served = await serve("express", [admin]);
    });
    afterAll(async () => {
      await served?.close();
      await database?.close();
    });

    it("refuses a body that is not UTF-8 and writes nothing", async () => {
      const before = await count();
      const head = new TextEncoder().encode('{"name":"Caf');
      const tail = new TextEncoder().encode(' lamp","price":"1.00"}');
      const response = await fetch(rows(), {
        method: "POST",
        headers: { ...bearer, "content-type": "application/json" },
        body: new Uint8Array([...head, 0xe9, ...tail]),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toBe("The request body is not valid UTF-8.");
      expect(await count()).toBe(before);
    });

    it("answers a foreign key to a hidden row as one to a missing row, and writes nothing", async () => {
      const before = await count();
      const product = (categoryId: number) => ({ name: "Lamp", price: "1.00", categoryId });
      const hidden = await call(rows(), "POST", product(HIDDEN_CATEGORY), bearer);
      const missing = await call(rows(), "POST", product(MISSING_CATEGORY), bearer);
      expect(hidden.status).toBe(400);
      expect(hidden.json.errors).toEqual({ categoryId: [`Invalid pk "${HIDDEN_CATEGORY}" - object does not exist.`] });
      expect(missing.text.replace(String(MISSING_CATEGORY), "ID")).toBe(
        hidden.text.replace(String(HIDDEN_CATEGORY), "ID"),
      );
      const patched = await call(rows("1"), "PATCH", { categoryId: HIDDEN_CATEGORY }, bearer);
      expect(patched.status).toBe(400);
      expect(await count()).toBe(before);
      expect((await call(rows("1"), "GET", undefined, bearer)).json.categoryId).not.toBe(HIDDEN_CATEGORY);
    });

    it("refuses a blank name (trimmed first) as the API does, and stores a trimmed one", async () => {
      const before = await count();
      for (const name of ["", "   "]) {
        const blank = await call(rows(), "POST", { name, price: "1.00" }, bearer);
        expect(blank.status).toBe(400);
        expect(blank.json.errors).toEqual({ name: ["This field may not be blank."] });
      }
      expect(await count()).toBe(before);
      const patched = await call(rows("1"), "PATCH", { name: "  Trimmed lamp " }, bearer);
      expect(patched.json.name).toBe("Trimmed lamp");
    });

    it("answers a duplicate of a unique column with a 400 on its field, as the form shows it, and writes nothing", async () => {
      const ddl = sql.raw("CREATE UNIQUE INDEX categories_name_unique ON categories (name)");
      const drop = sql.raw("DROP INDEX categories_name_unique");
      const run = (statement: typeof ddl) =>
        setup.name === "SQLite"
          ? (database.db as unknown as SQLiteDatabase).run(statement)
          : (database.db as unknown as { execute(s: typeof ddl): Promise<unknown> }).execute(statement);
      const categories = (path = "") => `${served.url}/admin/api/models/categories/rows/${path}`;
      const before = Number((await database.query("SELECT count(*) AS n FROM categories"))[0]!.n);
      await run(ddl);
      // The fixture wrote its ids itself: PostgreSQL's sequence starts past them, so that only the name collides.
      if (setup.name === "PostgreSQL") await run(sql.raw("SELECT setval('categories_id_seq', 100)"));
      try {
        const created = await call(categories(), "POST", { name: "Books" }, bearer);
        expect(created.status).toBe(400);
        expect(created.json.errors).toEqual({ name: ["category with this name already exists."] });
        const patched = await call(categories("2"), "PATCH", { name: "Books" }, bearer);
        expect(patched.json.errors).toEqual({ name: ["category with this name already exists."] });
        expect((await call(categories("2"), "GET", undefined, bearer)).json.name).toBe("Games");
      } finally {
        await run(drop);
      }
      expect(Number((await database.query("SELECT count(*) AS n FROM categories"))[0]!.n)).toBe(before);
    });
  });
}
