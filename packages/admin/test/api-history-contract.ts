/**
 * Opt-in history of the REST API's writes (`admin.historyOf`) on every adapter and database: a
 * create, an update (PUT and PATCH) and a delete through the API show in the record's history with
 * the API user's name and the old and new values, in the write's transaction; a model left
 * without it logs nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerTokenAuthentication, Router } from "@viewsets/core";
import { modelViewSet, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { AdminClient, call, type Reply } from "./client.js";
import type { AdminContractOptions } from "./contract-options.js";
import { addDailyTables, dailyAdmin } from "./daily-fixture.js";
import { type FixtureDatabase, type FixtureTables, seedRows, USERS } from "./fixture.js";
import { refuseEntries } from "./history-atomic-contract.js";
import { type Served, serve } from "./serve.js";

interface Entry {
  readonly user: string;
  readonly action: string;
  readonly changes: readonly { field: string; old: unknown; new: unknown }[];
}

export function runApiHistoryContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin history of the API's writes: ${options.name}`, () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;
    const seeded = seedRows();
    const api = (method: string, path: string, body?: unknown): Promise<Reply> =>
      call(`${server.url}/api/${path}`, method, body, { authorization: "Bearer token-editor" });
    const historyOf = async (model: string, id: number | string) =>
      (await staff.get(`/models/${model}/history?object=${id}`)).json.results as Entry[];

    beforeAll(async () => {
      database = await options.database();
      await addDailyTables(database);
      const admin = dailyAdmin(database, { historyReaders: (user) => user.username === "admin" });
      const router = new Router("/api", {
        onError: () => {},
        authentication: [
          bearerTokenAuthentication({
            verify: async (token) => USERS.find((user) => token === `token-${user.username}`) ?? null,
          }),
        ],
      });
      // The PostgreSQL tables have the same columns: typed as the SQLite ones, as the fixture does.
      const db = database.db as unknown as SQLiteDatabase;
      const { products, categories } = database.tables as FixtureTables;
      const productViewSet = modelViewSet(db, products, {
        model: { decimals: { price: { maxDigits: 10, decimalPlaces: 2 } } },
      });
      productViewSet.options.queryset = admin.historyOf("products", productViewSet.options.queryset);
      router.register("products", productViewSet);
      // The same logged manager in the admin too: the admin's writes through it are the admin's to log.
      admin.register("products_api", { model: tableModel(products), queryset: productViewSet.options.queryset });
      router.register("categories", modelViewSet(db, categories));
      server = await serve(options.framework, [router, admin]);
      staff = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("logs a create, a partial update, an update and a delete through the API as its user", async () => {
      const created = await api("POST", "products/", { name: "Kettle", price: "20.00" });
      expect(created.status, created.text).toBe(201);
      const id = created.json.id as number;
      expect(await historyOf("products", id)).toEqual([
        expect.objectContaining({ user: "editor", action: "add", objectLabel: "Kettle", changes: [] }),
      ]);

      const patched = await api("PATCH", `products/${id}`, { price: "18.50" });
      expect(patched.status, patched.text).toBe(200);
      expect((await historyOf("products", id))[0]).toMatchObject({
        user: "editor",
        action: "change",
        changes: [{ field: "price", label: "Price", old: "20.00", new: "18.50" }],
      });

      const put = await api("PUT", `products/${id}`, { ...patched.json, name: "Steel kettle" });
      expect(put.status, put.text).toBe(200);
      expect((await historyOf("products", id))[0]).toMatchObject({
        action: "change",
        objectLabel: "Steel kettle",
        changes: [{ field: "name", old: "Kettle", new: "Steel kettle" }],
      });

      expect((await api("DELETE", `products/${id}`)).status).toBe(204);
      expect((await historyOf("products", id)).map((e) => e.action)).toEqual(["delete", "change", "change", "add"]);
      const recent = (await staff.get("/history?user=editor")).json.results as Entry[];
      expect(recent[0]).toMatchObject({ action: "delete", user: "editor" });
    });

    it("logs nothing for a refused write, nor for a model without historyOf", async () => {
      const refused = await api("PATCH", "products/9", { price: "cheap" });
      expect(refused.status, refused.text).toBe(400);
      expect(await historyOf("products", 9)).toEqual([]);
      const category = await api("PATCH", "categories/1", { name: "Renamed" });
      expect(category.status, category.text).toBe(200);
      expect(await historyOf("categories", 1)).toEqual([]);
    });

    it("logs a write through the admin once", async () => {
      expect((await staff.request("PATCH", "/models/products/rows/11", { name: "Once" })).status).toBe(200);
      expect((await historyOf("products", 11)).map((e) => e.action)).toEqual(["change"]);
    });

    it("logs an admin write through a logged manager once, as the admin's", async () => {
      const reply = await staff.request("PATCH", "/models/products_api/rows/13", { name: "Through both" });
      expect(reply.status, reply.text).toBe(200);
      expect((await historyOf("products_api", 13)).map((e) => e.action)).toEqual(["change"]);
      expect(await historyOf("products", 13)).toEqual([]);
    });

    it("rolls an API write back when its entry cannot be written, and leaks nothing", async () => {
      await refuseEntries(database);
      const reply = await api("PATCH", "products/12", { name: "refuse this" });
      expect(reply.status, reply.text).toBe(500);
      expect(reply.text).not.toMatch(/secret|viewsets_admin_history/);
      const [row] = await database.query("SELECT name FROM products WHERE id = 12");
      expect(row?.name).toBe(seeded.products[11]!.name);
      expect(await historyOf("products", 12)).toEqual([]);
    });
  });
}
