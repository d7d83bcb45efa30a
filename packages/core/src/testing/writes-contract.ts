/** The writes part of the adapter contract: atomic writes, conditional updates and bulk create. */
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { fetchReply } from "./reply.js";
import { casesOf } from "./skips.js";
import type { Permission } from "../auth/permissions.js";
import type { ApiRequest, RequestContext } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import type { AdapterContractOptions, ContractServer } from "./contract-options.js";
import { BIG_ID, Product, type ProductRow, productRows } from "./fixtures.js";
import { MemoryManager } from "./memory-manager.js";

/** An in-memory manager with transactions: the rows as they were come back when `run` throws. */
class TransactionalManager extends MemoryManager<ProductRow> {
  async atomic<R>(_ctx: RequestContext, run: () => Promise<R>): Promise<R> {
    const before = [...this.rows].map(([id, row]) => [id, { ...row }] as const);
    try {
      return await run();
    } catch (error) {
      this.rows.clear();
      for (const [id, row] of before) this.rows.set(id, row);
      throw error;
    }
  }
}

/** Archived products are outside the viewset's scope: 404, as on retrieve. */
class ScopedViewSet extends BaseViewSet<ProductRow> {
  override getQueryset(request: ApiRequest) {
    const queryset = super.getQueryset(request);
    return {
      ...queryset,
      get: async (ctx: RequestContext, id: number | bigint) => {
        const row = await queryset.get(ctx, id);
        return row?.status === "archived" ? null : row;
      },
      create: queryset.create!.bind(queryset),
      update: queryset.update!.bind(queryset),
      atomic: (queryset as TransactionalManager).atomic.bind(queryset),
    } as never;
  }
}

const notThirteen: Permission = {
  hasObjectPermission: (_request, _view, obj) => (obj as ProductRow).id !== 13,
  message: "Not this one.",
};

class NameOnly extends BaseSerializer {
  fields() {
    return ["id", "name"];
  }
}

/** The app of the write contract: bulk create, typed actions, transactions, messages. */
function writesApp() {
  const router = new Router("/api/v1", { onError: () => {}, messages: { minLength: "Too short: {min_length}." } });
  const items = new TransactionalManager(productRows().slice(0, 20).concat(productRows().slice(-1)));
  router.register(
    "items",
    new ScopedViewSet({
      serializer: () => new BaseSerializer(),
      queryset: items,
      model: Product,
      permissions: [notThirteen],
      readOnlyRequestFields: ["createdAt"],
      bulkCreate: { maxItems: 3 },
    }),
  );
  router.action(
    "items",
    "rename",
    {
      methods: ["POST"],
      detail: true,
      checks: true,
      atomic: true,
      serializer: () => new NameOnly(),
      requestSchema: v.object({ name: v.pipe(v.string(), v.minLength(2), v.maxLength(20)) }),
    },
    async (_request, action) => {
      const product = await action.getObject<ProductRow>();
      product.name = action.data.name;
      const saved = await items.update(action.ctx, product);
      if (action.data.name === "fail") throw new Error("after the write");
      return action.respond(saved);
    },
  );
  router.action(
    "items",
    "peek",
    { detail: true, responseSchema: v.object({ id: v.union([v.number(), v.bigint()]), name: v.string() }) },
    async (_request, action) => action.respond(await action.getObject()),
  );
  router.action("items", "echo", { methods: ["POST"] }, async (_request, action) =>
    sendJSON(200, { id: action.id ?? null, data: action.data ?? null }),
  );
  return { router, items };
}

const newItem = (name: string) => ({ name, price: "1.00", inStock: true, status: "draft", category: null });

