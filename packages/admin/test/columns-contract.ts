/**
 * listDisplay's related and computed columns on every adapter and database: their values in the
 * rows answer, sorting by them, the export of exactly the chosen columns, and their 400s.
 */
import { createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, type Reply } from "./client.js";
import type { AdminContractOptions } from "./contract-options.js";
import { addDailyTables, dailyAdmin, REVIEWS, reviewsTable } from "./daily-fixture.js";
import { listed, parseCsv } from "./export-contract.js";
import { type FixtureDatabase, type FixtureTables, seedRows } from "./fixture.js";
import { type Served, serve } from "./serve.js";

function expectProblem(reply: Reply, status: number, key?: string): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/problem+json");
  if (key) expect(Object.keys(reply.json.errors ?? {})).toContain(key);
}

const ids = (rows: readonly Record<string, unknown>[]) => rows.map((row) => Number(row.id));

/** The daily admin plus `goods` (products with a related and two computed columns) and `notes` (reviews, two hops). */
function columnsAdmin(database: FixtureDatabase) {
  const admin = dailyAdmin(database);
  const { categories, products } = database.tables as FixtureTables;
  const db = database.db as unknown as SQLiteDatabase;
  const category = { category: { source: "categoryId", target: { model: tableModel(categories) } } } as const;
  admin.register("goods", {
    model: tableModel(products),
    queryset: createManager(db, products),
    relations: category,
    listDisplay: [
      "id",
      "name",
      "category__name",
      { name: "twice", label: "Twice the price", value: (row) => Number(row.price) * 2, ordering: "price" },
      { name: "shout", value: (row) => `${row.name.toUpperCase()}!` },
    ],
  });
  const reviews = reviewsTable(database);
  admin.register("notes", {
    model: tableModel(reviews),
    queryset: createManager(db, reviews),
    relations: { product: { source: "productId", target: { model: tableModel(products), relations: category } } },
    listDisplay: ["id", "body", "product__name", "product__category__name"],
    ordering: ["id"],
  });
  return admin;
}

