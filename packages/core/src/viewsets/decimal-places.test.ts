import { describe, expect, it } from "vitest";
import { defineModel, type RowOfModel } from "../models/define-model.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { modelSerializer } from "../serializers/model-serializer.js";
import { related } from "../serializers/related.js";
import { serializeMany, serializeModel } from "../serializers/serialize.js";
import { callCore } from "../testing/fake-request.js";
import { MemoryManager, SettledMemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "./base-viewset.js";

// A decimal field that declares its places is shown with exactly them, as DRF's DecimalField
// quantizes to decimal_places: whatever the manager hands back ("416.9" from SQLite's NUMERIC).
const Item = defineModel({
  name: "Item",
  fields: {
    id: { type: "int", primaryKey: true },
    name: { type: "string" },
    price: { type: "decimal", maxDigits: 10, decimalPlaces: 2 },
    weight: { type: "decimal" },
    tax: { type: "decimal", decimalPlaces: 3, nullable: true },
  },
});
type ItemRow = RowOfModel<typeof Item>;

const Line = defineModel({
  name: "Line",
  fields: { id: { type: "int", primaryKey: true }, itemId: { type: "foreignKey", references: "Item" } },
});
type LineRow = RowOfModel<typeof Line>;

const ITEMS: ItemRow[] = [
  { id: 1, name: "Lamp", price: "416.9", weight: "1.5", tax: null },
  { id: 2, name: "Desk", price: "5", weight: "20", tax: "0.2" },
];

function app(items: MemoryManager<ItemRow> = new MemoryManager(ITEMS)) {
  const router = new Router("/api");
  const itemOptions = { model: Item, queryset: items };
  router.register("items", new BaseViewSet<ItemRow>({ ...itemOptions, serializer: () => new BaseSerializer() }));
  router.register(
    "settled",
    new BaseViewSet<ItemRow>({
      model: Item,
      queryset: new SettledMemoryManager(ITEMS),
      serializer: () => new BaseSerializer(),
    }),
  );
  const lineSerializer = modelSerializer(Line, {
    related: {
      item: related(itemOptions, { source: "itemId", fields: ["name", "price"] }),
      itemPrice: related(itemOptions, { source: "itemId", field: "price" }),
    },
  });
  router.register(
    "lines",
    new BaseViewSet<LineRow>({
      model: Line,
      queryset: new MemoryManager<LineRow>([{ id: 1, itemId: 1 }]),
      serializer: () => lineSerializer,
    }),
  );
  return { router, items };
}

describe("a decimal field with decimalPlaces", () => {
  it("is shown with exactly its places in a list, a retrieve (waited for or at once) and the object it links", async () => {
    const { router } = app();
    const list = await callCore(router, "GET", "/api/items/", { query: "ordering=id" });
    expect(list.body.results.map((item: ItemRow) => [item.price, item.weight, item.tax])).toEqual([
      ["416.90", "1.5", null],
      ["5.00", "20", "0.200"],
    ]);
    expect((await callCore(router, "GET", "/api/items/1")).body).toEqual({
      id: 1,
      name: "Lamp",
      price: "416.90",
      weight: "1.5",
      tax: null,
    });
    const atOnce = await callCore(router, "GET", "/api/settled/2");
    expect(atOnce.body.price).toBe("5.00");
    const line = await callCore(router, "GET", "/api/lines/1");
    expect(line.body).toEqual({ id: 1, itemId: 1, item: { name: "Lamp", price: "416.90" }, itemPrice: "416.90" });
  });

  it("is shown so after a write, whatever the body's form, and refuses a third place", async () => {
    const { router, items } = app();
    const created = await callCore(router, "POST", "/api/items/", {
      body: { name: "Cup", price: "3.5", weight: "0.2" },
    });
    expect(created.status).toBe(201);
    expect(created.body.price).toBe("3.50");
    const patched = await callCore(router, "PATCH", `/api/items/${created.body.id}`, { body: { price: "+4" } });
    expect(patched.body.price).toBe("4.00");
    expect((await callCore(router, "GET", `/api/items/${created.body.id}`)).body.price).toBe("4.00");
    const refused = await callCore(router, "PATCH", "/api/items/1", { body: { price: "1.005" } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.price).toEqual(["Ensure that there are no more than 2 decimal places."]);
    expect(items.rows.get("1")!.price).toBe("416.9");
  });

  it("filters by value, whatever the places of the filter or the row", async () => {
    const { router } = app();
    expect((await callCore(router, "GET", "/api/items/", { query: "price=416.90" })).body.count).toBe(1);
    expect((await callCore(router, "GET", "/api/items/", { query: "price=5" })).body.count).toBe(1);
    expect((await callCore(router, "GET", "/api/items/", { query: "price__gte=5.00" })).body.count).toBe(2);
  });

  it("leaves out what ?fields= and ?omit= leave out, and the ETag follows the shown form", async () => {
    const { router } = app();
    const narrow = await callCore(router, "GET", "/api/items/1", { query: "fields=id,name" });
    expect(narrow.body).toEqual({ id: 1, name: "Lamp" });
    expect(Object.keys(narrow.body)).toEqual(["id", "name"]);
    const omitted = await callCore(router, "GET", "/api/items/1", { query: "omit=price" });
    expect(Object.keys(omitted.body)).toEqual(["id", "name", "weight", "tax"]);
    const shown = await callCore(router, "GET", "/api/items/1", { query: "fields=price" });
    expect(shown.body).toEqual({ price: "416.90" });
    // Two rows that differ only in the stored form of the same price are the same response.
    const other = app(new MemoryManager([{ ...ITEMS[0]!, price: "416.900" }]));
    const tag = (await callCore(router, "GET", "/api/items/1")).headers.ETag;
    expect((await callCore(other.router, "GET", "/api/items/1")).headers.ETag).toBe(tag);
  });

  it("is shown so by serializeModel and serializeMany, for an action's answer", () => {
    expect(serializeModel(Item, ITEMS[0]!)).toEqual({ id: 1, name: "Lamp", price: "416.90", weight: "1.5", tax: null });
    expect(serializeMany(Item, ITEMS).map((item) => item.price)).toEqual(["416.90", "5.00"]);
  });
});
