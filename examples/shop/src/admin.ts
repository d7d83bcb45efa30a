import { type Admin, type AdminOptions, createAdmin } from "@viewsets/admin";
import { shopViewSets } from "./app.js";
import type { ShopDatabase } from "./database.js";
import { type ShopUser, shopUserById, verifyShopUser } from "./users.js";

export const ADMIN_PATH = "/admin";

/**
 * The shop's admin at `/admin/`, beside the API on the same SQLite file: products with the five
 * filter widgets, categories, and the price-change log (view only). Staff sign in with the
 * users the seed created.
 */
export function createShopAdmin(
  db: ShopDatabase,
  options: Pick<AdminOptions<ShopUser>, "allowedHosts" | "trustedProxies"> = {},
): Admin<ShopUser> {
  const viewsets = shopViewSets(db);
  const admin = createAdmin<ShopUser>({
    db,
    path: ADMIN_PATH,
    // The router's hosts and proxies (server.ts): the admin builds links only to those hosts too.
    ...options,
    users: {
      verify: (username, password) => verifyShopUser(db, username, password),
      get: (id) => shopUserById(db, id),
      isStaff: (user) => user.isStaff,
    },
  });
  admin.register("products", {
    model: viewsets.products.options.model,
    queryset: viewsets.products.options.queryset,
    listDisplay: ["id", "name", "categoryId", "status", "price", "inStock", "createdAt"],
    listFilter: ["status", "inStock", "categoryId", "price", "createdAt"],
    searchFields: ["name", "description"],
    ordering: ["-createdAt"],
  });
  admin.register("categories", {
    model: viewsets.categories.options.model,
    queryset: viewsets.categories.options.queryset,
    listDisplay: ["id", "name", "createdAt"],
    searchFields: ["name"],
    ordering: ["name"],
  });
  admin.register("price_changes", {
    model: viewsets.priceChanges.options.model,
    queryset: viewsets.priceChanges.options.queryset,
    listFilter: ["productId", "changedAt"],
    searchFields: ["reason"],
    ordering: ["-changedAt"],
    labelField: "reason",
    add: false,
    change: false,
    delete: false,
  });
  return admin;
}
