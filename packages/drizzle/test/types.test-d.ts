import * as v from "valibot";
import { describe, expectTypeOf, it } from "vitest";
import type Database from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { bigint, jsonb, numeric as pgNumeric, pgTable, text as pgText } from "drizzle-orm/pg-core";
import { integer, numeric, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { BaseViewSet, Model, RequestContext, WriteQueryset } from "@viewsets/core";
import { createManager, modelViewSet, tableModel } from "../src/index.js";

const products = sqliteTable("products", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull(),
  status: text({ enum: ["draft", "live"] }).notNull(),
});
const ledger = pgTable("ledger", {
  id: bigint({ mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
  note: pgText().notNull(),
});
declare const sqlite: BetterSQLite3Database & { $client: Database.Database };
declare const postgres: NodePgDatabase;
declare const ctx: RequestContext;

describe("row types flow from the table", () => {
  it("tableModel is a Model of the table's select type", () => {
    expectTypeOf(tableModel(products)).toEqualTypeOf<
      Model<typeof products.$inferSelect, typeof products.$inferInsert>
    >();
    // Options name the table's fields.
    tableModel(products, {
      hidden: ["name"],
      readOnly: ["status"],
      // On create clean sees the insert type: the serial id and defaulted columns may be absent.
      clean: (row, info) => {
        expectTypeOf(row).toEqualTypeOf<typeof products.$inferInsert>();
        expectTypeOf(row.status).toEqualTypeOf<"draft" | "live">();
        expectTypeOf(row.id).toEqualTypeOf<number | undefined>();
        if (info.action !== "create") expectTypeOf(info.instance.id).toEqualTypeOf<number>();
      },
    });
    // @ts-expect-error not a field of the table
    tableModel(products, { hidden: ["nope"] });
  });

  it("managers return rows of the table; bigint-mode ids stay bigint", async () => {
    const manager = createManager(sqlite, products);
    expectTypeOf(await manager.get(ctx, 1)).toEqualTypeOf<typeof products.$inferSelect | null>();
    expectTypeOf(
      await manager.querySet().filter({ kind: "condition", field: "name", lookup: "exact", value: "x" }).all(ctx),
    ).toEqualTypeOf<(typeof products.$inferSelect)[]>();
    const rows = createManager(postgres, ledger);
    expectTypeOf((await rows.get(ctx, 2n ** 60n))!.id).toEqualTypeOf<bigint>();
    expectTypeOf(rows.create).parameter(1).toEqualTypeOf<typeof ledger.$inferInsert>();
  });

  it("a table only goes with a database of its dialect", () => {
    // @ts-expect-error a PostgreSQL table on a SQLite database
    createManager(sqlite, ledger);
    // @ts-expect-error a SQLite table on a PostgreSQL database
    createManager(postgres, products);
  });

  it("modelViewSet is a BaseViewSet of the row type, with options on its fields", () => {
    expectTypeOf(modelViewSet(sqlite, products, { ordering: ["-name"], searchFields: ["name"] })).toEqualTypeOf<
      BaseViewSet<typeof products.$inferSelect, WriteQueryset<typeof products.$inferSelect>>
    >();
    // @ts-expect-error not a field of the table
    modelViewSet(sqlite, products, { ordering: ["-price"] });
  });
});

describe("JSON columns with a schema", () => {
  const items = sqliteTable("items", {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    attributes: text({ mode: "json" }).notNull(),
    extra: text({ mode: "json" }),
  });
  const events = pgTable("events", {
    id: bigint({ mode: "number" }).primaryKey(),
    payload: jsonb().notNull(),
  });
  const Attributes = v.object({ size: v.picklist(["S", "M"]), tags: v.array(v.string()) });
  const Payload = v.object({
    at: v.pipe(
      v.string(),
      v.transform((text) => new Date(text)),
    ),
  });

  it("types the column as the schema's output, nullable when the column is", () => {
    const model = tableModel(items, {
      json: { attributes: Attributes, extra: Attributes },
      // clean sees the body of a create: a nullable column may be left out.
      clean: (row) => {
        expectTypeOf(row.attributes).toEqualTypeOf<{ size: "S" | "M"; tags: string[] }>();
        expectTypeOf(row.extra).toEqualTypeOf<{ size: "S" | "M"; tags: string[] } | null | undefined>();
        expectTypeOf(row.name).toEqualTypeOf<string>();
      },
    });
    expectTypeOf(model.__row!).toEqualTypeOf<{
      id: number;
      name: string;
      attributes: { size: "S" | "M"; tags: string[] };
      extra: { size: "S" | "M"; tags: string[] } | null;
    }>();
    expectTypeOf(tableModel(events, { json: { payload: Payload } }).__row!.payload).toEqualTypeOf<{ at: Date }>();
  });

  it("types modelViewSet's rows the same way", () => {
    const viewset = modelViewSet(sqlite, items, {
      searchFields: ["name"],
      model: { json: { attributes: Attributes } },
    });
    type Item = { id: number; name: string; attributes: { size: "S" | "M"; tags: string[] }; extra: unknown };
    expectTypeOf(viewset).toEqualTypeOf<BaseViewSet<Item, WriteQueryset<Item>>>();
    // @ts-expect-error name is a text column, not JSON
    modelViewSet(sqlite, items, { model: { json: { name: v.string() } } });
  });

  it("keeps its manager's operations in the type: an action needs no second manager", () => {
    const viewset = modelViewSet(sqlite, products);
    type Queryset = typeof viewset.options.queryset;
    // Each write is a method, never `| undefined`, and takes and gives the row type.
    expectTypeOf<Queryset["update"]>().toEqualTypeOf<
      (ctx: RequestContext, obj: typeof products.$inferSelect) => Promise<typeof products.$inferSelect>
    >();
    expectTypeOf<Queryset["create"]>().not.toEqualTypeOf<undefined>();
    expectTypeOf<Queryset["delete"]>().returns.toEqualTypeOf<Promise<void>>();
    const ctx = {} as RequestContext;
    const call = async () => viewset.options.queryset.update(ctx, { id: 1, name: "Lamp", status: "draft" });
    expectTypeOf(call).returns.resolves.toEqualTypeOf<typeof products.$inferSelect>();
  });

  it("takes choice labels only for the values of a field's choices", () => {
    tableModel(products, { choiceLabels: { status: { draft: "Draft", live: "On sale" } } });
    // @ts-expect-error "sold" is not a status
    tableModel(products, { choiceLabels: { status: { sold: "Sold" } } });
    // @ts-expect-error not a field of the table
    tableModel(products, { choiceLabels: { colour: { red: "Red" } } });
  });

  it("takes schemas only for JSON columns", () => {
    // @ts-expect-error name is a text column, not JSON
    tableModel(items, { json: { name: v.string() } });
  });
});

describe("declared decimal places", () => {
  const priced = sqliteTable("priced", {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    price: numeric().notNull(),
    weight: real().notNull(),
  });
  const pgPriced = pgTable("priced", { id: bigint({ mode: "number" }).primaryKey(), price: pgNumeric().notNull() });

  it("are taken for numeric columns, on SQLite and PostgreSQL, and keep the row a string", () => {
    const model = tableModel(priced, { decimals: { price: { maxDigits: 10, decimalPlaces: 2 } } });
    expectTypeOf(model.__row!.price).toEqualTypeOf<string>();
    tableModel(pgPriced, { decimals: { price: { maxDigits: 12, decimalPlaces: 4 } } });
    modelViewSet(sqlite, priced, { model: { decimals: { price: { maxDigits: 10, decimalPlaces: 2 } } } });
  });

  it("are a type error on any other column, or without both numbers", () => {
    // @ts-expect-error name is a text column
    tableModel(priced, { decimals: { name: { maxDigits: 10, decimalPlaces: 2 } } });
    // @ts-expect-error weight is a real, a number column: it has no places to show
    tableModel(priced, { decimals: { weight: { maxDigits: 10, decimalPlaces: 2 } } });
    // @ts-expect-error decimalPlaces is missing
    tableModel(priced, { decimals: { price: { maxDigits: 10 } } });
    // @ts-expect-error name is a text column
    modelViewSet(sqlite, priced, { model: { decimals: { name: { maxDigits: 10, decimalPlaces: 2 } } } });
  });
});