/** Actions, bulk create, transactions and messages over HTTP: the same on every adapter. */
export function runWritesContract(options: AdapterContractOptions): void {
  describe(`write contract: ${options.name}`, () => {
    let app: ReturnType<typeof writesApp>;
    let server: ContractServer;
    const it = casesOf(options);
    const call = (method: string, path: string, body?: unknown) => fetchReply(server.url + path, method, { body });

    beforeAll(async () => {
      app = writesApp();
      server = await options.serve(app.router, {});
    });
    afterAll(() => server.close());

    describe("detail actions load their object as retrieve does", () => {
      it("parses the id as retrieve does: past 2^53 exactly, anything else 404", async () => {
        const big = await call("GET", `/api/v1/items/${BIG_ID}/peek`);
        expect(big.status).toBe(200);
        expect(big.json.name).toBe("Big id");
        expect((await call("GET", "/api/v1/items/9007199254740992/peek")).status).toBe(404);
        expect((await call("GET", "/api/v1/items/1.5/peek")).status).toBe(404);
      });

      it("keeps to the viewset's scope and object permissions: 404 and 403", async () => {
        expect(app.items.rows.get("2")!.status).toBe("archived");
        expect((await call("GET", "/api/v1/items/2/peek")).status).toBe(404);
        expect((await call("GET", "/api/v1/items/4242/peek")).status).toBe(404);
        const denied = await call("POST", "/api/v1/items/13/rename", { name: "Mine" });
        expect(denied.status).toBe(403);
        expect(app.items.rows.get("13")!.name).not.toBe("Mine");
      });

      it("answers only the keys of its responseSchema, and its serializer's fields", async () => {
        const peek = await call("GET", "/api/v1/items/1/peek");
        expect(peek.json).toEqual({ id: 1, name: app.items.rows.get("1")!.name });
        const renamed = await call("POST", "/api/v1/items/1/rename", { name: "Renamed" });
        expect(renamed.status).toBe(200);
        expect(renamed.json).toEqual({ id: 1, name: "Renamed" });
        expect(app.items.rows.get("1")!.name).toBe("Renamed");
      });
    });

    describe("action bodies", () => {
      it("answers 400 with errors per field before the handler runs, in the router's words", async () => {
        const before = app.items.rows.get("4")!.name;
        const wrongType = await call("POST", "/api/v1/items/4/rename", { name: 5 });
        expect(wrongType.status).toBe(400);
        expect(wrongType.json.errors).toEqual({ name: ["Not a valid string."] });
        expect((await call("POST", "/api/v1/items/4/rename", {})).json.errors).toEqual({
          name: ["This field is required."],
        });
        expect((await call("POST", "/api/v1/items/4/rename", { name: "x" })).json.errors).toEqual({
          name: ["Too short: 2."],
        });
        expect(app.items.rows.get("4")!.name).toBe(before);
      });

      it("hands a collection action no id and no data when it declares no schema", async () => {
        const echo = await call("POST", "/api/v1/items/echo", { anything: 1 });
        expect(echo.json).toEqual({ id: null, data: null });
      });

      it("rolls an atomic action's writes back when it fails", async () => {
        const before = app.items.rows.get("7")!.name;
        expect((await call("POST", "/api/v1/items/7/rename", { name: "fail" })).status).toBe(500);
        expect(app.items.rows.get("7")!.name).toBe(before);
      });
    });

    describe("bulk create", () => {
      it("creates every item of an array: 201 with the list", async () => {
        const reply = await call("POST", "/api/v1/items/", [newItem("Bulk A"), newItem("Bulk B")]);
        expect(reply.status).toBe(201);
        expect(reply.json.map((row: ProductRow) => row.name)).toEqual(["Bulk A", "Bulk B"]);
        expect(reply.json[0]).not.toHaveProperty("secret");
      });

      it("answers 400 with errors per index, or above its maximum, and writes nothing", async () => {
        const before = app.items.rows.size;
        const invalid = await call("POST", "/api/v1/items/", [newItem("Fine"), { ...newItem("Bad"), status: "sold" }]);
        expect(invalid.status).toBe(400);
        expect(invalid.json.errors).toEqual({ "1.status": ['"sold" is not a valid choice.'] });
        const over = await call("POST", "/api/v1/items", [newItem("1"), newItem("2"), newItem("3"), newItem("4")]);
        expect(over.status).toBe(400);
        expect(over.json.errors).toHaveProperty("non_field_errors");
        expect(app.items.rows.size).toBe(before);
      });
    });
  });
}
