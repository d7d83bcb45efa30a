/**
 * Related and computed fields and sparse fieldsets over real tables, run on a SQLite file and on
 * PostgreSQL: how many queries a page costs, and which columns they read.
 */
import type { PgTable } from "drizzle-orm/pg-core";
import { callCore, fakeRequest } from "@viewsets/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { computed, cursorPagination, modelSerializer, type Paginator, Router, related } from "@viewsets/core";
import { DrizzleManager, modelViewSet, type PostgresDatabase, tableModel } from "../src/index.js";
import type { DataFixture, DialectSetup } from "./data-suite.js";

/** A fixture whose database logs each statement it runs into `queries`. */
export interface LoggedFixture extends DataFixture {
  readonly queries: string[];
}

export interface LoggedSetup extends DialectSetup {
  connect(): Promise<LoggedFixture>;
}

export function runRelatedSuite(setup: LoggedSetup): void {
  describe.skipIf(setup.skipReason !== undefined)(`related fields and sparse fieldsets on ${setup.name}`, () => {
    let fx: LoggedFixture;
    let router: Router;
    let categoryIds: number[];

    /** The products API with a category shown nested and by name, and a computed label. */
    function productRouter(pagination?: Paginator): Router {
      const categories = { model: tableModel(fx.categories), queryset: new DrizzleManager(fx.db, fx.categories) };
      const serializer = modelSerializer(tableModel(fx.products), {
        exclude: ["secret", "meta"],
        related: {
          category: related(categories, { source: "categoryId", fields: ["id", "name"], writable: true }),
          categoryName: related(categories, { source: "categoryId", field: "name" }),
        },
        computed: {
          label: computed((row) => `${String(row.name)} (${String(row.sku)})`, {
            type: "string",
            uses: ["name", "sku"],
          }),
        },
      });
      const api = new Router("/api", { onError: () => {} });
      api.register(
        "products",
        modelViewSet(fx.db as PostgresDatabase, fx.products as PgTable, {
          serializer: () => serializer,
          ordering: ["name"],
          ...(pagination ? { pagination } : {}),
        }),
      );
      return api;
    }

    async function call(method: string, path: string, options: { query?: string; body?: unknown } = {}) {
      fx.queries.length = 0;
      return callCore(router, method, path, options);
    }

    beforeAll(async () => {
      fx = await setup.connect();
    });
    afterAll(async () => {
      await fx?.close();
    });
    beforeEach(async () => {
      await fx.reset();
      const categories = new DrizzleManager(fx.db, fx.categories);
      const products = new DrizzleManager(fx.db, fx.products);
      const ctx = { signal: new AbortController().signal, request: fakeRequest("GET", "/"), user: undefined };
      categoryIds = [];
      for (const name of ["Chairs", "Lamps", "Rugs"]) {
        categoryIds.push(((await categories.create(ctx, { name })) as { id: number }).id);
      }
      for (let i = 1; i <= 100; i++) {
        await products.create(ctx, {
          name: `Product ${String(i).padStart(3, "0")}`,
          sku: `sku-${i}`,
          price: "10.00",
          description: `about ${i}`,
          secret: `s3cret-${i}`,
          categoryId: i % 10 === 0 ? null : categoryIds[i % 3],
        });
      }
      router = productRouter();
    });

    it("serves a page of 100 rows with related fields in two queries (the COUNT of page-number pagination apart)", async () => {
      const page = await call("GET", "/api/products/", { query: "page_size=100" });
      expect(page.status).toBe(200);
      expect(page.body.results).toHaveLength(100);
      const first = page.body.results[0];
      expect(first).toMatchObject({
        name: "Product 001",
        categoryId: categoryIds[1],
        category: { id: categoryIds[1], name: "Lamps" },
        categoryName: "Lamps",
        label: "Product 001 (sku-1)",
      });
      expect(page.body.results[9]).toMatchObject({ categoryId: null, category: null, categoryName: null });
      const counts = fx.queries.filter((query) => /count\(\*\)/i.test(query));
      expect(counts).toHaveLength(1);
      // The page, and one query for both related fields: the categories of all 100 rows at once.
      expect(fx.queries.length - counts.length).toBe(2);
    });

    it("costs exactly two queries with cursor pagination, which does not count", async () => {
      router = productRouter(cursorPagination());
      const page = await call("GET", "/api/products/", { query: "page_size=100" });
      expect(page.status).toBe(200);
      expect(page.body.results).toHaveLength(100);
      expect(page.body.results[1].category).toEqual({ id: categoryIds[2], name: "Rugs" });
      expect(fx.queries).toHaveLength(2);
    });

    it("shows related fields on retrieve, create and update, and checks a written id exists", async () => {
      const list = await call("GET", "/api/products/", { query: "fields=id&page_size=1" });
      const id = list.body.results[0].id as number;
      const one = await call("GET", `/api/products/${id}`);
      expect(one.body).toMatchObject({ category: { id: categoryIds[1], name: "Lamps" }, categoryName: "Lamps" });
      expect(one.body).not.toHaveProperty("secret");
      expect(fx.queries).toHaveLength(2);

      const created = await call("POST", "/api/products/", {
        body: { name: "Stool", sku: "stool", price: "5.00", category: categoryIds[2] },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        categoryId: categoryIds[2],
        category: { name: "Rugs" },
        label: "Stool (stool)",
      });

      const missing = await call("POST", "/api/products/", {
        body: { name: "Ghost", sku: "ghost", price: "5.00", category: 987654 },
      });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.errors)).toEqual(["category"]);
      expect(fx.queries.some((query) => /^insert/i.test(query))).toBe(false);

      const moved = await call("PATCH", `/api/products/${id}`, { body: { category: categoryIds[0] } });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ categoryId: categoryIds[0], categoryName: "Chairs" });
      const cleared = await call("PATCH", `/api/products/${id}`, { body: { category: null } });
      expect(cleared.body).toMatchObject({ categoryId: null, category: null });
    });

    it("selects only the columns a sparse response needs, and answers 400 naming unknown names", async () => {
      const page = await call("GET", "/api/products/", { query: "fields=name,categoryName&page_size=3" });
      expect(page.status).toBe(200);
      expect(page.body.results[0]).toEqual({ name: "Product 001", categoryName: "Lamps" });
      const select = fx.queries.find(
        (query) => /^select/i.test(query) && /"products"/.test(query) && !/count/i.test(query),
      );
      expect(select).toBeDefined();
      const columns = select!.slice(0, select!.search(/ from /i));
      for (const column of ["id", "name", "category_id"]) expect(columns).toContain(`"${column}"`);
      for (const column of ["description", "secret", "sku", "price", "meta"])
        expect(columns).not.toContain(`"${column}"`);

      const omitted = await call("GET", "/api/products/", { query: "omit=description,category,label&page_size=1" });
      expect(Object.keys(omitted.body.results[0])).not.toContain("description");
      expect(omitted.body.results[0].categoryName).toBe("Lamps");

      for (const query of ["fields=name,secret", "omit=nope", "fields=category.name"]) {
        const bad = await call("GET", "/api/products/", { query });
        expect(bad.status).toBe(400);
        expect(fx.queries).toHaveLength(0);
      }
    });
  });
}
