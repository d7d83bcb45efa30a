import { ConfigurationError, defineModel, type RowOfModel } from "@viewsets/core";
import { MemoryManager } from "@viewsets/core/testing";
import { describe, expect, it } from "vitest";
import { createAdmin } from "../src/server/index.js";

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
    inStock: { type: "bool" },
    category: { type: "foreignKey", references: "Category" },
    data: { type: "json" },
    secret: { type: "string", serializable: false },
  },
});

function adminWith(register: (admin: ReturnType<typeof createAdmin>) => void) {
  const admin = createAdmin({
    db: {} as never,
    users: { verify: async () => null, get: async () => null, isStaff: () => true },
  });
  register(admin);
  return admin;
}

const products = () => new MemoryManager<RowOfModel<typeof Product>>([]);

describe("the admin's startup check", () => {
  it("passes a correct registration", () => {
    const admin = adminWith((a) => {
      a.register("categories", { model: Category, queryset: new MemoryManager([]) });
      a.register("products", {
        model: Product,
        queryset: products(),
        listFilter: ["inStock", "price", "category", { field: "name", widget: "chips" }],
        listDisplay: ["id", "name"],
      });
    });
    expect(admin.checkConfiguration()).toBeNull();
    expect(() => admin.assertReady()).not.toThrow();
  });

  it("checks listDisplayLinks, readonlyFields and fieldsets against the model", () => {
    const good = adminWith((a) => {
      a.register("categories", { model: Category, queryset: new MemoryManager([]) });
      a.register("products", {
        model: Product,
        queryset: products(),
        listDisplay: ["id", "name", "price"],
        listDisplayLinks: ["name"],
        readonlyFields: ["price"],
        fieldsets: [
          { fields: ["name", "price"] },
          { name: "Stock", description: "Kept by the warehouse.", fields: ["inStock"] },
        ],
      });
    });
    expect(good.checkConfiguration()).toBeNull();
    const bad = adminWith((a) => {
      a.register("categories", { model: Category, queryset: new MemoryManager([]) });
      a.register("products", {
        model: Product,
        queryset: products(),
        listDisplay: ["id", "name"],
        listDisplayLinks: ["price", "nope" as never],
        readonlyFields: ["secret" as never],
        fieldsets: [{ fields: ["name", "missing" as never] }, { name: "Again", fields: ["name"] }],
      });
    });
    expect(bad.checkConfiguration()?.message.split("; ")).toEqual(
      expect.arrayContaining([
        "viewsets admin: model products: listDisplayLinks[1] names a field the model lacks",
        "readonlyFields[0] names a hidden field",
        "fieldsets[0].fields[1] names a field the model lacks",
        "fieldsets[1].fields[0] is in another fieldset too",
        "listDisplayLinks[0] is not a column of listDisplay",
      ]),
    );
  });

  it("names every problem at once, never a configured value", () => {
    const admin = adminWith((a) => {
      a.register("products", {
        model: Product,
        queryset: products(),
        listDisplay: ["id", "sekret-typo" as never, "secret" as never],
        listFilter: [
          "data" as never,
          { field: "inStock", widget: "numericRange" },
          { field: "price", widget: "bogus" as never },
        ],
        searchFields: ["missing" as never],
        ordering: ["-nothing" as never],
        listPerPage: 0,
        count: { cap: -5 },
      });
    });
    const error = admin.checkConfiguration();
    expect(error).toBeInstanceOf(ConfigurationError);
    const message = error!.message;
    for (const problem of [
      "listDisplay[1] names a field the model lacks",
      "listDisplay[2] names a hidden field",
      "listFilter[0] is a field no widget can filter",
      "listFilter[1]: widget numericRange does not fit a bool field",
      "listFilter[2] names an unknown widget",
      "searchFields[0] names a field the model lacks",
      "ordering[0] names a field the model lacks",
      "foreign key category points at a model the admin has not registered",
      "listPerPage is not an integer from 1 to 1000",
      'count is not "exact", "none" or { cap: <a positive integer> }',
    ]) {
      expect(message).toContain(problem);
    }
    expect(message).not.toContain("sekret-typo");
    expect(message).not.toContain("bogus");
    expect(() => admin.assertReady()).toThrow(ConfigurationError);
  });

  it("refuses a path through relations on a queryset that filters only in memory", () => {
    const admin = adminWith((a) => {
      a.register("categories", { model: Category, queryset: new MemoryManager([]) });
      a.register("products", {
        model: Product,
        queryset: products(),
        relations: { owner: { source: "category", target: { model: Category } } },
        searchFields: ["owner__title" as never],
      });
    });
    expect(admin.checkConfiguration()?.message).toContain(
      "listFilter, searchFields or listDisplay follows a relation, but the queryset has no filter() to run it",
    );
  });

  it("refuses listDisplay's columns that name nothing: a computed column's name, value and order, a repeat", () => {
    const admin = adminWith((a) => {
      a.register("categories", { model: Category, queryset: new MemoryManager([]) });
      a.register("products", {
        model: Product,
        queryset: products(),
        relations: { owner: { source: "category", target: { model: Category } } },
        listDisplay: [
          "owner__title",
          "owner__name" as never,
          { name: "price", value: () => 1 },
          { name: "bad name", value: () => 1 },
          { name: "twice", value: 2 as never, ordering: "cost" as never },
          { name: "hidden", value: () => 1, ordering: "-secret" as never },
          "name",
          "name",
        ],
      });
    });
    const message = admin.checkConfiguration()?.message ?? "";
    for (const problem of [
      'listDisplay[1]: Category has no field "name"',
      "listDisplay[2].name is a field of the model",
      "listDisplay[3].name is not a name of letters, digits and single underscores",
      "listDisplay[4].value is not a function",
      "listDisplay[4].ordering names a field the model lacks",
      "listDisplay[5].ordering names a hidden field",
      "listDisplay[7] repeats a column",
    ]) {
      expect(message).toContain(problem);
    }
    expect(message).not.toContain("listDisplay[0]");
    expect(message).not.toContain("listDisplay[6]");
  });

  it("refuses a listDisplay path through a model the admin has not registered", () => {
    const Owner = defineModel({
      name: "Owner",
      fields: { id: { type: "int", primaryKey: true }, name: { type: "string" } },
    });
    const Shelf = defineModel({
      name: "Shelf",
      fields: {
        id: { type: "int", primaryKey: true },
        owner: { type: "foreignKey", references: "Owner", serializable: false },
      },
    });
    const admin = adminWith((a) => {
      a.register("categories", { model: Category, queryset: new MemoryManager([]) });
      a.register("shelves", { model: Shelf, queryset: new MemoryManager([]) });
      a.register("products", {
        model: Product,
        queryset: products(),
        relations: {
          shelf: {
            source: "category",
            target: { model: Shelf, relations: { owner: { source: "owner", target: { model: Owner } } } },
          },
        },
        listDisplay: ["shelf__owner__name"],
      });
    });
    expect(admin.checkConfiguration()?.message).toContain(
      "listDisplay[0] follows a foreign key to a model the admin has not registered",
    );
  });

  it("rejects a name that cannot be a URL segment, and a name registered twice", () => {
    const admin = adminWith(() => {});
    expect(() => admin.register("bad/name", { model: Category, queryset: new MemoryManager([]) })).toThrow(
      ConfigurationError,
    );
    admin.register("categories", { model: Category, queryset: new MemoryManager([]) });
    expect(() => admin.register("categories", { model: Category, queryset: new MemoryManager([]) })).toThrow(
      /registered twice/,
    );
  });
});

describe("who signs people in", () => {
  const users = { verify: async () => null, get: async () => null, isStaff: () => true };
  const accounts = {} as never;

  it("takes either the app's users or an auth library's accounts, and says so when given both or neither", () => {
    expect(() => createAdmin({ db: {} as never, users })).not.toThrow();
    expect(() => createAdmin({ db: {} as never })).toThrow(ConfigurationError);
    expect(() => createAdmin({ db: {} as never, users, accounts })).toThrow(/either users .* or accounts/);
  });
});
