import {
  NotFound,
  Router,
  type RouterOptions,
  ValidationError,
  computed,
  modelSerializer,
  related,
  sendJSON,
} from "@viewsets/core";
import { betterAuthentication, modelPermissionsOrAnonReadOnly } from "@viewsets/better-auth";
import * as v from "valibot";
import { docsPage } from "@viewsets/core/docs";
import { databaseOutages, modelViewSet, tableModel } from "@viewsets/drizzle";
import { and, avg, count, eq } from "drizzle-orm";
import { SHOP_PERMISSION_OPTIONS, type ShopAuth } from "./auth.js";
import type { ShopDatabase } from "./database.js";
import { shopOpenAPI } from "./openapi.js";
import { PRODUCT_SEARCH_INDEX, PRODUCT_STATUSES, type Product, categories, priceChanges, products } from "./schema.js";

export const API_PREFIX = "/api/v1";

/** What a product list takes (filters, ordering, search), shared with the PostgreSQL benchmark's copy of the shop. */
export const PRODUCT_LIST_OPTIONS = {
  filterFields: ["name", "status", "categoryId", "inStock", "price", "createdAt"],
  orderingFields: ["name", "price", "createdAt", "updatedAt"],
  searchFields: ["name", "description"],
  ordering: ["-createdAt"],
  rejectUnknownRequestFields: true,
  // A JSON array creates every product in it or none, in one transaction.
  bulkCreate: true,
} as const;

/**
 * Prices have two places and at most ten digits: a body with a third place is a 400, and every
 * response shows two ("416.90"). SQLite's numeric column cannot say so itself (it reads 416.90
 * back as 416.9); PostgreSQL's numeric(10, 2) says the same.
 */
export const PRICE_DIGITS = { maxDigits: 10, decimalPlaces: 2 } as const;

/**
 * The product model's rules beyond its table, shared with the benchmark's copies of the shop: the
 * rules of `cleanProduct`. Its name, as a category's, may not be blank (every required text
 * field's default, which the OpenAPI document states), and is trimmed.
 */
export const PRODUCT_MODEL_OPTIONS = {
  clean: cleanProduct,
  decimals: { price: PRICE_DIGITS },
  // What the admin, OPTIONS and the document show for each status (`live` reads "On sale").
  choiceLabels: { status: { draft: "Draft", live: "On sale", archived: "Archived" } },
  helpText: { price: "Two decimal places; a live product needs a price above zero." },
};

/** The rules of a whole product, after each field's own validation. */
export function cleanProduct(product: { status?: string | undefined; price: string }): void {
  if (product.status === "live" && Number(product.price) <= 0) {
    throw new ValidationError({ price: ["A live product needs a price above zero."] });
  }
}

/** The shop's three viewsets: the REST API serves them, and the admin shows the same models and managers. */
export function shopViewSets(db: ShopDatabase) {
  const categoryViewSet = modelViewSet(db, categories, {
    searchFields: ["name"],
    ordering: ["name"],
    rejectUnknownRequestFields: true,
  });
  // A product shows its category's name (one query per page, not per product) and whether it can be bought now.
  const productSerializer = modelSerializer(tableModel(products, PRODUCT_MODEL_OPTIONS), {
    related: { category: related(categoryViewSet.options, { source: "categoryId", field: "name" }) },
    computed: {
      available: computed((product) => product.status === "live" && product.inStock, {
        type: "bool",
        description: "Whether a customer can buy it now: live and in stock.",
        uses: ["status", "inStock"],
      }),
    },
  });
  // Lists follow the category as django-filter does: `?category__name__icontains=kit&ordering=category__name`.
  const productViewSet = modelViewSet(db, products, {
    serializer: () => productSerializer,
    ...PRODUCT_LIST_OPTIONS,
    relations: { category: { source: "categoryId", target: categoryViewSet.options } },
    filterFields: [...PRODUCT_LIST_OPTIONS.filterFields, "category__name"],
    orderingFields: [...PRODUCT_LIST_OPTIONS.orderingFields, "category__name"],
    searchIndex: PRODUCT_SEARCH_INDEX,
    model: PRODUCT_MODEL_OPTIONS,
  });
  return {
    products: productViewSet,
    categories: categoryViewSet,
    // An audit log: written only by the discount action, so clients may read it and nothing else.
    priceChanges: modelViewSet(db, priceChanges, {
      model: { decimals: { oldPrice: PRICE_DIGITS, newPrice: PRICE_DIGITS } },
      readOnly: true,
      // Two hops: `?product__category__name=Kitchen` is the log of one category's products.
      relations: { product: { source: "productId", target: productViewSet.options } },
      filterFields: ["productId", "reason", "changedAt", "product__name", "product__category__name"],
      searchFields: ["reason", "product__name"],
      ordering: ["-changedAt"],
    }),
  };
}

/**
 * The router options of the shop's users (`server.ts`): better-auth's bearer token and session
 * cookie (with its CSRF token), anyone may read, and each write needs its model permission
 * (`add`, `change`, `delete`; the discount `change`).
 */
export function shopApiAuth(auth: ShopAuth): Pick<RouterOptions, "authentication" | "permissions"> {
  return {
    authentication: betterAuthentication(auth),
    permissions: [modelPermissionsOrAnonReadOnly(auth, SHOP_PERMISSION_OPTIONS)],
  };
}

