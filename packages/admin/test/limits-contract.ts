/**
 * The admin's limits, the same on every adapter and database: every write method a session cookie
 * signs needs the CSRF token (and a refused one changes nothing), and no page of rows is longer
 * than `MAX_PAGE_SIZE` in any count mode, on a table longer than that.
 */
import { createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE } from "../src/server/rows.js";
import { AdminClient, call, type Reply } from "./client.js";
import type { AdminContractOptions } from "./contract-options.js";
import { type FixtureDatabase, fixtureAdmin, type FixtureTables } from "./fixture.js";
import { type Served, serve } from "./serve.js";

function expectForbidden(reply: Reply, what: string): void {
  expect(reply.status, `${what}: ${reply.text}`).toBe(403);
  expect(reply.headers.get("content-type"), what).toBe("application/problem+json");
}

/** Rows past the seeded 60, so that the table is longer than the largest page. */
const LAST_ID = MAX_PAGE_SIZE + 40;

async function addRows(database: FixtureDatabase): Promise<void> {
  const [inStock, createdAt] = database.dialect === "pg" ? ["true", "now()"] : ["1", "0"];
  const added = await database.query(
    `WITH RECURSIVE n(i) AS (SELECT 61 UNION ALL SELECT i + 1 FROM n WHERE i < ${LAST_ID})
     INSERT INTO products (id, name, category_id, in_stock, price, status, created_at)
     SELECT i, 'Bulk ' || i, NULL, ${inStock}, '1.00', 'draft', ${createdAt} FROM n RETURNING id`,
  );
  expect(added).toHaveLength(LAST_ID - 60);
}

export function runLimitsContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin limits contract: ${options.name}`, () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;

    beforeAll(async () => {
      database = await options.database();
      await addRows(database);
      const admin = fixtureAdmin(database);
      const { products } = database.tables as FixtureTables;
      const db = database.db as unknown as SQLiteDatabase;
      for (const [name, count] of [
        ["products_capped", { cap: 10_000 }],
        ["products_uncounted", "none"],
        // A cap the table just reaches, and one it passes by a row.
        ["products_cap_reached", { cap: LAST_ID }],
        ["products_cap_passed", { cap: LAST_ID - 1 }],
      ] as const) {
        admin.register(name, { model: tableModel(products), queryset: createManager(db, products), count });
      }
      server = await serve(options.framework, [admin]);
      staff = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("refuses every cookie-signed write method without the CSRF token, and changes nothing", async () => {
      const before = (await staff.get("/models/products/rows/7")).json;
      expect(before).toMatchObject({ id: 7, name: expect.any(String) });
      const changed = { ...before, name: "Changed by a forged request" };
      const writes: [string, string, unknown][] = [
        ["POST", "/models/products/rows/", { ...changed, id: undefined }],
        ["PUT", "/models/products/rows/7", changed],
        ["PATCH", "/models/products/rows/7", { name: changed.name }],
        ["DELETE", "/models/products/rows/7", undefined],
      ];
      for (const [method, path, body] of writes) {
        expectForbidden(await staff.request(method, path, body, { csrf: false }), `${method} without a token`);
        const guessed = await call(`${server.url}/admin/api${path}`, method, body, {
          cookie: staff.cookie,
          "x-csrf-token": `${staff.csrfToken}x`,
        });
        expectForbidden(guessed, `${method} with a wrong token`);
      }
      expect((await staff.get("/models/products/rows/7")).json).toEqual(before);
      const count = (await staff.get("/models/products/rows/?page_size=1")).json.count;
      expect(count).toBe(LAST_ID);
      // The token itself lets the same PATCH through: the refusals above were the CSRF check's.
      const patched = await staff.request("PATCH", "/models/products/rows/7", { name: changed.name });
      expect(patched.status, patched.text).toBe(200);
      expect(patched.json.name).toBe(changed.name);
    });

    it("serves at most MAX_PAGE_SIZE rows a page in every count mode", async () => {
      for (const model of ["products", "products_capped", "products_uncounted"]) {
        for (const asked of [String(MAX_PAGE_SIZE + 1), "100000"]) {
          const page = await staff.get(`/models/${model}/rows/?page_size=${asked}&ordering=id`);
          expect(page.status, `${model} ${page.text}`).toBe(200);
          expect(page.json.results, model).toHaveLength(MAX_PAGE_SIZE);
          expect(page.json.results.at(-1).id, model).toBe(MAX_PAGE_SIZE);
          expect(page.json.next, model).toContain("page=2");
          const second = await staff.get(`/models/${model}/rows/?page_size=${asked}&ordering=id&page=2`);
          expect(second.json.results, model).toHaveLength(LAST_ID - MAX_PAGE_SIZE);
        }
        const small = await staff.get(`/models/${model}/rows/?page_size=3`);
        expect(small.json.results, model).toHaveLength(3);
      }
    });

    it("says how it counted in each mode, links the pages, and answers 404 past the last", async () => {
      const first = (model: string) => staff.get(`/models/${model}/rows/?page_size=100&ordering=id`);
      expect((await first("products_uncounted")).json.count).toBeNull();
      expect((await first("products_capped")).json).toMatchObject({ count: LAST_ID, countCapped: false });
      expect((await first("products_cap_reached")).json).toMatchObject({ count: LAST_ID, countCapped: false });
      expect((await first("products_cap_passed")).json).toMatchObject({ count: LAST_ID - 1, countCapped: true });
      for (const model of ["products_capped", "products_uncounted"]) {
        const rows = (page: number) => staff.get(`/models/${model}/rows/?page_size=100&ordering=id&page=${page}`);
        const second = await rows(2);
        expect(second.json.previous, model).toBe(
          `${server.url}/admin/api/models/${model}/rows/?page_size=100&ordering=id`,
        );
        expect(second.json.next, model).toContain("page=3");
        const last = await rows(3);
        expect(last.json.results, model).toHaveLength(LAST_ID - 200);
        expect(last.json.next, model).toBeNull();
        expect(last.json.previous, model).toContain("page=2");
        for (const past of [4, 99]) expect((await rows(past)).status, `${model} page ${past}`).toBe(404);
        expect((await staff.get(`/models/${model}/rows/?page=0`)).status, model).toBe(404);
      }
    });
  });
}
