/**
 * The admin's history on every adapter and database: each write through the admin logged with who,
 * which action and each changed field's old and new value; nothing for a refused write; the
 * per-record and recent-actions routes with their permissions; the retention.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, call, type Reply } from "./client.js";
import type { AdminContractOptions } from "./contract-options.js";
import { addDailyTables, dailyAdmin } from "./daily-fixture.js";
import { type FixtureDatabase, NOW, seedRows } from "./fixture.js";
import { type Served, serve } from "./serve.js";

function expectProblem(reply: Reply, status: number): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
}

export function runHistoryContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin history: ${options.name}`, () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;
    let viewer: AdminClient;
    const seeded = seedRows();
    const historyOf = async (client: AdminClient, model: string, id: number) =>
      (await client.get(`/models/${model}/history?object=${id}`)).json.results;

    beforeAll(async () => {
      database = await options.database();
      await addDailyTables(database);
      server = await serve(options.framework, [
        dailyAdmin(database, { historyRetentionDays: 30, historyReaders: (user) => user.username === "admin" }),
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

    it("logs a change with each changed field's old and new value, and nothing for a refused one", async () => {
      const product = seeded.products[4]!;
      expectProblem(await staff.request("PATCH", "/models/products/rows/5", { price: "cheap" }), 400);
      expectProblem(await staff.request("PATCH", "/models/products/rows/5", { name: "X" }, { csrf: false }), 403);
      expect(await historyOf(staff, "products", 5)).toEqual([]);
      const reply = await staff.request("PATCH", "/models/products/rows/5", {
        name: "Renamed",
        price: "9.50",
        status: product.status,
      });
      expect(reply.status, reply.text).toBe(200);
      expect(await historyOf(staff, "products", 5)).toEqual([
        {
          id: expect.any(Number),
          user: "admin",
          model: "products",
          objectId: "5",
          objectLabel: "Renamed",
          action: "change",
          changes: [
            { field: "name", label: "Name", old: product.name, new: "Renamed" },
            { field: "price", label: "Price", old: product.price, new: "9.50" },
          ],
          createdAt: NOW.toISOString(),
        },
      ]);
    });

    it("logs a create, a delete, a delete of a selection and an action per row", async () => {
      const created = await staff.request("POST", "/models/products/rows/", { name: "Lamp", price: "5.00" });
      expect(created.status, created.text).toBe(201);
      expect((await historyOf(staff, "products", created.json.id))[0]).toMatchObject({
        action: "add",
        objectLabel: "Lamp",
      });
      expect((await staff.request("DELETE", `/models/products/rows/${created.json.id}`)).status).toBe(204);
      expect((await historyOf(staff, "products", created.json.id)).map((e: { action: string }) => e.action)).toEqual([
        "delete",
        "add",
      ]);
      const deleted = await staff.request("POST", "/models/products/actions/delete_selected", {
        selection: { ids: [7, 8] },
      });
      expect(deleted.status, deleted.text).toBe(200);
      expect((await historyOf(staff, "products", 8))[0]).toMatchObject({
        action: "delete",
        objectLabel: seeded.products[7]!.name,
      });
      const discounted = await staff.request("POST", "/models/products/actions/discount", {
        selection: { ids: [10] },
        data: { percent: 50 },
      });
      expect(discounted.status, discounted.text).toBe(200);
      expect((await historyOf(staff, "products", 10))[0]).toMatchObject({
        action: "discount",
        changes: [
          { field: "price", old: seeded.products[9]!.price, new: (Number(seeded.products[9]!.price) / 2).toFixed(2) },
        ],
      });
    });

    it("shows each user their own recent actions, on the models they may view", async () => {
      const recent = await staff.get("/history/recent");
      expect(recent.status, recent.text).toBe(200);
      expect(recent.json.results[0]).toMatchObject({ action: "discount", objectId: "10", user: "admin" });
      expect(recent.json.results.length).toBeLessThanOrEqual(10);
      expect((await viewer.get("/history/recent")).json.results).toEqual([]);
    });

    it("lets history readers filter the whole log by model, user and action; others get 403", async () => {
      const all = await staff.get("/history");
      expect(all.status, all.text).toBe(200);
      expect(all.json.results.length).toBeGreaterThan(3);
      const deletes = await staff.get("/history?model=products&user=admin&action=delete");
      expect(deletes.json.results.map((e: { objectId: string }) => e.objectId).sort()).toEqual(
        expect.arrayContaining(["7", "8"]),
      );
      expect(deletes.json.results.every((e: { action: string }) => e.action === "delete")).toBe(true);
      expect((await staff.get("/history?user=nobody")).json.results).toEqual([]);
      expect((await staff.get("/history?page=99")).json.results).toEqual([]);
      const badModel = await staff.get("/history?model=secrets");
      expectProblem(badModel, 400);
      expect(Object.keys(badModel.json.errors)).toEqual(["model"]);
      expectProblem(await staff.get("/history?page=0"), 400);
      expectProblem(await viewer.get("/history"), 403);
      expectProblem(await staff.get("/history/other"), 404);
    });

    it("pages the log 50 entries at a time and says whether a next page follows", async () => {
      const values = Array.from({ length: 60 }, (_, i) => {
        const at = NOW.getTime() - 1000 * (i + 1);
        return `('9', '${i < 50 ? "pager" : "pager2"}', 'categories', '1', 'Page ${i}', 'paging', '[]', ${at})`;
      });
      await database.query(`INSERT INTO viewsets_admin_history (user_id, username, model, object_id, object_label,
        action, changes, created_at) VALUES ${values.join(", ")}`);
      const labels = (reply: Reply) => reply.json.results.map((e: { objectLabel: string }) => e.objectLabel);
      const first = await staff.get("/history?action=paging");
      expect(first.status, first.text).toBe(200);
      expect(first.json.next).toBe(true);
      expect(labels(first)).toEqual(Array.from({ length: 50 }, (_, i) => `Page ${i}`));
      const second = await staff.get("/history?action=paging&page=2");
      expect(second.json.next).toBe(false);
      expect(labels(second)).toEqual(Array.from({ length: 10 }, (_, i) => `Page ${50 + i}`));
      // Exactly one page: no next one.
      const exact = await staff.get("/history?action=paging&user=pager");
      expect(exact.json.results).toHaveLength(50);
      expect(exact.json.next).toBe(false);
      expect(await staff.get("/history?action=paging&page=3")).toMatchObject({ json: { results: [], next: false } });
    });

    it("tells the UI who may read the log: readHistory in the models answer follows historyReaders", async () => {
      const reader = await staff.get("/models");
      expect(reader.status, reader.text).toBe(200);
      expect(reader.json.readHistory).toBe(true);
      expect((await viewer.get("/models")).json.readHistory).toBe(false);
    });

    it("needs a session and the view permission to read a record's history", async () => {
      expectProblem(await call(`${server.url}/admin/api/models/products/history?object=5`, "GET"), 401);
      expectProblem(await call(`${server.url}/admin/api/history/recent`, "GET"), 401);
      expectProblem(await viewer.get("/models/reviews/history?object=1"), 403);
      expect((await viewer.get("/models/products/history?object=5")).json.results).toHaveLength(1);
      expectProblem(await staff.get("/models/products/history"), 404);
      expectProblem(await staff.request("POST", "/models/products/history?object=5"), 405);
    });

    it("keeps entries for the retention period only", async () => {
      const old = NOW.getTime() - 31 * 24 * 60 * 60 * 1000;
      await database.query(`INSERT INTO viewsets_admin_history (user_id, username, model, object_id, object_label,
        action, changes, created_at) VALUES ('1', 'admin', 'products', '11', 'Old', 'change', '[]', ${old})`);
      expect(await historyOf(staff, "products", 11)).toHaveLength(1);
      expect((await staff.request("PATCH", "/models/products/rows/12", { name: "Newer" })).status).toBe(200);
      expect(await historyOf(staff, "products", 11)).toEqual([]);
    });
  });
}
