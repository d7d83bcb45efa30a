import { describe, expectTypeOf, it } from "vitest";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { MemoryManager } from "../testing/memory-manager.js";
import {
  Category,
  type CategoryRow,
  PriceChange,
  type PriceChangeRow,
  Product,
  type ProductRow,
} from "../testing/relation-fixtures.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import type { FieldPath } from "./relations.js";

const serializer = () => new BaseSerializer();
const categories = new BaseViewSet({ serializer, model: Category, queryset: new MemoryManager<CategoryRow>() });
const products = new BaseViewSet({
  serializer,
  model: Product,
  queryset: new MemoryManager<ProductRow>(),
  relations: { category: { source: "categoryId", target: categories.options } },
  filterFields: ["name", "category__name"],
});

describe("paths through relations", () => {
  it("name the related model's fields, through two hops", () => {
    new BaseViewSet({
      serializer,
      model: PriceChange,
      queryset: new MemoryManager<PriceChangeRow>(),
      relations: { product: { source: "productId", target: products.options } },
      filterFields: ["reason", "product__name", "product__category__name"],
      orderingFields: ["product__category__name"],
      searchFields: ["product__category__name"],
      ordering: ["-product__category__name"],
    });
    type Paths = FieldPath<PriceChangeRow, { product: { source: "productId"; target: typeof products.options } }>;
    expectTypeOf<Paths>().toEqualTypeOf<
      | "id"
      | "reason"
      | "productId"
      | "product__id"
      | "product__name"
      | "product__categoryId"
      // A field the target never shows is typed too; the start-up check refuses it.
      | `product__category__${"id" | "name" | "secret"}`
    >();
  });

  it("fail to compile when a step or the field is misspelt", () => {
    new BaseViewSet({
      serializer,
      model: PriceChange,
      queryset: new MemoryManager<PriceChangeRow>(),
      relations: { product: { source: "productId", target: products.options } },
      // @ts-expect-error: the product has no relation "categry"
      filterFields: ["product__categry__name"],
    });
    new BaseViewSet({
      serializer,
      model: PriceChange,
      queryset: new MemoryManager<PriceChangeRow>(),
      relations: { product: { source: "productId", target: products.options } },
      // @ts-expect-error: a category has no field "nme"
      searchFields: ["product__category__nme"],
    });
    new BaseViewSet({
      serializer,
      model: Product,
      queryset: new MemoryManager<ProductRow>(),
      // @ts-expect-error: without the relation declared, no path through it
      orderingFields: ["category__name"],
    });
  });

  it("follow a foreign-key field of the row, by name", () => {
    new BaseViewSet({
      serializer,
      model: Product,
      queryset: new MemoryManager<ProductRow>(),
      // @ts-expect-error: a relation follows a field of the row
      relations: { category: { source: "categoryKey", target: categories.options } },
    });
  });
});
