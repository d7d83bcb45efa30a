/**
 * The admin's selection routes on every adapter and database: the delete preview (what blocks a
 * delete, what goes with it) and the `delete_selected` action (permissions, CSRF, 400s, one
 * transaction, nothing written when refused).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, call, type Reply } from "./client.js";
import type { AdminContractOptions } from "./contract-options.js";
import { addDailyTables, dailyAdmin, ORDERED_PRODUCT, REVIEWS } from "./daily-fixture.js";
import { ADMIN_TOKEN, type FixtureDatabase, seedRows } from "./fixture.js";
import { type Served, serve } from "./serve.js";

function expectProblem(reply: Reply, status: number): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
}

export function runSelectionContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin selection routes: ${options.name}`, () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;
    let editor: AdminClient;
    let viewer: AdminClient;
    const seeded = seedRows();

    const count = async (table: string, where = "") =>
      Number((await database.query(`SELECT COUNT(*) AS n FROM ${table} ${where}`))[0]!.n);
    const productIds = async () =>
      (await database.query("SELECT id FROM products ORDER BY id")).map((row) => Number(row.id));

    beforeAll(async () => {
      database = await options.database();
      await addDailyTables(database);
      server = await serve(options.framework, [dailyAdmin(database)]);
      staff = new AdminClient(server.url);
      editor = new AdminClient(server.url);
      viewer = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
      expect((await editor.signIn("editor", "pw-editor")).status).toBe(200);
      expect((await viewer.signIn("locked", "pw-locked")).status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("offers delete_selected in the model object only to those who may delete", async () => {
      const actionsOf = async (client: AdminClient, model: string) =>
        (await client.get("/models")).json.models.find((m: { name: string }) => m.name === model).actions;
      const names = async (client: AdminClient, model: string) =>
        (await actionsOf(client, model)).map((action: { name: string }) => action.name);
      expect((await actionsOf(staff, "products"))[0]).toEqual({
        name: "delete_selected",
        label: "Delete selected products",
      });
      expect(await names(staff, "products")).toEqual(["delete_selected", "discount"]);
      expect(await names(editor, "products")).toEqual(["delete_selected", "discount"]);
      expect(await actionsOf(editor, "categories")).toEqual([]);
      expect(await actionsOf(viewer, "products")).toEqual([]);
    });

    it("lists the products that block deleting a category, with counts, before anything is deleted", async () => {
      const used = seeded.products.filter((p) => p.categoryId === 2);
      const reply = await staff.request("POST", "/models/categories/delete-preview", { selection: { ids: [2] } });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json).toMatchObject({ count: 1, rows: [{ id: 2, label: "Games" }], deletes: [], deletable: false });
      expect(reply.json.blocks).toEqual([
        {
          model: "products",
          label: "Products",
          field: "Category",
          count: used.length,
          rows: used.slice(0, 20).map((p) => ({ id: p.id, label: p.name })),
        },
      ]);
      const refused = await staff.request("POST", "/models/categories/actions/delete_selected", {
        selection: { ids: [2] },
      });
      expectProblem(refused, 409);
      expect(refused.json.detail).toContain(`${used.length} products (Category)`);
      expect(await count("categories", "WHERE id = 2")).toBe(1);
    });

    it("lists the reviews a product delete takes with it, and a category no product uses as deletable", async () => {
      const reply = await staff.request("POST", "/models/products/delete-preview", { selection: { ids: [1, 2, 7] } });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json.count).toBe(3);
      expect(reply.json.blocks).toEqual([]);
      expect(reply.json.deletes).toEqual([
        {
          model: "reviews",
          label: "Reviews",
          field: "Product",
          count: 4,
          rows: REVIEWS.slice(0, 4).map((r) => ({ id: r.id, label: r.body })),
          mayDelete: true,
        },
      ]);
      expect(reply.json.deletable).toBe(true);
      const free = await staff.request("POST", "/models/categories/delete-preview", { selection: { ids: [6] } });
      expect(free.json).toMatchObject({ count: 1, blocks: [], deletes: [], deletable: true });
    });

    it("deletes three selected products and their reviews, and says how many", async () => {
      const reply = await staff.request("POST", "/models/products/actions/delete_selected", {
        selection: { ids: [3, 4, 8] },
      });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json).toEqual({ action: "delete_selected", count: 3, message: "Deleted 3 products." });
      expect(await count("products", "WHERE id IN (3, 4, 8)")).toBe(0);
      expect(await count("reviews", "WHERE product_id IN (3, 4)")).toBe(0);
      expect(await count("reviews")).toBe(REVIEWS.length - 4);
    });

    it("deletes all the rows the list's query matches, exactly those the list shows", async () => {
      const query = "status=archived&search=green&price__lt=150";
      const listed = await staff.get(`/models/products/rows/?${query}&page_size=200`);
      const shown = listed.json.results.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b);
      expect(shown.length).toBeGreaterThan(1);
      const before = await productIds();
      const reply = await staff.request("POST", "/models/products/actions/delete_selected", {
        selection: { query: `?${query}&page=2&ordering=-price` },
      });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json.count).toBe(shown.length);
      expect(await productIds()).toEqual(before.filter((id) => !shown.includes(id)));
    });

    it("deletes in one transaction: a row the database refuses leaves every other selected row in place", async () => {
      const before = await productIds();
      const selection = { ids: [15, 16, ORDERED_PRODUCT] };
      const reply = await staff.request("POST", "/models/products/actions/delete_selected", { selection });
      expectProblem(reply, 409);
      expect(reply.text).not.toMatch(/order_lines|FOREIGN|constraint|at .*\.js/i);
      expect(await productIds()).toEqual(before);
    });

    it("refuses a delete that would take rows the user may not delete, and deletes nothing", async () => {
      const reply = await editor.request("POST", "/models/products/actions/delete_selected", {
        selection: { ids: [5, 12] },
      });
      expectProblem(reply, 403);
      expect(reply.json.detail).toContain("reviews");
      expect(await count("products", "WHERE id IN (5, 12)")).toBe(2);
      const preview = await editor.request("POST", "/models/products/delete-preview", { selection: { ids: [5] } });
      expect(preview.json).toMatchObject({ deletable: false, deletes: [{ model: "reviews", mayDelete: false }] });
      // A product without reviews is theirs to delete.
      const allowed = await editor.request("POST", "/models/products/actions/delete_selected", {
        selection: { ids: [12] },
      });
      expect(allowed.status, allowed.text).toBe(200);
    });

    it("needs the delete permission, the CSRF token with a cookie, and POST", async () => {
      const body = { selection: { ids: [13] } };
      expectProblem(await viewer.request("POST", "/models/products/actions/delete_selected", body), 403);
      expectProblem(await viewer.request("POST", "/models/products/delete-preview", body), 403);
      expectProblem(
        await staff.request("POST", "/models/products/actions/delete_selected", body, { csrf: false }),
        403,
      );
      expectProblem(await staff.request("POST", "/models/products/delete-preview", body, { csrf: false }), 403);
      expectProblem(await call(`${server.url}/admin/api/models/products/actions/delete_selected`, "POST", body), 401);
      expectProblem(await staff.get("/models/products/actions/delete_selected"), 405);
      expectProblem(await staff.get("/models/products/delete-preview"), 405);
      expectProblem(await staff.request("POST", "/models/products/actions/publish", body), 404);
      expectProblem(await staff.request("POST", "/models/nothing/actions/delete_selected", body), 404);
      expect(await count("products", "WHERE id = 13")).toBe(1);
      // A bearer token signs a request without a cookie: no CSRF token is needed.
      const token = await call(`${server.url}/admin/api/models/products/actions/delete_selected`, "POST", body, {
        authorization: `Bearer ${ADMIN_TOKEN}`,
      });
      expect(token.status, token.text).toBe(200);
      expect(await count("products", "WHERE id = 13")).toBe(0);
    });

    it("answers a bad selection with a 400 naming it, and deletes nothing", async () => {
      const before = await productIds();
      const bad: unknown[] = [
        {},
        { selection: null },
        { selection: { ids: [] } },
        { selection: { ids: ["x"] } },
        { selection: { ids: [1.5] } },
        { selection: { ids: [14], query: "" } },
        { selection: { everything: true } },
        { selection: { ids: [14, 999999] } },
        { selection: { query: "price__gte=cheap" } },
        { selection: { query: "status=nothing" } },
      ];
      for (const body of bad) {
        const reply = await staff.request("POST", "/models/products/actions/delete_selected", body);
        expectProblem(reply, 400);
        expect(Object.keys(reply.json.errors ?? {}), JSON.stringify(body)).toEqual(["selection"]);
      }
      expectProblem(await staff.request("POST", "/models/products/actions/delete_selected", [1, 2]), 400);
      expectProblem(await staff.request("POST", "/models/products/actions/delete_selected", "{nope"), 400);
      expect(await productIds()).toEqual(before);
    });
  });
}
