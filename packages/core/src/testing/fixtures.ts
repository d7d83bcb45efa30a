/** The adapter contract's app: products and categories behind one router, with a counting throttle. */
import { ValidationError } from "../http/errors.js";
import type { ApiRequest } from "../http/request.js";
import { sendJSON } from "../http/respond.js";
import { getJSON } from "../http/body.js";
import { defineModel, type Model } from "../models/define-model.js";
import { memoryQuerySet } from "../query/memory-queryset.js";
import type { QuerySet } from "../query/manager.js";
import { BaseSerializer } from "../serializers/base-serializer.js";
import { BaseViewSet } from "../viewsets/base-viewset.js";
import { ViewSetConfig } from "../viewsets/viewset-config.js";
import { Router, type RouterOptions } from "../router/router.js";
import type { Throttle } from "../throttling/throttle.js";
import { MemoryManager } from "./memory-manager.js";

export const Product = defineModel({
  name: "Product",
  fields: {
    id: { type: "int", primaryKey: true },
    name: { type: "string", maxLength: 50 },
    price: { type: "decimal" },
    inStock: { type: "bool" },
    status: { type: "string", choices: ["draft", "live", "archived"] },
    category: { type: "foreignKey", references: "Category", nullable: true },
    createdAt: { type: "time", editable: false },
    secret: { type: "string", serializable: false, required: false },
    notes: { type: "text", nullable: true },
  },
  clean(obj) {
    if (obj.status === "live" && obj.inStock === false) {
      throw new ValidationError({ non_field_errors: ["A live product must be in stock."] });
    }
  },
});

export type ProductRow = typeof Product extends Model<infer Row> ? Row : never;

export const Category = defineModel({
  name: "Category",
  fields: {
    id: { type: "int", primaryKey: true },
    title: { type: "string" },
  },
});

export type CategoryRow = typeof Category extends Model<infer Row> ? Row : never;

/** A bigint id past 2^53: rounding it would give ...992. */
export const BIG_ID = 9007199254740993n;

const NAMES = ["Red shoe", "Blue shoe", "Green hat", "Red hat", "Tea 50% off", "snake_case mug"];
const STATUSES = ["draft", "live", "archived"] as const;

export function productRows(): ProductRow[] {
  const rows: ProductRow[] = [];
  for (let i = 1; i <= 45; i++) {
    rows.push({
      id: i,
      name: `${NAMES[i % NAMES.length]} ${String(i).padStart(2, "0")}`,
      price: (i * 2.5).toFixed(2),
      inStock: i % 2 === 0 || STATUSES[i % 3] === "live",
      status: STATUSES[i % 3]!,
      category: i % 4 === 0 ? null : (i % 3) + 1,
      createdAt: new Date(Date.UTC(2024, 0, i)),
      secret: `s3cret-${i}`,
      notes: i % 5 === 0 ? null : `note ${i}`,
    });
  }
  rows.push({
    id: BIG_ID as unknown as number,
    name: "Big id",
    price: "1.00",
    inStock: true,
    status: "draft",
    category: null,
    createdAt: new Date(Date.UTC(2023, 0, 1)),
    secret: "big",
    notes: null,
  });
  return rows;
}

/** A manager whose list goes through `querySet()` (it cannot page itself), over the same rows. */
export class CategoryManager extends MemoryManager<CategoryRow> {
  querySet(): QuerySet<CategoryRow> {
    this.calls.push("querySet");
    return memoryQuerySet((ctx) => this.all(ctx));
  }
}

/** A throttle with a fixed budget per client IP, independent of any store. */
export function countingThrottle(limit: number): Throttle {
  const used = new Map<string, number>();
  return {
    allow(subject) {
      const count = (used.get(subject.ip) ?? 0) + 1;
      used.set(subject.ip, count);
      const allowed = count <= limit;
      return { allowed, limit, remaining: Math.max(0, limit - count), reset: 60, retryAfter: allowed ? 0 : 60 };
    },
  };
}

export interface ContractApp {
  router: Router;
  products: MemoryManager<ProductRow>;
  categories: CategoryManager;
  reports: MemoryManager<ProductRow>;
  failing: MemoryManager<ProductRow>;
  strict: MemoryManager<ProductRow>;
  configured: ViewSetConfig<CategoryRow>;
}

class SecretManagerError extends Error {}

/** The app every adapter serves in the contract suite. */
export function contractApp(options: RouterOptions = {}): ContractApp {
  const router = new Router("/api/v1", { onError: () => {}, ...options });
  const products = new MemoryManager<ProductRow>(productRows());
  router.register(
    "products",
    new BaseViewSet({
      serializer: () => new BaseSerializer(),
      queryset: products,
      model: Product,
      searchFields: ["name", "notes"],
      readOnlyRequestFields: ["createdAt"],
    }),
  );
  const categories = new CategoryManager([
    { id: 1, title: "Shoes" },
    { id: 2, title: "Hats" },
    { id: 3, title: "Mugs" },
  ]);
  const configured = new ViewSetConfig({
    serializer: () => new BaseSerializer(),
    queryset: categories,
    model: Category,
    pageSize: 2,
  });
  router.register("categories", configured);

  const reports = new MemoryManager<ProductRow>(productRows().slice(0, 5));
  router.register(
    "reports",
    new BaseViewSet({
      serializer: () => new BaseSerializer(),
      queryset: reports,
      model: Product,
      readOnly: true,
      throttles: [countingThrottle(3)],
    }),
  );

  const strictSerializer = class extends BaseSerializer {
    fields() {
      return ["id", "name", "price", "status", "inStock", "secret"];
    }
    writeOnlyFields() {
      return ["secret"];
    }
    readonlyFields() {
      return ["price"];
    }
  };
  const strict = new MemoryManager<ProductRow>(productRows().slice(0, 3));
  router.register(
    "strict-products",
    new BaseViewSet({
      serializer: () => new strictSerializer(),
      queryset: strict,
      model: Product,
      rejectUnknownRequestFields: true,
      filterFields: ["status"],
      orderingFields: ["name"],
      pageSize: 2,
      maxPageSize: 3,
    }),
  );
  // `strictFilters`: a parameter that is no filter, nor one a list reads, is a 400 naming it.
  router.register(
    "strict-filters",
    new BaseViewSet({
      serializer: () => new BaseSerializer(),
      queryset: new MemoryManager<ProductRow>(productRows().slice(0, 6)),
      model: Product,
      readOnly: true,
      filterFields: ["status", "price"],
      strictFilters: true,
    }),
  );

  const failing = new MemoryManager<ProductRow>([]);
  failing.all = async () => {
    throw new SecretManagerError("SELECT * FROM products WHERE password = 'hunter2'");
  };
  router.register(
    "failing",
    new BaseViewSet({ serializer: () => new BaseSerializer(), queryset: failing, model: Product }),
  );

  router.action("products", "stats", {}, async () => sendJSON(200, { count: products.rows.size }));

  router.action(
    "products",
    "publish",
    { methods: ["POST"], detail: true, urlPath: "publish-now" },
    async (request: ApiRequest) => {
      const body = await getJSON<{ note?: string } | undefined>(request);
      return sendJSON(200, { id: request.params?.id, note: body?.note ?? null, user: request.user ?? null });
    },
  );
  router.action("products", "boom", {}, () => {
    throw new SecretManagerError("connection postgres://admin:pw@db/prod refused");
  });
  return { router, products, categories, reports, failing, strict, configured };
}