export function runColumnsContract(options: AdminContractOptions): void {
  describe.skipIf(options.skipReason !== undefined)(`admin columns: ${options.name}`, () => {
    let database: FixtureDatabase;
    let server: Served;
    let staff: AdminClient;
    const seeded = seedRows();
    const categoryOf = (id: number) => {
      const product = seeded.products.find((p) => p.id === id)!;
      return seeded.categories.find((c) => c.id === product.categoryId)?.name ?? null;
    };

    beforeAll(async () => {
      database = await options.database();
      await addDailyTables(database);
      server = await serve(options.framework, [columnsAdmin(database)]);
      staff = new AdminClient(server.url);
      expect((await staff.signIn("admin", "pw-admin")).status).toBe(200);
    });

    afterAll(async () => {
      await server?.close();
      await database?.close();
    });

    it("describes the columns: related fields labelled by their path, computed ones with whether they sort", async () => {
      const models = (await staff.get("/models")).json.models as Record<string, unknown>[];
      const goods = models.find((m) => m.name === "goods")!;
      expect(goods.listDisplay).toEqual(["id", "name", "category__name", "twice", "shout"]);
      expect(goods.relatedFields).toEqual([
        {
          name: "category__name",
          label: "Category name",
          type: "text",
          nullable: true,
          editable: false,
          required: false,
        },
      ]);
      expect(goods.computedColumns).toEqual([
        { name: "twice", label: "Twice the price", sortable: true },
        { name: "shout", label: "Shout", sortable: false },
      ]);
      // Neither is a field of the change form.
      const fields = (goods.fields as { name: string }[]).map((field) => field.name);
      expect(fields).not.toContain("twice");
      expect(fields).not.toContain("category__name");
    });

    it("lists each row with its related row's value (null without one) and its computed values", async () => {
      const rows = await listed(staff, "goods", "ordering=id");
      expect(ids(rows)).toEqual(seeded.products.map((p) => p.id));
      for (const [index, product] of seeded.products.entries()) {
        expect(rows[index]).toMatchObject({
          id: product.id,
          category__name: categoryOf(product.id),
          twice: Number(product.price) * 2,
          shout: `${product.name.toUpperCase()}!`,
        });
      }
    });

    it("follows two relations, one query a step: a review's product's category", async () => {
      const rows = await listed(staff, "notes", "");
      expect(rows).toHaveLength(REVIEWS.length);
      for (const row of rows) {
        const review = REVIEWS.find((r) => r.id === row.id)!;
        expect(row.product__name).toBe(seeded.products.find((p) => p.id === review.productId)!.name);
        expect(row.product__category__name).toBe(categoryOf(review.productId));
      }
    });

    it("sorts by a related column, and by a computed one through the field it names", async () => {
      const ascending = await listed(staff, "goods", "ordering=category__name");
      const descending = await listed(staff, "goods", "ordering=-category__name");
      expect(ids(descending)).toEqual(ids(ascending).reverse());
      // Each category's rows together, in the database's order of the names.
      const names = ascending.map((row) => row.category__name);
      const runs = names.filter((name, index) => index === 0 || name !== names[index - 1]);
      expect(new Set(runs).size).toBe(runs.length);
      expect(ids(ascending)).not.toEqual(ids(await listed(staff, "goods", "ordering=id")));
      expect(ids(await listed(staff, "goods", "ordering=twice"))).toEqual(
        ids(await listed(staff, "goods", "ordering=price")),
      );
      expect(ids(await listed(staff, "goods", "ordering=-twice"))).toEqual(
        ids(await listed(staff, "goods", "ordering=-price")),
      );
    });

    it("answers 400 naming ordering for a computed column that names no order, on the rows and the export", async () => {
      expectProblem(await staff.get("/models/goods/rows/?ordering=shout"), 400, "ordering");
      expectProblem(await staff.get("/models/goods/rows/?ordering=name,-shout"), 400, "ordering");
      expectProblem(await staff.get("/models/goods/export?ordering=shout"), 400, "ordering");
    });

    it("exports exactly the chosen columns, related and computed ones included, in the list's order", async () => {
      const query = "status=live&ordering=-twice";
      const rows = await listed(staff, "goods", query);
      const csv = await staff.get(`/models/goods/export?${query}&format=csv`);
      expect(csv.status, csv.text).toBe(200);
      const [head, ...records] = parseCsv(csv.text);
      expect(head).toEqual(["Id", "Name", "Category name", "Twice the price", "Shout"]);
      expect(records).toEqual(
        rows.map((row) => [String(row.id), row.name, row.category__name ?? "", String(row.twice), row.shout]),
      );
      const chosen = await staff.get(`/models/goods/export?${query}&format=jsonl&columns=shout,category__name,price`);
      expect(chosen.status, chosen.text).toBe(200);
      const lines = chosen.text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines).toEqual(
        rows.map((row) => ({ shout: row.shout, category__name: row.category__name, price: row.price })),
      );
      const notes = parseCsv((await staff.get("/models/notes/export?columns=id,product__category__name")).text);
      expect(notes[0]).toEqual(["Id", "Product category name"]);
      expect(notes.slice(1)).toEqual(REVIEWS.map((r) => [String(r.id), categoryOf(r.productId) ?? ""]));
      expectProblem(await staff.get("/models/goods/export?columns=name,bogus"), 400, "columns");
      // A path the list does not show is no column.
      expectProblem(await staff.get("/models/goods/export?columns=category__id"), 400, "columns");
    });

    it("never writes a related or computed column: a change that names them changes the fields only", async () => {
      const before = (await staff.get("/models/goods/rows/3")).json;
      const reply = await staff.request("PATCH", "/models/goods/rows/3", {
        name: before.name,
        twice: 1,
        category__name: "Hacked",
      });
      expect(reply.status, reply.text).toBe(200);
      const rows = await listed(staff, "goods", "id=3");
      expect(rows[0]).toMatchObject({ twice: Number(before.price) * 2, category__name: categoryOf(3) });
      expect(await database.query("SELECT name FROM categories WHERE name = 'Hacked'")).toEqual([]);
    });

    it("keeps a saved view's shown columns: saved, listed, patched, cleared with null; absent means all", async () => {
      const created = await staff.request("POST", "/saved-views/goods", {
        name: "Narrow goods",
        ordering: ["-twice"],
        columns: ["name", "category__name", "twice"],
      });
      expect(created.status, created.text).toBe(201);
      expect(created.json).toMatchObject({ ordering: ["-twice"], columns: ["name", "category__name", "twice"] });
      const id = created.json.id;
      const listedViews = (await staff.get("/saved-views/goods")).json as { id: number; columns?: string[] }[];
      expect(listedViews.find((view) => view.id === id)?.columns).toEqual(["name", "category__name", "twice"]);
      // Saved again by name without columns: they are kept.
      const again = await staff.request("POST", "/saved-views/goods", { name: "narrow goods", search: "red" });
      expect(again.status, again.text).toBe(200);
      expect(again.json.columns).toEqual(["name", "category__name", "twice"]);
      const patched = await staff.request("PATCH", `/saved-views/goods/${id}`, { columns: ["shout"] });
      expect(patched.status, patched.text).toBe(200);
      expect(patched.json.columns).toEqual(["shout"]);
      const cleared = await staff.request("PATCH", `/saved-views/goods/${id}`, { columns: null });
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.json).not.toHaveProperty("columns");
      const plain = await staff.request("POST", "/saved-views/goods", { name: "Everything" });
      expect(plain.json).not.toHaveProperty("columns");
    });

    it("answers 400 for columns that name no column of the list, and stores nothing", async () => {
      const before = (await staff.get("/saved-views/goods")).json;
      for (const columns of [["name", "bogus"], [], "name", ["name", "name"], [1], ["secret"]]) {
        const reply = await staff.request("POST", "/saved-views/goods", { name: "Broken", columns });
        expectProblem(reply, 400, "columns");
      }
      // A computed column that names no order cannot order a view either.
      expectProblem(await staff.request("POST", "/saved-views/goods", { name: "Loud", ordering: ["shout"] }), 400);
      const first = before[0] as { id: number; columns?: string[] };
      expectProblem(await staff.request("PATCH", `/saved-views/goods/${first.id}`, { columns: ["nope"] }), 400);
      expect((await staff.get("/saved-views/goods")).json).toEqual(before);
    });
  });
}
