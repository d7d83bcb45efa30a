/**
 * The shop's typed client (`client/`) as a client developer uses it: its types are what
 * openapi-typescript makes of the document today, and each call it makes, run against the shop on
 * each framework, gets what those types promise.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopClient } from "../client/client.js";
import { clientTypes } from "../src/client-types.js";
import { openapi } from "../src/document.js";
import { FRAMEWORKS } from "../src/serve.js";
import { SHOP_DIALECT, databaseSkipReason, getJSON, type RunningShop, startShop, tempDirectory } from "./helpers.js";

describe("the typed client of the shop", () => {
  // The document does not depend on the database: checked once, in the SQLite run.
  it.skipIf(SHOP_DIALECT === "pg")(
    "is typed by the document as it is now (regenerate with `pnpm --filter @viewsets/example-shop openapi`)",
    async () => {
      const committed = readFileSync(new URL("../client/schema.d.ts", import.meta.url), "utf8");
      expect(committed).toBe(await clientTypes(openapi.generate()));
    },
    60_000,
  );

  const data = tempDirectory();
  afterAll(() => data.remove());

  describe.skipIf(databaseSkipReason !== undefined).each(FRAMEWORKS)(
    `calling the shop (${SHOP_DIALECT}) on %s`,
    (framework) => {
      let shop: RunningShop;
      const requests: { url: string; accept: string | null; contentType: string | null }[] = [];
      let client: ReturnType<typeof shopClient>;
      beforeAll(async () => {
        shop = await startShop(framework, data.path);
        client = shopClient(new URL(shop.api).origin, async (input: Request | URL | string, init?: RequestInit) => {
          const request = new Request(input, init);
          const response = await fetch(request);
          requests.push({ url: request.url, accept: null, contentType: response.headers.get("content-type") });
          return response;
        });
      });
      afterAll(() => shop.close());

      it("sends array parameters comma-separated, as the document declares, and reads full answers", async () => {
        const live = await client.liveProducts([1, 2]);
        const url = new URL(requests.at(-1)!.url);
        expect(url.searchParams.get("categoryId__in")).toBe("1,2");
        expect(url.searchParams.get("ordering")).toBe("-price,name");
        const same = await getJSON(
          `${shop.api}/products/?status=live&categoryId__in=1,2&ordering=-price,name&page_size=50`,
        );
        expect(live).toEqual(same.body.results);
        expect(live.length).toBeGreaterThan(0);
        for (const product of live) {
          expect(product.status).toBe("live");
          expect([1, 2]).toContain(product.categoryId);
          expect(typeof product.category).toBe("string");
        }
      });

      it("filters and orders through the category with the document's parameters", async () => {
        const products = await client.inCategoriesNamed("kit");
        const url = new URL(requests.at(-1)!.url);
        expect(url.searchParams.get("category__name__icontains")).toBe("kit");
        expect(url.searchParams.get("ordering")).toBe("category__name,id");
        expect(products.length).toBeGreaterThan(0);
        for (const product of products) expect(product.category.toLowerCase()).toContain("kit");
      });

      it("reads a sparse list under its own media type, with only the fields it asked for", async () => {
        const prices = await client.prices();
        expect(requests.at(-1)!.contentType).toMatch(/^application\/vnd\.viewsets\.sparse\+json/);
        expect(prices).toHaveLength(5);
        const sparse = await getJSON(`${shop.api}/products/?fields=id,price&ordering=price&page_size=5`);
        expect(sparse.body.results).toEqual(prices);
      });

      it("creates several products in one request, each shown as a single create shows it", async () => {
        const created = await client.createAll([
          { name: "Teak Bench", categoryId: 1, price: "149.90", status: "live" },
          { name: "Oak Stool", categoryId: 2, price: "39.00", inStock: false, status: "live" },
        ]);
        expect(created.map((product) => product.name)).toEqual(["Teak Bench", "Oak Stool"]);
        // Related and computed fields too (they were null in a bulk create's answer).
        const one = (await getJSON(`${shop.api}/products/${created[0]!.id}`)).body;
        expect(created[0]).toEqual(one);
        expect(created[0]!.category).toEqual(expect.any(String));
        expect(created.map((product) => product.available)).toEqual([true, false]);
      });

      it("updates only while the product is as it was read: a stale ETag is 412 and changes nothing", async () => {
        const { product, etag } = await client.product(3);
        const updated = await client.reprice(3, "12.34", etag);
        expect(updated).toMatchObject({ id: 3, price: "12.34", name: product.name });
        expect(await client.reprice(3, "99.99", etag)).toBeNull();
        expect((await client.product(3)).product.price).toBe("12.34");
      });

      it("discounts a product and answers it as a retrieve shows it", async () => {
        const before = (await client.product(4)).product;
        const discounted = await client.discount(4, 10);
        expect(discounted).toEqual((await client.product(4)).product);
        expect(discounted.category).toBe(before.category);
        expect(Number(discounted.price)).toBeLessThan(Number(before.price));
      });

      it("reads the stats of a category and the fields of a refused create", async () => {
        const stats = await client.stats(1);
        expect(stats.count).toBeGreaterThan(0);
        expect(await client.invalid()).toEqual({ status: 400, fields: ["price"] });
      });
    },
  );
});