/**
 * The shop's API under `/api/v1`: products (filters, ordering, search, a discount action and
 * stats), categories, and the read-only price-change log; `GET /api/v1/` links to each (the router's API root). The same router serves Express, Koa,
 * Hono and Fastify (see `serve.ts`); `options` are the router's (throttles, page size, ...).
 */
export function createShopRouter(db: ShopDatabase, options: RouterOptions = {}): Router {
  // The actions below query the database themselves: an outage there is a 503 too, not a 500.
  const router = new Router(API_PREFIX, { exceptionHandler: databaseOutages, ...options });

  const viewsets = shopViewSets(db);
  router.register("products", viewsets.products);
  router.action(
    "products",
    "discount",
    {
      methods: ["POST"],
      detail: true,
      summary: "Lower the price by a percentage",
      requestSchema: DISCOUNT,
      // The product as a retrieve shows it (its category's name, whether it is available).
      serializer: true,
      // Guarded like the routes: with the shop's users, it needs `change` on products.
      checks: true,
    },
    (_request, action) => action.respond(discount(db, action.id, action.data)),
  );
  router.action(
    "products",
    "stats",
    {
      methods: ["GET"],
      summary: "Counts by status and the average price",
      querySchema: STATS_QUERY,
      responseSchema: STATS,
      // Guarded like the list: anyone may read it, a token that is none is a 401.
      checks: true,
    },
    (_request, action) => sendJSON(200, stats(db, action.query.categoryId)),
  );

  router.register("categories", viewsets.categories);
  router.register("price_changes", viewsets.priceChanges);

  // The API described: the document, and an offline swagger-ui reference page for it.
  const openapi = shopOpenAPI(router);
  router.action("schema", "openapi", { urlPath: "openapi.json", summary: "This OpenAPI document" }, openapi.handler());
  router.action(
    "schema",
    "docs",
    { summary: "The API reference page" },
    docsPage({ specUrl: `${API_PREFIX}/schema/openapi.json`, title: "Shop API" }),
  );

  return router;
}

/** `{ "percent": 10, "reason": "sale" }`: above 0 and below 100 percent; a reason of 1 to 100 characters. */
export const DISCOUNT = v.object({
  percent: v.pipe(v.number(), v.minValue(0.01), v.maxValue(99.99)),
  reason: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100)), "discount"),
});

/**
 * `POST /products/{id}/discount`: the new price and its audit row are written in one transaction.
 * The admin's Discount action calls it too (admin.ts).
 */
export function discount(
  db: ShopDatabase,
  id: number | bigint | undefined,
  body: v.InferOutput<typeof DISCOUNT>,
): Product {
  // An id past 2^53 (a bigint) names no product here, and must not be rounded to a neighbour.
  if (typeof id !== "number") throw new NotFound();
  return db.transaction((tx) => {
    const product = tx.select().from(products).where(eq(products.id, id)).get();
    if (!product) throw new NotFound();
    // Prices are cents-exact: work in whole cents, never below one cent.
    const cents = Math.max(1, Math.round(Number(product.price) * (100 - body.percent)));
    const newPrice = String(cents / 100);
    tx.insert(priceChanges)
      .values({ productId: product.id, oldPrice: product.price, newPrice, reason: body.reason })
      .run();
    return tx.update(products).set({ price: newPrice }).where(eq(products.id, product.id)).returning().get()!;
  });
}

/** `?categoryId=3`: one category's products, or every product. */
const STATS_QUERY = v.object({
  categoryId: v.optional(v.pipe(v.number(), v.integer(), v.safeInteger())),
});

/** What `stats` answers: the documented response, and all that leaves the server. */
const STATS = v.object({
  count: v.pipe(v.number(), v.integer()),
  byStatus: v.object(Object.fromEntries(PRODUCT_STATUSES.map((status) => [status, v.pipe(v.number(), v.integer())]))),
  // Prices below zero are allowed on products that are not live, so an average may be one too.
  averageInStockPrice: v.nullable(v.pipe(v.string(), v.regex(/^-?\d+\.\d{2}$/))),
});

/** `GET /products/stats?categoryId=3`: products per status and the average price of those in stock. */
function stats(db: ShopDatabase, categoryId: number | undefined): v.InferOutput<typeof STATS> {
  const inCategory = categoryId === undefined ? undefined : eq(products.categoryId, categoryId);
  const rows = db
    .select({ status: products.status, count: count() })
    .from(products)
    .where(inCategory)
    .groupBy(products.status)
    .all();
  const byStatus = Object.fromEntries(
    PRODUCT_STATUSES.map((status) => [status, rows.find((r) => r.status === status)?.count ?? 0]),
  );
  const [average] = db
    .select({ price: avg(products.price) })
    .from(products)
    .where(and(inCategory, eq(products.inStock, true)))
    .all();
  // To the cent, halves away from zero (as SQL's ROUND): -2.375 is -2.38, not -2.37.
  const mean = average?.price == null ? null : Number(average.price);
  const averagePrice = mean === null ? null : ((Math.sign(mean) * Math.round(Math.abs(mean) * 100)) / 100).toFixed(2);
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    byStatus,
    averageInStockPrice: averagePrice,
  };
}
