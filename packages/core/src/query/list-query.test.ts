import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { ValidationError } from "../http/errors.js";
import { type ApiRequest, contextOf, parseQuery } from "../http/request.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { Product, type ProductRow, productRows } from "../testing/fixtures.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { resolveSettings } from "../viewsets/settings.js";
import { buildListQuery, type ListGrammar } from "./list-query.js";
import type { QuerySet } from "./manager.js";

const request = (rawQuery: string, user?: unknown): ApiRequest =>
  fakeRequest("GET", "/api/products/", { query: rawQuery, origin: "http://test.local", user });

const grammar: ListGrammar = {
  fields: Product.fields,
  primaryKey: "id",
  filterable: new Set(["status", "price", "inStock", "category"]),
  orderable: new Set(["price", "name"]),
  searchable: ["name"],
  ordering: ["-price"],
};

describe("the list pipeline outside a viewset", () => {
  it("filters, searches and orders a manager's rows by the grammar, without paginating", async () => {
    const manager = new MemoryManager(productRows());
    const params = parseQuery("status=live&status=draft&price__gte=50&search=shoe&ordering=name,-nope&page=9");
    const { queryset, ordering } = buildListQuery(manager, params, grammar);
    expect(ordering).toEqual(["name", "id"]);
    const rows = await queryset.orderBy(...ordering).all(contextOf(request("")));
    const expected = productRows()
      .filter((row) => ["live", "draft"].includes(row.status) && Number(row.price) >= 50 && /shoe/i.test(row.name))
      .sort((a, b) => a.name.localeCompare(b.name) || Number(a.id) - Number(b.id))
      .map((row) => row.id);
    expect(expected.length).toBeGreaterThan(1);
    expect(rows.map((row) => row.id)).toEqual(expected);
    // `page=9` is past the end, but nothing was paginated: no 404.
    expect(await queryset.count(contextOf(request("")))).toBe(expected.length);
  });

  it("answers a value that does not coerce with a 400 naming the parameter", () => {
    const manager = new MemoryManager(productRows());
    const attempt = () => buildListQuery(manager, parseQuery("price__gte=cheap"), grammar);
    expect(attempt).toThrow(ValidationError);
    try {
      attempt();
    } catch (error) {
      expect((error as ValidationError).errors).toHaveProperty("price__gte");
    }
  });

  it("reads ordering sent as repeated keys (openapi-fetch's form of an array) like the comma-separated one", () => {
    const manager = new MemoryManager(productRows());
    const repeated = buildListQuery(manager, parseQuery("ordering=-name&ordering=nope&ordering=price"), grammar);
    expect(repeated.ordering).toEqual(["-name", "price", "id"]);
    expect(repeated.ordering).toEqual(
      buildListQuery(manager, parseQuery("ordering=-name,nope,price"), grammar).ordering,
    );
  });

  it("ignores fields the grammar does not list, and ends the default order with the key", () => {
    const { ordering } = buildListQuery(new MemoryManager(productRows()), parseQuery("secret=x"), grammar);
    expect(ordering).toEqual(["-price", "-id"]);
  });
});

describe("DRF's hooks on a viewset", () => {
  /** Each user sees only the products of their own category: `filterQueryset` narrows every list. */
  class ScopedProducts extends BaseViewSet<ProductRow> {
    override filterQueryset(queryset: QuerySet<ProductRow>, req: ApiRequest): QuerySet<ProductRow> {
      const category = (req.user as { category: number }).category;
      return super
        .filterQueryset(queryset, req)
        .filter({ kind: "condition", field: "category", lookup: "exact", value: category });
    }
  }

  it("a subclass's filterQueryset scopes the rows list serves, with the request's own filters", async () => {
    const viewset = new ScopedProducts({
      serializer: () => new BaseSerializer(),
      model: Product,
      queryset: new MemoryManager(productRows()),
    });
    const req = request("status=live&page_size=100", { category: 2 });
    const response = await viewset.handle({ kind: "list", resource: "products" }, req, resolveSettings());
    const body = JSON.parse(response.body as string);
    const expected = productRows().filter((row) => row.category === 2 && row.status === "live");
    expect(expected.length).toBeGreaterThan(0);
    expect(body.count).toBe(expected.length);
    expect(body.results.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b)).toEqual(
      expected.map((row) => row.id),
    );
  });

  it("listQueryset gives the filtered, ordered list of a request for other code to use", async () => {
    const viewset = new BaseViewSet<ProductRow>({
      serializer: () => new BaseSerializer(),
      model: Product,
      queryset: new MemoryManager(productRows()),
      ordering: ["-price"],
    });
    const req = request("inStock=false");
    const { queryset, ordering } = viewset.listQueryset(req);
    expect(ordering).toEqual(["-price", "-id"]);
    const rows = await queryset.orderBy(...ordering).all(contextOf(req));
    expect(rows.map((row) => row.id)).toEqual(
      productRows()
        .filter((row) => !row.inStock)
        .sort((a, b) => Number(b.price) - Number(a.price))
        .map((row) => row.id),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => Number(row.price))).toEqual(rows.map((row) => Number(row.price)).sort((a, b) => b - a));
  });
});
