/**
 * Transactions, bulk create, clean and validation messages on a real database: run on a SQLite
 * file and on PostgreSQL by the same files as the data suite.
 */
import type { Table } from "drizzle-orm";
import { fakeRequest } from "@viewsets/core/testing";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ApiResponse, contextOf, type RequestContext, Router } from "@viewsets/core";
import {
  atomic,
  DrizzleManager,
  type ModelViewSetOptions,
  modelViewSet,
  type PostgresDatabase,
  type SQLiteDatabase,
} from "../src/index.js";
import type { DataFixture, DialectSetup } from "./data-suite.js";

const request = (method: string, path: string, body?: unknown) => fakeRequest(method, path, { body });

function json(response: ApiResponse | null): any {
  expect(response).not.toBeNull();
  return response!.body === null ? undefined : JSON.parse(response!.body as string);
}

const ctx: RequestContext = contextOf(request("GET", "/"));

/** A promise and the function that settles it: holds a transaction open while others run. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

export function runWritesSuite(setup: DialectSetup): void {
  describe.skipIf(setup.skipReason !== undefined)(`writes on ${setup.name}`, () => {
    let fx: DataFixture;
    let products: DrizzleManager<Table>;
    let categories: DrizzleManager<Table>;
    const db = () => fx.db as SQLiteDatabase;
    const names = async () =>
      ((await products.all(ctx)) as { name: string }[]).map((row) => row.name).sort((a, b) => a.localeCompare(b));
    const viewSet = (options: ModelViewSetOptions<Table>) =>
      modelViewSet(fx.db as PostgresDatabase, fx.products as PgTable, options as ModelViewSetOptions<PgTable>);
    const routerWith = (options: ModelViewSetOptions<Table>) => {
      const router = new Router("/api", { onError: () => {} });
      router.register("products", viewSet(options));
      return router;
    };

    beforeAll(async () => {
      fx = await setup.connect();
      products = new DrizzleManager(fx.db, fx.products);
      categories = new DrizzleManager(fx.db, fx.categories);
    });
    afterAll(async () => {
      await fx?.close();
    });
    beforeEach(async () => {
      await fx.reset();
    });

    describe("atomic", () => {
      it("commits every write of the flow, or rolls all of them back, across managers", async () => {
        await atomic(db(), async () => {
          const category = (await categories.create(ctx, { name: "Lamps" })) as { id: number };
          await products.create(ctx, { name: "Kept", sku: "K-1", price: "1", categoryId: category.id });
        });
        await expect(
          atomic(db(), async () => {
            await categories.create(ctx, { name: "Chairs" });
            await products.create(ctx, { name: "Gone", sku: "G-1", price: "1" });
            throw new Error("after the writes");
          }),
        ).rejects.toThrow("after the writes");
        expect(await names()).toEqual(["Kept"]);
        expect(await categories.count(ctx)).toBe(1);
      });

      it("keeps other requests out of an open transaction: they neither see it nor join it", async () => {
        const [begun, held] = [gate(), gate()];
        const inside = atomic(db(), async () => {
          await products.create(ctx, { name: "Uncommitted", sku: "U-1", price: "1" });
          begun.open();
          await held.wait;
          throw new Error("roll back");
        });
        await begun.wait;
        // Another request, outside the transaction, while it is open: give it every chance to run.
        const outside = products.create(ctx, { name: "Outside", sku: "O-1", price: "1" });
        const seen = names();
        for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
        held.open();
        await expect(inside).rejects.toThrow("roll back");
        await outside;
        expect(await seen).not.toContain("Uncommitted");
        expect(await names()).toEqual(["Outside"]);
      });

      it("a read by id outside an open transaction sees neither its new rows nor its changes", async () => {
        const kept = (await products.create(ctx, { name: "Before", sku: "B-1", price: "1" })) as { id: number };
        const [begun, held] = [gate(), gate()];
        let uncommitted = 0;
        const inside = atomic(db(), async () => {
          const row = (await products.get(ctx, kept.id)) as { name: string };
          row.name = "Changed";
          await products.update(ctx, row);
          uncommitted = ((await products.create(ctx, { name: "New", sku: "N-1", price: "1" })) as { id: number }).id;
          begun.open();
          await held.wait;
          throw new Error("roll back");
        });
        await begun.wait;
        const reads = [products.get(ctx, kept.id), products.get(ctx, uncommitted)];
        for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
        held.open();
        await expect(inside).rejects.toThrow("roll back");
        const [before, missing] = await Promise.all(reads);
        expect((before as { name: string }).name).toBe("Before");
        expect(missing).toBeNull();
      });

      it("reads inside the transaction see its own writes, by list, count and id", async () => {
        const seenInside: unknown[] = [];
        await expect(
          atomic(db(), async () => {
            const row = (await products.create(ctx, { name: "Mine", sku: "M-1", price: "1" })) as { id: number };
            // Cached (prepared) statements would run on another pooled client than the transaction's.
            seenInside.push(await products.count(ctx), await names(), (await products.get(ctx, row.id)) !== null);
            throw new Error("roll back");
          }),
        ).rejects.toThrow("roll back");
        expect(seenInside).toEqual([1, ["Mine"], true]);
        // The statements prepared meanwhile still serve requests outside it.
        expect(await products.count(ctx)).toBe(0);
        expect(await names()).toEqual([]);
      });

      it("a nested call joins the open transaction", async () => {
        await expect(
          atomic(db(), async () => {
            await atomic(db(), () => products.create(ctx, { name: "Inner", sku: "I-1", price: "1" }));
            throw new Error("outer fails");
          }),
        ).rejects.toThrow("outer fails");
        expect(await names()).toEqual([]);
      });

      it("a viewset's atomic option rolls back a write route that fails after writing", async () => {
        const failAfterWrite = (options: ModelViewSetOptions<Table>) => {
          const viewset = viewSet(options);
          const create = viewset.create.bind(viewset);
          viewset.create = async (context) => {
            await create(context);
            throw new Error("a later step failed");
          };
          const router = new Router("/api", { onError: () => {} });
          router.register("products", viewset);
          return router;
        };
        const body = { name: "Half done", sku: "H-1", price: "1" };
        const rolledBack = await failAfterWrite({ atomic: true }).handle(request("POST", "/api/products/", body));
        expect(rolledBack!.status).toBe(500);
        expect(await names()).toEqual([]);
        // Without the option the first write stays: what atomic is for.
        await failAfterWrite({}).handle(request("POST", "/api/products/", body));
        expect(await names()).toEqual(["Half done"]);
      });
    });

    describe("bulk create", () => {
      const item = (n: number) => ({ name: `Item ${n}`, sku: `B-${n}`, price: `${n}.50` });

      it("creates every item of an array in one request: 201 with the list", async () => {
        const router = routerWith({ bulkCreate: true });
        const reply = await router.handle(request("POST", "/api/products/", [item(1), item(2), item(3)]));
        expect(reply!.status).toBe(201);
        const body = json(reply);
        expect(body.map((row: { name: string }) => row.name)).toEqual(["Item 1", "Item 2", "Item 3"]);
        expect(body.map((row: { id: unknown }) => typeof row.id)).toEqual(["number", "number", "number"]);
        expect(await products.count(ctx)).toBe(3);
      });

      it("answers 400 with errors per index and writes nothing", async () => {
        const router = routerWith({ bulkCreate: true });
        const reply = await router.handle(
          request("POST", "/api/products/", [item(1), { sku: "B-2", price: "2" }, { ...item(3), price: "cheap" }]),
        );
        expect(reply!.status).toBe(400);
        expect(json(reply).errors).toEqual({
          "1.name": ["This field is required."],
          "2.price": ["A valid number is required."],
        });
        expect(await products.count(ctx)).toBe(0);
      });

      it("rolls back every item when the database refuses one, naming it", async () => {
        const router = routerWith({ bulkCreate: true });
        const duplicate = await router.handle(request("POST", "/api/products/", [item(1), item(2), item(1)]));
        expect(duplicate!.status).toBe(400);
        expect(json(duplicate).errors).toEqual({ "2.sku": ["product with this sku already exists."] });
        const missing = await router.handle(
          request("POST", "/api/products/", [item(4), { ...item(5), categoryId: 999999 }]),
        );
        expect(missing!.status).toBe(400);
        expect(Object.keys(json(missing).errors)).toEqual(["1.categoryId"]);
        expect(await products.count(ctx)).toBe(0);
      });

      it("refuses more items than its maximum, and arrays when it is off (the default)", async () => {
        const limited = routerWith({ bulkCreate: { maxItems: 2 } });
        const over = await limited.handle(request("POST", "/api/products/", [item(1), item(2), item(3)]));
        expect(over!.status).toBe(400);
        expect(json(over).errors).toHaveProperty("non_field_errors");
        const off = await routerWith({}).handle(request("POST", "/api/products/", [item(1)]));
        expect(off!.status).toBe(400);
        expect(await products.count(ctx)).toBe(0);
      });
    });

    describe("clean and messages on a table", () => {
      it("clean sees the body on create and the merged row on update; its changes are saved", async () => {
        const seen: { action: string; obj: Record<string, unknown> }[] = [];
        const router = routerWith({
          model: {
            clean(obj, info) {
              seen.push({ action: info.action, obj: { ...obj } });
              obj.description = `about ${obj.name}`;
            },
          },
        });
        const created = json(
          await router.handle(request("POST", "/api/products/", { name: "Desk", sku: "D-1", price: 3 })),
        );
        expect(seen[0]).toEqual({ action: "create", obj: { name: "Desk", sku: "D-1", price: "3" } });
        expect(created.description).toBe("about Desk");
        const patched = json(await router.handle(request("PATCH", `/api/products/${created.id}`, { name: "Table" })));
        expect(seen[1]!.action).toBe("partial_update");
        expect(seen[1]!.obj).toMatchObject({ id: created.id, name: "Table", sku: "D-1", description: "about Desk" });
        expect(patched.description).toBe("about Table");
      });

      it("words each failure of a column in DRF's voice", async () => {
        const reply = await routerWith({}).handle(
          request("POST", "/api/products/", {
            name: "x".repeat(201),
            price: "cheap",
            inStock: "yes",
            status: "sold",
            categoryId: 1.5,
            releasedAt: "yesterday",
          }),
        );
        expect(reply!.status).toBe(400);
        expect(json(reply).errors).toEqual({
          name: ["Ensure this value has at most 200 characters."],
          sku: ["This field is required."],
          price: ["A valid number is required."],
          inStock: ["Must be a valid boolean."],
          status: ['"sold" is not a valid choice.'],
          categoryId: ["A valid integer is required."],
          releasedAt: ["Enter a valid date/time."],
        });
      });
    });
  });
}
