import {
  Router,
  type RouterOptions,
  ValidationError,
  computed,
  modelSerializer,
  related,
  sendJSON,
} from "@viewsets/core";
import { betterAuthentication, modelPermissionsOrAnonReadOnly } from "@viewsets/better-auth";
import { docsPage } from "@viewsets/core/docs";
import { databaseOutages, modelViewSet, tableModel } from "@viewsets/drizzle";
import { SHOP_PERMISSION_OPTIONS, type ShopAuth } from "./auth.js";
import { type ShopDatabase, isPostgres } from "./database.js";
import { shopOpenAPI } from "./openapi.js";
import { DISCOUNT, discount, STATS, STATS_QUERY, stats } from "./product-actions.js";
import { PRODUCT_SEARCH_INDEX, type Product, categories, priceChanges, products } from "./schema.js";
import * as pg from "./schema.pg.js";

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

const CATEGORY_LIST_OPTIONS = { searchFields: ["name"], ordering: ["name"], rejectUnknownRequestFields: true } as const;

/** The computed field of a product: whether a customer can buy it now. */
const AVAILABLE = computed(
  (product: Pick<Product, "status" | "inStock">) => product.status === "live" && product.inStock,
  {
    type: "bool",
    description: "Whether a customer can buy it now: live and in stock.",
    uses: ["status", "inStock"],
  },
);

/**
 * The shop's three viewsets: the REST API serves them, and the admin shows the same models and
 * managers. The same options over either database's tables (drizzle types each dialect's own).
 */
export function shopViewSets(db: ShopDatabase) {
  const categoryViewSet = isPostgres(db)
    ? modelViewSet(db, pg.categories, CATEGORY_LIST_OPTIONS)
    : modelViewSet(db, categories, CATEGORY_LIST_OPTIONS);
  // A product shows its category's name (one query per page, not per product) and whether it can be bought now.
  const productSerializerOptions = {
    related: { category: related(categoryViewSet.options, { source: "categoryId", field: "name" }) },
    computed: { available: AVAILABLE },
  };
  const productSerializer = isPostgres(db)
    ? modelSerializer(tableModel(pg.products, PRODUCT_MODEL_OPTIONS), productSerializerOptions)
    : modelSerializer(tableModel(products, PRODUCT_MODEL_OPTIONS), productSerializerOptions);
  // Lists follow the category as django-filter does: `?category__name__icontains=kit&ordering=category__name`.
  const productOptions = {
    serializer: () => productSerializer,
    ...PRODUCT_LIST_OPTIONS,
    relations: { category: { source: "categoryId", target: categoryViewSet.options } },
    filterFields: [...PRODUCT_LIST_OPTIONS.filterFields, "category__name"],
    orderingFields: [...PRODUCT_LIST_OPTIONS.orderingFields, "category__name"],
    searchIndex: PRODUCT_SEARCH_INDEX,
    model: PRODUCT_MODEL_OPTIONS,
  } as const;
  const productViewSet = isPostgres(db)
    ? modelViewSet(db, pg.products, productOptions)
    : modelViewSet(db, products, productOptions);
  // An audit log: written only by the discount action, so clients may read it and nothing else.
  const priceChangeOptions = {
    model: { decimals: { oldPrice: PRICE_DIGITS, newPrice: PRICE_DIGITS } },
    readOnly: true,
    // Two hops: `?product__category__name=Kitchen` is the log of one category's products.
    relations: { product: { source: "productId", target: productViewSet.options } },
    filterFields: ["productId", "reason", "changedAt", "product__name", "product__category__name"],
    searchFields: ["reason", "product__name"],
    ordering: ["-changedAt"],
  } as const;
  return {
    products: productViewSet,
    categories: categoryViewSet,
    priceChanges: isPostgres(db)
      ? modelViewSet(db, pg.priceChanges, priceChangeOptions)
      : modelViewSet(db, priceChanges, priceChangeOptions),
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

/** What `createShopRouter` asks of the admin to log the API's product writes (`Admin.historyOf`). */
export interface ApiHistory {
  historyOf<M extends object>(name: string, manager: M): M;
}

/**
 * The shop's API under `/api/v1`: products (filters, ordering, search, a discount action and
 * stats), categories, and the read-only price-change log; `GET /api/v1/` links to each (the router's API root). The same router serves Express, Koa,
 * Hono and Fastify (see `serve.ts`); `options` are the router's (throttles, page size, ...); with
 * `admin`, the API's product writes are logged in the admin's history.
 */
export function createShopRouter(db: ShopDatabase, options: RouterOptions = {}, admin?: ApiHistory): Router {
  // The actions below query the database themselves: an outage there is a 503 too, not a 500.
  const router = new Router(API_PREFIX, { exceptionHandler: databaseOutages, ...options });

  const viewsets = shopViewSets(db);
  // With the admin, each product the API creates, changes or deletes shows in its History page, with who did it.
  if (admin) viewsets.products.options.queryset = admin.historyOf("products", viewsets.products.options.queryset);
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
    async (_request, action) => action.respond(await discount(db, action.id, action.data)),
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
    async (_request, action) => sendJSON(200, await stats(db, action.query.categoryId)),
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
