/**
 * The app's own admin actions on every adapter and database (the fixture's discount, as the
 * shop's): the form from the schema, the same 400s as the API's action, each row's failure
 * listed, and nothing written when the data, the permission or the CSRF token is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, type Reply } from "./client.js";
import type { AdminContractOptions } from "./contract-options.js";
import { addDailyTables, dailyAdmin, discountSelectionAction } from "./daily-fixture.js";
import { type FixtureDatabase, seedRows } from "./fixture.js";
import { type Served, serve } from "./serve.js";

function expectProblem(reply: Reply, status: number): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
}

/** 10% off, in whole cents, as the fixture's discount computes it. */
const discounted = (price: string, percent: number) =>
  (Math.max(1, Math.round(Number(price) * (100 - percent))) / 100).toFixed(2);

export function runActionsContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin actions: ${options.name}`, () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;
    let viewer: AdminClient;
    const seeded = seedRows();

    const prices = async () =>
      new Map(
        (await database.query("SELECT id, price FROM products ORDER BY id")).map((row) => [
          Number(row.id),
          Number(row.price).toFixed(2),
        ]),
      );

    beforeAll(async () => {
      database = await options.database();
      await addDailyTables(database);
      const readers = { historyReaders: (user: { username: string }) => user.username === "admin" };
      server = await serve(options.framework, [
        dailyAdmin(database, readers, { discount_all: discountSelectionAction(database) }),
      ]);
      staff = new AdminClient(server.url);
      viewer = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
      expect((await viewer.signIn("locked", "pw-locked")).status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("describes the action's form from its schema, to those who hold its permission", async () => {
      const actionsOf = async (client: AdminClient) =>
        (await client.get("/models")).json.models.find((m: { name: string }) => m.name === "products").actions;
      const discount = (await actionsOf(staff)).find((a: { name: string }) => a.name === "discount");
      expect(discount).toEqual({
        name: "discount",
        label: "Discount",
        form: [
          { name: "percent", label: "Percent", type: "number", required: true, minimum: 0.01, maximum: 99.99 },
          { name: "reason", label: "Reason", type: "text", required: false, maxLength: 100, default: "discount" },
        ],
      });
      expect(await actionsOf(viewer)).toEqual([]);
    });

    it("discounts every row the list's query matches by 10%, and says how many", async () => {
      const before = await prices();
      const chosen = seeded.products.filter((p) => p.status === "live" && p.categoryId === 2).map((p) => p.id);
      const reply = await staff.request("POST", "/models/products/actions/discount", {
        selection: { query: "status=live&categoryId=2" },
        data: { percent: 10 },
      });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json).toEqual({
        action: "discount",
        count: chosen.length,
        message: `Discounted ${chosen.length} products.`,
      });
      const after = await prices();
      for (const [id, price] of before) {
        expect(after.get(id), `product ${id}`).toBe(chosen.includes(id) ? discounted(price, 10) : price);
      }
    });

    it("lists each row that failed and why, and changes the others", async () => {
      const before = await prices();
      const reply = await staff.request("POST", "/models/products/actions/discount", {
        selection: { ids: [1, 2, 4] },
        data: { percent: 50, reason: "clearance" },
      });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json).toEqual({
        action: "discount",
        count: 2,
        message: "Discounted 2 products. 1 product could not be changed.",
        failures: [{ id: 2, label: seeded.products[1]!.name, message: "A withdrawn product keeps its price." }],
      });
      const after = await prices();
      expect(after.get(1)).toBe(discounted(before.get(1)!, 50));
      expect(after.get(2)).toBe(before.get(2));
      expect(after.get(4)).toBe(discounted(before.get(4)!, 50));
    });

    it("answers bad data with the API's 400 beside each field, and changes nothing", async () => {
      const before = await prices();
      const bad: [unknown, string][] = [
        [{ percent: 0 }, "percent"],
        [{ percent: 100 }, "percent"],
        [{ percent: "10" }, "percent"],
        [{}, "percent"],
        [{ percent: 10, reason: "" }, "reason"],
      ];
      for (const [data, key] of bad) {
        const reply = await staff.request("POST", "/models/products/actions/discount", {
          selection: { ids: [1] },
          data,
        });
        expectProblem(reply, 400);
        expect(Object.keys(reply.json.errors), JSON.stringify(data)).toEqual([key]);
      }
      expect(await prices()).toEqual(before);
    });

    it("needs the action's permission and the CSRF token, and changes nothing without them", async () => {
      const before = await prices();
      const body = { selection: { ids: [1] }, data: { percent: 10 } };
      expectProblem(await viewer.request("POST", "/models/products/actions/discount", body), 403);
      expectProblem(await staff.request("POST", "/models/products/actions/discount", body, { csrf: false }), 403);
      expectProblem(await staff.request("POST", "/models/categories/actions/discount", body), 404);
      expect(await prices()).toEqual(before);
    });

    it("runs a selection action once over every matching row: one summary, refused rows listed, an entry per changed row", async () => {
      const before = await prices();
      const matching = seeded.products.filter((p) => p.categoryId === 3);
      const withdrawn = matching.filter((p) => p.status === "archived");
      const changed = matching.filter((p) => p.status !== "archived").map((p) => p.id);
      const reply = await staff.request("POST", "/models/products/actions/discount_all", {
        selection: { query: "categoryId=3" },
        data: { percent: 10 },
      });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json).toEqual({
        action: "discount_all",
        count: changed.length,
        message: `Discounted ${changed.length} products. ${withdrawn.length} products could not be changed.`,
        failures: withdrawn.map((p) => ({ id: p.id, label: p.name, message: "A withdrawn product keeps its price." })),
      });
      const after = await prices();
      for (const [id, price] of before) {
        expect(after.get(id), `product ${id}`).toBe(changed.includes(id) ? discounted(price, 10) : price);
      }
      const entries = (await staff.get("/history?action=discount_all")).json.results as {
        objectId: string;
        changes: { field: string; old: unknown; new: unknown }[];
      }[];
      expect(entries.map((e) => Number(e.objectId)).sort((a, b) => a - b)).toEqual(changed);
      const first = entries.find((e) => e.objectId === String(changed[0]))!;
      expect(first.changes).toEqual([
        expect.objectContaining({ field: "price", new: discounted(before.get(changed[0]!)!, 10) }),
      ]);
    });

    it("writes nothing when a selection action's run, its data, its permission or the CSRF token is refused", async () => {
      const before = await prices();
      const logged = async () => (await staff.get("/history?action=discount_all")).json.results.length as number;
      const entries = await logged();
      const body = { selection: { ids: [1, 4, 5] }, data: { percent: 10, reason: "refuse" } };
      const refused = await staff.request("POST", "/models/products/actions/discount_all", body);
      expectProblem(refused, 400);
      expect(Object.keys(refused.json.errors)).toEqual(["reason"]);
      const valid = { ...body, data: { percent: 10 } };
      expectProblem(await staff.request("POST", "/models/products/actions/discount_all", { ...body, data: {} }), 400);
      expectProblem(await viewer.request("POST", "/models/products/actions/discount_all", valid), 403);
      expectProblem(await staff.request("POST", "/models/products/actions/discount_all", valid, { csrf: false }), 403);
      expect(await prices()).toEqual(before);
      expect(await logged()).toBe(entries);
    });
  });

  describe.skipIf(options.skipReason !== undefined)(`admin selection action over 10,000 rows: ${options.name}`, () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;

    beforeAll(async () => {
      database = await options.database();
      await addDailyTables(database);
      const rows =
        database.dialect === "sqlite"
          ? `WITH RECURSIVE n(i) AS (SELECT 1001 UNION ALL SELECT i + 1 FROM n WHERE i < 11000)
             SELECT i, 'Bulk ' || i, 1, '10.00', 'live', 0 FROM n`
          : "SELECT i, 'Bulk ' || i, 1, 10.00, 'live', now() FROM generate_series(1001, 11000) AS i";
      await database.query(`INSERT INTO products (id, name, category_id, price, status, created_at) ${rows}`);
      server = await serve(options.framework, [
        dailyAdmin(database, {}, { discount_all: discountSelectionAction(database) }),
      ]);
      staff = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("discounts the 10,000 rows a query selects in one run, and logs each", async () => {
      const reply = await staff.request("POST", "/models/products/actions/discount_all", {
        selection: { query: "search=Bulk" },
        data: { percent: 10 },
      });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json).toEqual({ action: "discount_all", count: 10_000, message: "Discounted 10,000 products." });
      const [discountedRows] = await database.query(
        "SELECT COUNT(*) AS n FROM products WHERE name LIKE 'Bulk %' AND price = 9",
      );
      expect(Number(discountedRows?.n)).toBe(10_000);
      const [entries] = await database.query(
        "SELECT COUNT(*) AS n FROM viewsets_admin_history WHERE action = 'discount_all'",
      );
      expect(Number(entries?.n)).toBe(10_000);
    });
  });
}
