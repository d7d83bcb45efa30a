/**
 * The shop served for real on each framework, over a freshly seeded SQLite file (or, in the
 * "shop-pg" project, a fresh PostgreSQL database): what the seeded data says (counted with plain
 * SQL) is what the API answers.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAMEWORKS } from "../src/serve.js";
import {
  type RunningShop,
  SHOP_DIALECT,
  getJSON,
  databaseSkipReason,
  send,
  startShop,
  tempDirectory,
} from "./helpers.js";

const directory = tempDirectory();
afterAll(() => directory.remove());

interface ProductJSON {
  id: number;
  name: string;
  description: string | null;
  categoryId: number;
  inStock: boolean;
  price: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The status of a GET sent with this Host header (fetch may not set one). The client keeps its side
 * open until the answer, as browsers and curl do.
 */
function statusWithHost(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { host }, setHost: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe.skipIf(databaseSkipReason !== undefined).each(FRAMEWORKS)(`the shop (${SHOP_DIALECT}) on %s`, (framework) => {
  let shop: RunningShop;
  const sqlCount = async (where: string, ...params: unknown[]) =>
    Number((await shop.query<{ n: unknown }>(`SELECT count(*) AS n FROM products WHERE ${where}`, ...params))[0]!.n);

  beforeAll(async () => {
    shop = await startShop(framework, directory.path);
  });
  afterAll(() => shop.close());

  it("answers only for its own host names", async () => {
    const base = shop.api.replace(/\/api\/v1$/, "");
    for (const [host, status] of [
      ["localhost:3000", 200],
      ["shop.example.com", 200],
      ["evil.example", 400],
      ["evil.example/x?y=", 400],
    ] as const) {
      expect(await statusWithHost(`${base}/api/v1/categories/`, host), host).toBe(status);
    }
  });

  it("links to every resource from the API root", async () => {
    const { status, body } = await getJSON(`${shop.api}/`);
    expect(status).toBe(200);
    expect(body).toEqual({
      products: `${shop.api}/products/`,
      categories: `${shop.api}/categories/`,
      price_changes: `${shop.api}/price_changes/`,
      openapi: `${shop.api}/schema/openapi.json`,
      docs: `${shop.api}/schema/docs`,
    });
    expect((await getJSON(shop.api)).body).toEqual(body);
    // HEAD as GET, with its length and no body, on every framework.
    const get = await fetch(`${shop.api}/`);
    const head = await fetch(`${shop.api}/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String((await get.arrayBuffer()).byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("filters by exact values and lookups", async () => {
    const { status, body } = await getJSON(`${shop.api}/products/?status=live&inStock=true&price__lt=50`);
    expect(status).toBe(200);
    expect(body.count).toBe(await sqlCount("status = 'live' AND in_stock = true AND price < 50"));
    expect(body.count).toBeGreaterThan(100);
    for (const product of body.results as ProductJSON[]) {
      expect(product).toMatchObject({ status: "live", inStock: true });
      expect(Number(product.price)).toBeLessThan(50);
    }
    const inTwo = await getJSON(`${shop.api}/products/?categoryId__in=1,2&status=draft&status=archived`);
    expect(inTwo.body.count).toBe(await sqlCount("category_id IN (1, 2) AND status IN ('draft', 'archived')"));
  });

  it("filters and orders products through their category, as django-filter does", async () => {
    const { status, body } = await getJSON(
      `${shop.api}/products/?category__name__icontains=kit&ordering=category__name&page_size=100`,
    );
    expect(status).toBe(200);
    expect(body.count).toBe(
      await sqlCount("category_id IN (SELECT id FROM categories WHERE lower(name) LIKE '%kit%')"),
    );
    expect(body.count).toBeGreaterThan(0);
    for (const product of body.results as (ProductJSON & { category: string })[]) {
      expect(product.category.toLowerCase()).toContain("kit");
    }
    const byName = await getJSON(`${shop.api}/products/?ordering=-category__name,id&page_size=100&status=live`);
    const names = (byName.body.results as { category: string | null }[]).map((row) => row.category ?? "");
    expect(names).toEqual([...names].sort().reverse());
    // Two hops: the price log of one category's products.
    const [kitchen] = await shop.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM price_changes WHERE product_id IN (SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id WHERE c.name = 'Kitchen')",
    );
    const log = await getJSON(`${shop.api}/price_changes/?product__category__name=Kitchen`);
    expect(log.body.count).toBe(Number(kitchen!.n));
  });

  it("orders by price, then by id in the same direction, over every page", async () => {
    const { body } = await getJSON(`${shop.api}/products/?ordering=-price&page_size=100`);
    const rows = body.results as ProductJSON[];
    expect(rows).toHaveLength(100);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(Number(a.price) > Number(b.price) || (a.price === b.price && a.id > b.id)).toBe(true);
    }
    const [top] = await shop.query<{ p: unknown }>("SELECT max(price) AS p FROM products");
    expect(Number(rows[0]!.price)).toBe(Number(top!.p));
  });

  it("pages through the seeded products with next and previous links", async () => {
    const url = `${shop.api}/products/?status=live&ordering=-price&page=2`;
    const { status, body } = await getJSON(url);
    expect(status).toBe(200);
    const expected = await shop.query<{ id: number }>(
      "SELECT id FROM products WHERE status = 'live' ORDER BY price DESC, id DESC LIMIT 20 OFFSET 20",
    );
    expect(body.results.map((p: ProductJSON) => p.id)).toEqual(expected.map((row) => row.id));
    expect(body.next).toBe(`${shop.api}/products/?status=live&ordering=-price&page=3`);
    expect(body.previous).toBe(`${shop.api}/products/?status=live&ordering=-price`);

    const lastPage = Math.ceil(body.count / 20);
    const last = await getJSON(`${shop.api}/products/?status=live&ordering=-price&page=${lastPage}`);
    expect(last.body.next).toBeNull();
    expect(last.body.results.length).toBe(body.count - (lastPage - 1) * 20);
    const past = await getJSON(`${shop.api}/products/?status=live&page=${lastPage + 1}`);
    expect(past.status).toBe(404);
    expect(past.headers.get("content-type")).toBe("application/problem+json");
  });

  it("searches names and descriptions, case-insensitively", async () => {
    const { body } = await getJSON(`${shop.api}/products/?search=OAK&page_size=100`);
    expect(body.count).toBe(
      await sqlCount("lower(name) LIKE '%oak%' OR lower(coalesce(description, '')) LIKE '%oak%'"),
    );
    for (const product of body.results as ProductJSON[]) {
      expect(`${product.name} ${product.description ?? ""}`.toLowerCase()).toContain("oak");
    }
  });

  it("finds what the API wrote through the search index: created, renamed, deleted", async () => {
    const search = async (term: string) =>
      ((await getJSON(`${shop.api}/products/?search=${term}`)).body.results as ProductJSON[]).map((p) => p.name);
    if (shop.dialect === "sqlite") {
      // SQLite's FTS5 table holds every product; PostgreSQL's GIN indexes are kept by the database itself.
      const [indexed] = await shop.query<{ n: number }>("SELECT count(*) AS n FROM products_search");
      expect(indexed!.n).toBe(await sqlCount("1 = 1"));
    } else {
      const indexes = await shop.query<{ indexname: string }>(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'products' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY 1",
      );
      expect(indexes.map((row) => row.indexname)).toEqual(["products_search_description", "products_search_name"]);
    }
    const created = await send("POST", `${shop.api}/products/`, { name: "Zebrawood Tray", categoryId: 1, price: "9" });
    expect(await search("ZEBRAWOOD")).toEqual(["Zebrawood Tray"]);
    await send("PATCH", `${shop.api}/products/${created.body.id}/`, { name: "Quartzite Tray" });
    expect(await search("zebrawood")).toEqual([]);
    expect(await search("quartzite")).toEqual(["Quartzite Tray"]);
    await send("DELETE", `${shop.api}/products/${created.body.id}/`);
    expect(await search("quartzite")).toEqual([]);
  });

  it("shows each product's category name and whether it can be bought, and narrows to ?fields= and ?omit=", async () => {
    const categoryName = async (id: number) =>
      (await shop.query<{ name: string }>("SELECT name FROM categories WHERE id = ?", id))[0]!.name;
    const { status, body } = await getJSON(`${shop.api}/products/?page_size=50&ordering=price`);
    expect(status).toBe(200);
    for (const product of body.results as (ProductJSON & { category: string; available: boolean })[]) {
      expect(product.category).toBe(await categoryName(product.categoryId));
      expect(product.available).toBe(product.status === "live" && product.inStock);
    }
    const sparse = await getJSON(`${shop.api}/products/?fields=id,category,available&page_size=3`);
    for (const product of sparse.body.results) expect(Object.keys(product)).toEqual(["id", "category", "available"]);
    const one = await getJSON(`${shop.api}/products/${sparse.body.results[0].id}?omit=description,createdAt,updatedAt`);
    expect(Object.keys(one.body)).toEqual([
      "id",
      "name",
      "categoryId",
      "inStock",
      "price",
      "status",
      "category",
      "available",
    ]);
    const unknown = await getJSON(`${shop.api}/products/?fields=name,cost`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.fields[0]).toContain("cost");
  });

  it("answers 400 naming a filter whose value does not fit the field", async () => {
    const { status, body } = await getJSON(`${shop.api}/products/?status=sold`);
    expect(status).toBe(400);
    expect(Object.keys(body.errors)).toEqual(["status"]);
  });

  it("creates a product: 201, a Location, and the row as stored", async () => {
    const created = await send("POST", `${shop.api}/products/`, {
      name: "Teak Bench",
      categoryId: 3,
      price: "149.90",
      status: "live",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Teak Bench",
      categoryId: 3,
      // As sent: two places, though SQLite's NUMERIC stores the number 149.9.
      price: "149.90",
      status: "live",
      inStock: true,
    });
    expect(created.headers.get("location")).toBe(`${shop.api}/products/${created.body.id}`);
    const fetched = await getJSON(created.headers.get("location")!);
    expect(fetched.body).toEqual(created.body);
  });

  it("refuses an invalid product with problem+json naming each field", async () => {
    const { status, headers, body } = await send("POST", `${shop.api}/products/`, {
      name: "Teak Bench",
      price: "cheap",
    });
    expect(status).toBe(400);
    expect(headers.get("content-type")).toBe("application/problem+json");
    expect(body).toMatchObject({ status: 400, title: "Bad Request" });
    expect(Object.keys(body.errors).sort()).toEqual(["categoryId", "price"]);
    // The products viewset sets rejectUnknownRequestFields: a typo is an error, not silently dropped.
    const unknown = await send("POST", `${shop.api}/products/`, {
      name: "Teak Bench",
      categoryId: 1,
      price: "1",
      colour: "brown",
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(["colour"]);
    // A blank name fails its field's rule, so the whole product's rules (a live price above zero)
    // are not asked, as DRF runs validate() only after every field passed.
    const blank = await send("POST", `${shop.api}/products/`, { name: " ", categoryId: 1, price: "0", status: "live" });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ name: ["This field may not be blank."] });
    const free = await send("POST", `${shop.api}/products/`, {
      name: "Free",
      categoryId: 1,
      price: "0",
      status: "live",
    });
    expect(free.body.errors).toEqual({ price: ["A live product needs a price above zero."] });
  });

  it("refuses a product in a category that does not exist", async () => {
    const { status, body } = await send("POST", `${shop.api}/products/`, { name: "Lost", categoryId: 999, price: "1" });
    expect(status).toBe(400);
    expect(Object.keys(body.errors)).toEqual(["categoryId"]);
  });

  it("answers 404 for an id that names no product, or is no id", async () => {
    expect((await getJSON(`${shop.api}/products/999999`)).status).toBe(404);
    expect((await getJSON(`${shop.api}/products/abc`)).status).toBe(404);
    expect((await send("POST", `${shop.api}/products/999999/discount`, { percent: 5 })).status).toBe(404);
  });

  it("updates only what a PATCH sends", async () => {
    const before = (await getJSON(`${shop.api}/products/7`)).body as ProductJSON;
    const { status, body } = await send("PATCH", `${shop.api}/products/7`, { inStock: !before.inStock });
    expect(status).toBe(200);
    // `available` is computed from the row as saved.
    const available = before.status === "live" && !before.inStock;
    expect(body).toMatchObject({ ...before, inStock: !before.inStock, available, updatedAt: expect.any(String) });
    expect(body.updatedAt).not.toBe(before.updatedAt);
  });

  it("discounts a product and logs the change in the read-only price log", async () => {
    const before = (await getJSON(`${shop.api}/products/2`)).body as ProductJSON;
    const { status, body } = await send("POST", `${shop.api}/products/2/discount`, { percent: 10, reason: "sale" });
    expect(status).toBe(200);
    expect(Number(body.price)).toBeCloseTo(Math.round(Number(before.price) * 90) / 100, 2);
    const log = await getJSON(`${shop.api}/price_changes/?productId=2&reason=sale`);
    expect(log.body.count).toBe(1);
    expect(log.body.results[0]).toMatchObject({
      productId: 2,
      oldPrice: before.price,
      newPrice: body.price,
      reason: "sale",
    });

    const invalid = await send("POST", `${shop.api}/products/2/discount`, { percent: 100 });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors)).toEqual(["percent"]);
    const wrongMethod = await send("GET", `${shop.api}/products/2/discount`);
    expect(wrongMethod.status).toBe(405);
  });

  it("counts products by status", async () => {
    const { status, body } = await getJSON(`${shop.api}/products/stats?categoryId=4`);
    expect(status).toBe(200);
    expect(body.byStatus).toEqual({
      draft: await sqlCount("category_id = 4 AND status = 'draft'"),
      live: await sqlCount("category_id = 4 AND status = 'live'"),
      archived: await sqlCount("category_id = 4 AND status = 'archived'"),
    });
    expect(body.count).toBe(await sqlCount("category_id = 4"));
    expect((await getJSON(`${shop.api}/products/stats?categoryId=four`)).status).toBe(400);
  });

  it("serves the price log read-only: 405 with Allow: GET for every write", async () => {
    expect((await getJSON(`${shop.api}/price_changes/1`)).status).toBe(200);
    for (const [method, path] of [
      ["POST", "/price_changes/"],
      ["PUT", "/price_changes/1"],
      ["PATCH", "/price_changes/1"],
      ["DELETE", "/price_changes/1"],
    ] as const) {
      const { status, headers } = await send(
        method,
        `${shop.api}${path}`,
        method === "DELETE" ? undefined : { reason: "x" },
      );
      expect(status, `${method} ${path}`).toBe(405);
      expect(headers.get("allow")).toBe("GET");
    }
  });

  it("lists categories by name, and keeps their names unique (400 on name, as DRF answers)", async () => {
    const { body } = await getJSON(`${shop.api}/categories/`);
    expect(body.count).toBe(20);
    const names = body.results.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort());
    const duplicate = await send("POST", `${shop.api}/categories/`, { name: "Books" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors).toEqual({ name: ["category with this name already exists."] });
    expect((await getJSON(`${shop.api}/categories/`)).body.count).toBe(20);
  });
});
