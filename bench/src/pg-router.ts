import { Router, type RouterOptions, ValidationError } from "@viewsets/core";
import { modelViewSet } from "@viewsets/drizzle";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { pgShopTables } from "./pg-shop.js";

/** The shop's products viewset (same options and clean rule as examples/shop) over PostgreSQL's table. */
export function pgShopRouter(
  db: NodePgDatabase,
  products: ReturnType<typeof pgShopTables>["products"],
  options: RouterOptions = {},
): Router {
  const router = new Router("/api/v1", options);
  router.register(
    "products",
    modelViewSet(db, products, {
      filterFields: ["name", "status", "categoryId", "inStock", "price", "createdAt"],
      orderingFields: ["name", "price", "createdAt", "updatedAt"],
      searchFields: ["name", "description"],
      ordering: ["-createdAt"],
      rejectUnknownRequestFields: true,
      model: {
        clean(product) {
          const errors: Record<string, string[]> = {};
          if (product.name.trim() === "") errors.name = ["This field may not be blank."];
          if (product.status === "live" && Number(product.price) <= 0)
            errors.price = ["A live product needs a price above zero."];
          if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        },
      },
    }),
  );
  return router;
}
