/**
 * A typed client of the shop, as a TypeScript team writes one: types generated from the shop's
 * OpenAPI document by openapi-typescript (`schema.d.ts`), calls made with openapi-fetch, no cast
 * anywhere. `pnpm typecheck` checks it against the document; `test/typed-client.test.ts` runs it
 * against the shop on Express, Koa and Hono.
 */
import createClient, { type ClientOptions } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type Product = components["schemas"]["Product"];
export type SparseProduct = components["schemas"]["SparseProduct"];
export type ProductRequest = components["schemas"]["ProductRequest"];

/**
 * A full answer has every field (`Product`); one narrowed by `fields` or `omit` comes under its
 * own media type with none required (`SparseProduct`). openapi-fetch types a client's answers as
 * the media types it is given: the first client reads full answers, the second sparse ones.
 */
type Full = "application/json" | "application/problem+json";
type Sparse = "application/vnd.viewsets.sparse+json" | "application/problem+json";

export function shopClient(baseUrl: string, fetcher: typeof fetch = fetch) {
  // The array parameters as the document declares them (`explode: false`): `?status__in=live,draft`.
  const options: ClientOptions = {
    baseUrl,
    fetch: fetcher,
    querySerializer: { array: { style: "form", explode: false } },
  };
  const full = createClient<paths, Full>(options);
  const sparse = createClient<paths, Sparse>(options);

  return {
    /** Live products in some categories, dearest first: every field of each is there. */
    async liveProducts(categoryIds: number[]): Promise<Product[]> {
      const { data, error } = await full.GET("/api/v1/products/", {
        params: { query: { status: "live", categoryId__in: categoryIds, ordering: ["-price", "name"], page_size: 50 } },
      });
      if (error) throw new Error(error.detail);
      return data.results;
    },

    /** Products whose category's name contains `text`, by that name (a filter and an order through the relation). */
    async inCategoriesNamed(text: string): Promise<Product[]> {
      const { data, error } = await full.GET("/api/v1/products/", {
        params: { query: { category__name__icontains: text, ordering: ["category__name", "id"], page_size: 50 } },
      });
      if (error) throw new Error(error.detail);
      return data.results;
    },

    /** A sparse list: only `id` and `price` of each product, typed as optional. */
    async prices(): Promise<{ id: number; price: string }[]> {
      const { data, error } = await sparse.GET("/api/v1/products/", {
        params: { query: { fields: ["id", "price"], ordering: ["price"], page_size: 5 } },
      });
      if (error) throw new Error(error.detail);
      return data.results.flatMap(({ id, price }) => (id === undefined || price === undefined ? [] : [{ id, price }]));
    },

    /** One product, and the ETag a conditional update sends back. */
    async product(id: number): Promise<{ product: Product; etag: string }> {
      const { data, error, response } = await full.GET("/api/v1/products/{id}", { params: { path: { id } } });
      if (error) throw new Error(error.detail);
      return { product: data, etag: response.headers.get("etag") ?? "" };
    },

    /** A bulk create: every product or none, in one request. */
    async createAll(products: ProductRequest[]): Promise<Product[]> {
      const { data, error } = await full.POST("/api/v1/products/", { body: products });
      if (error) throw new Error("errors" in error ? JSON.stringify(error.errors) : error.detail);
      // The document answers one record or the list of a bulk create: an array was sent, a list comes back.
      return Array.isArray(data) ? data : [data];
    },

    /**
     * A conditional update: the new price is written only if the product is still as it was read
     * (its ETag); otherwise 412 and nothing changes. Answers the updated product, or null on 412.
     */
    async reprice(id: number, price: string, etag: string): Promise<Product | null> {
      const { data, error, response } = await full.PATCH("/api/v1/products/{id}", {
        params: { path: { id }, header: { "If-Match": etag } },
        body: { price },
      });
      if (response.status === 412) return null;
      if (error) throw new Error(error.detail);
      return data;
    },

    /** The discount action: the product as a retrieve shows it, its category's name included. */
    async discount(id: number, percent: number): Promise<Product> {
      const { data, error } = await full.POST("/api/v1/products/{id}/discount", {
        params: { path: { id } },
        body: { percent, reason: "typed client" },
      });
      if (error) throw new Error(error.detail);
      return data;
    },

    /** Counts by status in one category. */
    async stats(categoryId: number): Promise<{ count: number; live: number }> {
      const { data, error } = await full.GET("/api/v1/products/stats", { params: { query: { categoryId } } });
      if (error) throw new Error(error.detail);
      return { count: data.count, live: data.byStatus.live };
    },

    /** A create the server refuses: the fields its 400 names. */
    async invalid(): Promise<{ status: number; fields: string[] }> {
      const { error, response } = await full.POST("/api/v1/products/", {
        body: { name: "Bad", categoryId: 1, price: "cheap" },
      });
      const errors = error && "errors" in error ? error.errors : undefined;
      return { status: response.status, fields: Object.keys(errors ?? {}) };
    },
  };
}
