/**
 * A foreign key to a row its target's manager hides is answered as one to a missing row (400 on
 * the field, nothing written), so a client cannot learn which hidden rows exist. On both
 * databases, for a create, an update and a bulk create.
 */
import { like, not, type Table } from "drizzle-orm";
import { fakeRequest } from "@viewsets/core/testing";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contextOf, Router } from "@viewsets/core";
import { DrizzleManager, modelViewSet, type PostgresDatabase } from "../src/index.js";
import { DATABASES, type TestDatabase } from "./databases.js";
import { bodyOf } from "./requests.js";

const MISSING = 987654;

for (const setup of DATABASES) {
  describe.skipIf(setup.skipReason !== undefined)(`foreign keys to hidden rows on ${setup.name}`, () => {
    let database: TestDatabase;
    let router: Router;
    let visible: number;
    let hidden: number;

    const send = async (method: string, path: string, body: unknown) => {
      const response = await router.handle(fakeRequest(method, path, { body }));
      return { status: response!.status, json: bodyOf(response) };
    };
    /** The answer with the id it echoes taken out: what a client could compare. */
    const shape = (answer: { status: number; json: Record<string, unknown> }) =>
      JSON.stringify(answer).replaceAll(String(hidden), "ID").replaceAll(String(MISSING), "ID");

    beforeAll(async () => {
      database = await setup.connect();
      const db = database.db as PostgresDatabase;
      const categories = database.categories as PgTable & { name: never };
      router = new Router("/api");
      // The categories' manager hides every category whose name starts with "hidden".
      router.register(
        "categories",
        modelViewSet(db, categories, { scope: (t) => not(like((t as unknown as { name: never }).name, "hidden%")) }),
      );
      router.register("products", modelViewSet(db, database.products as PgTable, { bulkCreate: true }));
    });
    afterAll(() => database?.close());
    beforeEach(async () => {
      await database.reset();
      const ctx = contextOf(fakeRequest("GET", "/"));
      const manager = new DrizzleManager(database.db, database.categories as Table);
      visible = ((await manager.create(ctx, { name: "Lamps" } as never)) as { id: number }).id;
      hidden = ((await manager.create(ctx, { name: "hidden stock" } as never)) as { id: number }).id;
    });

    const product = (sku: string, categoryId: number) => ({ name: "Lamp", sku, price: "1.00", categoryId });

    it("answers a create pointing at a hidden row as one pointing at a missing row", async () => {
      expect((await send("POST", "/api/products/", product("a", visible))).status).toBe(201);
      const toHidden = await send("POST", "/api/products/", product("b", hidden));
      const toMissing = await send("POST", "/api/products/", product("c", MISSING));
      expect(toHidden.status).toBe(400);
      expect(toHidden.json.errors).toEqual({ categoryId: [`Invalid pk "${hidden}" - object does not exist.`] });
      expect(shape(toHidden)).toBe(shape(toMissing));
      expect(await database.countProducts()).toBe(1);
    });

    it("refuses an update or a bulk create that points at a hidden row, writing nothing", async () => {
      const created = await send("POST", "/api/products/", product("a", visible));
      const patched = await send("PATCH", `/api/products/${created.json.id}`, { categoryId: hidden });
      expect(patched.status).toBe(400);
      expect(Object.keys(patched.json.errors as object)).toEqual(["categoryId"]);
      const read = await router.handle(fakeRequest("GET", `/api/products/${created.json.id}`));
      expect(bodyOf(read).categoryId).toBe(visible);

      const bulk = await send("POST", "/api/products/", [product("b1", visible), product("b2", hidden)]);
      expect(bulk.status).toBe(400);
      expect(Object.keys(bulk.json.errors as object)).toEqual(["1.categoryId"]);
      expect(await database.countProducts()).toBe(1);
    });
  });
}
