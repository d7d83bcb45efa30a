import { Router, type RouterOptions } from "@viewsets/core";
import { modelViewSet } from "@viewsets/drizzle";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { PRODUCT_LIST_OPTIONS, cleanProduct } from "../../examples/shop/src/app.js";
import type { pgShopTables } from "./pg-shop.js";

/** The shop's products viewset (its list options and clean rule, without the related and computed fields) over PostgreSQL's table. */
export function pgShopRouter(
  db: NodePgDatabase,
  products: ReturnType<typeof pgShopTables>["products"],
  options: RouterOptions = {},
): Router {
  const router = new Router("/api/v1", options);
  router.register("products", modelViewSet(db, products, { ...PRODUCT_LIST_OPTIONS, model: { clean: cleanProduct } }));
  return router;
}
