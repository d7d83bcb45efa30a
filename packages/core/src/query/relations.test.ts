import { describe, expect, it } from "vitest";
import type { RequestContext } from "../http/request.js";
import { Router } from "../router/router.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { callCore } from "../testing/fake-request.js";
import { MemoryManager } from "../testing/memory-manager.js";
import { Category, PriceChange, type PriceChangeRow, Product } from "../testing/relation-fixtures.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { cursorPagination } from "./cursor-pagination.js";
import type { Expression } from "./filter-expression.js";
import type { QuerySet } from "./manager.js";
import { resolvePath } from "./relations.js";

const serializer = () => new BaseSerializer();
const categories = { model: Category };
const products = { model: Product, relations: { category: { source: "categoryId", target: categories } } } as const;

/** A query set that keeps what the list asked of it and answers no rows: what a manager receives. */
class RecordingQuerySet implements QuerySet<PriceChangeRow> {
  constructor(readonly seen: { filters: Expression[]; ordering: string[] }) {}
  async count(_ctx: RequestContext) {
    return 0;
  }
  async all(_ctx: RequestContext) {
    return [];
  }
  filter(expression: Expression) {
    this.seen.filters.push(expression);
    return this;
  }
  orderBy(...terms: string[]) {
    this.seen.ordering = terms;
    return this;
  }
  offset() {
    return this;
  }
  limit() {
    return this;
  }
}

function priceChanges(options: { strictFilters?: boolean } = {}) {
  const seen = { filters: [] as Expression[], ordering: [] as string[] };
  const manager = new MemoryManager<PriceChangeRow>();
  const queryset = Object.assign(manager, { querySet: () => new RecordingQuerySet(seen) });
  const viewset = new BaseViewSet({
    serializer,
    model: PriceChange,
    queryset,
    relations: { product: { source: "productId", target: products } },
    filterFields: ["reason", "product__name", "product__category__name"],
    orderingFields: ["product__category__name"],
    searchFields: ["reason", "product__category__name"],
    ...options,
  });
  return { router: new Router("/api").register("price_changes", viewset), seen };
}

describe("paths through relations", () => {
  it("resolves two hops to the field they end on and the name a manager reads it by", () => {
    const relations = { product: { source: "productId", target: products } };
    expect(resolvePath(PriceChange, relations, "product__category__name")).toEqual({
      field: Category.fields.name,
      managerField: "productId.categoryId.name",
    });
    expect(resolvePath(PriceChange, relations, "reason")).toBeNull();
    expect(resolvePath(PriceChange, relations, "product__categry__name")).toEqual({
      problem: '"categry" is no relation of Product',
    });
    expect(resolvePath(PriceChange, relations, "product__category__secret")).toEqual({
      problem: "Category.secret is never shown",
    });
  });

  it("hands the manager filters, search and order by the foreign keys they follow", async () => {
    const { router, seen } = priceChanges();
    const reply = await callCore(router, "GET", "/api/price_changes/", {
      query: "product__category__name__icontains=kit&product__name=Mug&search=sale&ordering=-product__category__name",
    });
    expect(reply.status).toBe(200);
    expect(seen.filters).toEqual([
      {
        kind: "and",
        children: [
          { kind: "condition", field: "productId.categoryId.name", lookup: "icontains", value: "kit" },
          { kind: "condition", field: "productId.name", lookup: "exact", value: "Mug" },
        ],
      },
      {
        kind: "or",
        children: [
          { kind: "condition", field: "reason", lookup: "icontains", value: "sale" },
          { kind: "condition", field: "productId.categoryId.name", lookup: "icontains", value: "sale" },
        ],
      },
    ]);
    expect(seen.ordering).toEqual(["-productId.categoryId.name", "-id"]);
  });

  it("refuses a lookup the related field's type does not take, naming the parameter", async () => {
    const { router } = priceChanges();
    const reply = await callCore(router, "GET", "/api/price_changes/", { query: "product__name__gte=a" });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({ product__name__gte: [expect.stringContaining('Unknown lookup "gte"')] });
  });

  it("ignores parameters that name no filter by default, and with strictFilters answers 400 naming each", async () => {
    const lenient = priceChanges();
    const ignored = await callCore(lenient.router, "GET", "/api/price_changes/", { query: "productName=Mug" });
    expect(ignored.status).toBe(200);
    expect(lenient.seen.filters).toEqual([]);

    const strict = priceChanges({ strictFilters: true });
    const refused = await callCore(strict.router, "GET", "/api/price_changes/", {
      query: "productName=Mug&product__category__nam=x&reason=ok&page=1",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      detail: "Unknown query parameters: productName, product__category__nam.",
      errors: { productName: ["Unknown query parameter."], product__category__nam: ["Unknown query parameter."] },
    });
    expect(strict.seen.filters).toEqual([]);
  });

  it("checks every path at start-up: an unknown one is a ConfigurationError naming it", () => {
    const viewset = (options: Record<string, unknown>) =>
      new BaseViewSet({
        serializer,
        model: PriceChange,
        queryset: Object.assign(new MemoryManager<PriceChangeRow>(), {
          querySet: () => new RecordingQuerySet({ filters: [], ordering: [] }),
        }),
        relations: {
          product: { source: "productId", target: products },
          wrong: { source: "reason", target: products },
        },
        ...options,
      } as never);
    const check = (options: Record<string, unknown>) => viewset(options).checkConfiguration("price_changes")?.message;
    expect(check({ filterFields: ["product__category__name"], ordering: ["-product__name"] })).toBeUndefined();
    expect(check({ filterFields: ["product__categry__name"] })).toBe(
      'viewsets: resource price_changes: filterFields names "product__categry__name": "categry" is no relation of Product',
    );
    expect(check({ searchFields: ["product__category__nme"] })).toContain(
      'searchFields names "product__category__nme": Category has no field "nme"',
    );
    expect(check({ orderingFields: ["wrong__name"] })).toContain(
      'relation "wrong" of PriceChange follows "reason", no foreign key',
    );
    expect(check({ filterFields: ["resaon"] })).toContain('filterFields names "resaon", a field the model lacks');
    expect(check({ orderingFields: ["product__name"], pagination: cursorPagination() })).toContain(
      "cursor pagination cannot page by",
    );
    // A manager without a list pipeline filters in memory, over the rows' own values only.
    expect(check({ filterFields: ["product__name"], queryset: new MemoryManager<PriceChangeRow>() })).toContain(
      'filterFields names "product__name", a path through relations, but the queryset has no filter() to run it',
    );
  });
});
