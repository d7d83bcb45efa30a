/**
 * Filters, search and ordering through relations (`category__name`, `product__category__name`)
 * over real tables, run on a SQLite file and on PostgreSQL: the rows, and one statement each.
 */
import type { PgTable } from "drizzle-orm/pg-core";
import { callCore, fakeRequest } from "@viewsets/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Router } from "@viewsets/core";
import { DrizzleManager, modelViewSet, type PostgresDatabase } from "../src/index.js";
import type { LoggedSetup, LoggedFixture } from "./related-suite.js";

export function runRelationPathSuite(setup: LoggedSetup): void {
  describe.skipIf(setup.skipReason !== undefined)(`paths through relations on ${setup.name}`, () => {
    let fx: LoggedFixture;
    let router: Router;

    function relationRouter(): Router {
      const db = fx.db as PostgresDatabase;
      const categories = modelViewSet(db, fx.categories as PgTable);
      const products = modelViewSet(db, fx.products as PgTable, {
        relations: { category: { source: "categoryId", target: categories.options } },
        filterFields: ["name", "category__name"],
        searchFields: ["name", "category__name"],
        orderingFields: ["name", "category__name"],
        model: { hidden: ["secret", "meta"] },
      });
      const priceChanges = modelViewSet(db, fx.priceChanges as PgTable, {
        relations: { product: { source: "productId", target: products.options } },
        filterFields: ["reason", "product__name", "product__category__name"],
        orderingFields: ["product__category__name", "product__name"],
        searchFields: ["product__category__name"],
        strictFilters: true,
      });
      return new Router("/api", { onError: () => {} })
        .register("products", products)
        .register("price_changes", priceChanges);
    }

    async function names(path: string, query: string, key = "name"): Promise<unknown[]> {
      fx.queries.length = 0;
      const reply = await callCore(router, "GET", path, { query });
      expect(reply.status, reply.text).toBe(200);
      return (reply.body.results as Record<string, unknown>[]).map((row) => row[key]);
    }

    beforeAll(async () => {
      fx = await setup.connect();
    });
    afterAll(async () => {
      await fx?.close();
    });
    beforeEach(async () => {
      await fx.reset();
      const ctx = { signal: new AbortController().signal, request: fakeRequest("GET", "/"), user: undefined };
      const categories = new DrizzleManager(fx.db, fx.categories);
      const products = new DrizzleManager(fx.db, fx.products);
      const changes = new DrizzleManager(fx.db, fx.priceChanges);
      const category: Record<string, number> = {};
      for (const name of ["Kitchen", "Garden", "Kites"]) {
        category[name] = ((await categories.create(ctx, { name })) as { id: number }).id;
      }
      const product: Record<string, number> = {};
      const placed: [string, string | null][] = [
        ["Mug", "Kitchen"],
        ["Hose", "Garden"],
        ["Pan", "Kitchen"],
        ["Kite", "Kites"],
        ["Loose", null],
      ];
      for (const [name, of] of placed) {
        const row = { name, sku: name.toLowerCase(), price: "1.00", categoryId: of === null ? null : category[of] };
        product[name] = ((await products.create(ctx, row)) as { id: number }).id;
      }
      for (const [name, reason] of [
        ["Mug", "sale"],
        ["Hose", "sale"],
        ["Kite", "restock"],
        ["Pan", "restock"],
      ] as const) {
        await changes.create(ctx, { productId: product[name], reason });
      }
      router = relationRouter();
    });

    it("filters through a foreign key with a lookup of the related field, in the list's own statements", async () => {
      expect(await names("/api/products/", "category__name__icontains=kit&ordering=name")).toEqual([
        "Kite",
        "Mug",
        "Pan",
      ]);
      // A page and its count: two statements, each with the related rows as a subquery (no query per row).
      expect(fx.queries).toHaveLength(2);
      for (const query of fx.queries) expect(query.toLowerCase()).toContain(" in (select ");
      expect(await names("/api/products/", "category__name=Garden")).toEqual(["Hose"]);
      expect(await names("/api/products/", "category__name__in=Garden,Kites&ordering=-name")).toEqual(["Kite", "Hose"]);
      // Through a nullable foreign key, no category is a null name (Django's LEFT JOIN).
      expect(await names("/api/products/", "category__name__isnull=true")).toEqual(["Loose"]);
      expect(await names("/api/products/", "category__name__isnull=false&ordering=name")).toEqual([
        "Hose",
        "Kite",
        "Mug",
        "Pan",
      ]);
    });

    it("orders by a related field, rows without one first ascending and last descending", async () => {
      expect(await names("/api/products/", "ordering=category__name,name")).toEqual([
        "Loose",
        "Hose",
        "Mug",
        "Pan",
        "Kite",
      ]);
      expect(fx.queries).toHaveLength(2);
      expect(await names("/api/products/", "ordering=-category__name,name")).toEqual([
        "Kite",
        "Mug",
        "Pan",
        "Hose",
        "Loose",
      ]);
    });

    it("searches a related field beside the row's own", async () => {
      expect(await names("/api/products/", "search=garden")).toEqual(["Hose"]);
      expect(await names("/api/products/", "search=kit&ordering=name")).toEqual(["Kite", "Mug", "Pan"]);
    });

    it("follows two hops: price changes by their product's category", async () => {
      const byCategory = await names("/api/price_changes/", "product__category__name=Kitchen&ordering=id", "reason");
      expect(byCategory).toEqual(["sale", "restock"]);
      expect(fx.queries).toHaveLength(2);
      const ordered = await names(
        "/api/price_changes/",
        "ordering=-product__category__name,product__name&product__category__name__icontains=i",
        "reason",
      );
      // Kites (Kite: restock), Kitchen (Mug: sale, Pan: restock).
      expect(ordered).toEqual(["restock", "sale", "restock"]);
      expect(await names("/api/price_changes/", "search=garden", "reason")).toEqual(["sale"]);
    });

    it("with strictFilters, answers a parameter that names no filter with a 400 naming it", async () => {
      const reply = await callCore(router, "GET", "/api/price_changes/", { query: "product__categry__name=Kitchen" });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual({ product__categry__name: ["Unknown query parameter."] });
    });

    it("a manager refuses a related field its table has no foreign key for, before any SQL", () => {
      const products = new DrizzleManager(fx.db, fx.products);
      expect(() => products.filter({ kind: "condition", field: "ownerId.name", lookup: "exact", value: "x" })).toThrow(
        /no single-column foreign key "ownerId"/,
      );
      expect(() => products.orderBy("categoryId.nope")).toThrow(/no column for field "categoryId.nope"/);
    });
  });
}
