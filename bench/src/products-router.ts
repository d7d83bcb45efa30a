/** The viewset side's router: the shop's products viewset over SQLite or PostgreSQL. */
import { Router, type RouterOptions } from "@viewsets/core";
import { modelViewSet } from "@viewsets/drizzle";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { PRODUCT_LIST_OPTIONS, PRODUCT_MODEL_OPTIONS } from "../../examples/shop/src/app.js";
import type { ShopSqliteDatabase } from "../../examples/shop/src/database.js";
import { products } from "../../examples/shop/src/schema.js";
import { BENCH_HOSTS } from "./config.js";
import type { pgShopTables } from "./pg-shop.js";

// The bench compares like with like: the shop's products viewset with its list options and clean
// rule, but without the related `category` and computed `available` fields the shop's own router
// adds (the hand-written side computes neither). The shop router's extra query per page is the
// related-fields feature's cost, measured by its own test (one `IN` query per page).

/** The shop's products viewset over the SQLite file. */
export function productsRouter(db: ShopSqliteDatabase, options: RouterOptions = {}): Router {
  const router = new Router("/api/v1", { allowedHosts: BENCH_HOSTS, ...options });
  router.register("products", modelViewSet(db, products, { ...PRODUCT_LIST_OPTIONS, model: PRODUCT_MODEL_OPTIONS }));
  return router;
}

/** The same viewset over PostgreSQL's table. */
export function pgProductsRouter(
  db: NodePgDatabase,
  table: ReturnType<typeof pgShopTables>["products"],
  options: RouterOptions = {},
): Router {
  const router = new Router("/api/v1", { allowedHosts: BENCH_HOSTS, ...options });
  router.register("products", modelViewSet(db, table, { ...PRODUCT_LIST_OPTIONS, model: PRODUCT_MODEL_OPTIONS }));
  return router;
}
