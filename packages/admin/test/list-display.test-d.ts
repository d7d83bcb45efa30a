import { defineModel, type RowOfModel } from "@viewsets/core";
import { MemoryManager } from "@viewsets/core/testing";
import { describe, expectTypeOf, it } from "vitest";
import { createAdmin, type ModelConfig } from "../src/server/index.js";

const Category = defineModel({
  name: "Category",
  fields: { id: { type: "int", primaryKey: true }, title: { type: "string" } },
});
const Product = defineModel({
  name: "Product",
  fields: {
    id: { type: "int", primaryKey: true },
    name: { type: "string" },
    price: { type: "decimal" },
    category: { type: "foreignKey", references: "Category" },
  },
});
type ProductRow = RowOfModel<typeof Product>;

const admin = createAdmin({
  db: {} as never,
  users: { verify: async () => null, get: async () => null, isStaff: () => true },
});
const relations = { owner: { source: "category", target: { model: Category } } } as const;

describe("listDisplay's columns", () => {
  it("name fields, paths through relations and computed columns typed from the row", () => {
    admin.register("products", {
      model: Product,
      queryset: new MemoryManager<ProductRow>([]),
      relations,
      listDisplay: [
        "name",
        "owner__title",
        {
          name: "double",
          label: "Twice the price",
          value: (row) => {
            expectTypeOf(row).toEqualTypeOf<ProductRow>();
            return Number(row.price) * 2;
          },
          ordering: "-price",
        },
        { name: "byOwner", value: (row) => row.name, ordering: "owner__title" },
      ],
    });
  });

  it("fail to compile for a misspelt field, relation or related field", () => {
    admin.register("products", {
      model: Product,
      queryset: new MemoryManager<ProductRow>([]),
      relations,
      // @ts-expect-error: the product has no field "nme"
      listDisplay: ["nme"],
    });
    admin.register("products", {
      model: Product,
      queryset: new MemoryManager<ProductRow>([]),
      relations,
      // @ts-expect-error: the product has no relation "ownr"
      listDisplay: ["ownr__title"],
    });
    admin.register("products", {
      model: Product,
      queryset: new MemoryManager<ProductRow>([]),
      relations,
      // @ts-expect-error: the category has no field "name"
      listDisplay: ["owner__name"],
    });
    admin.register("products", {
      model: Product,
      queryset: new MemoryManager<ProductRow>([]),
      // @ts-expect-error: a path without relations names nothing
      listDisplay: ["owner__title"],
    });
  });

  it("fail to compile for a computed column that reads no field of the row, returns an object, or sorts by nothing", () => {
    const config = (listDisplay: ModelConfig<ProductRow>["listDisplay"]) => listDisplay;
    // @ts-expect-error: the row has no "cost"
    config([{ name: "margin", value: (row) => row.cost }]);
    // @ts-expect-error: a cell is text, a number, a boolean or null
    config([{ name: "both", value: (row) => ({ name: row.name }) }]);
    // @ts-expect-error: "cost" is no field to sort by
    config([{ name: "margin", value: (row) => row.price, ordering: "cost" }]);
  });
});
