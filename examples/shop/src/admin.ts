import { type Admin, type AdminOptions, adminAction, createAdmin } from "@viewsets/admin";
import { betterAuthAccounts } from "@viewsets/admin/better-auth";
import type { AuthUser } from "@viewsets/better-auth";
import { shopViewSets } from "./app.js";
import { DISCOUNT, discountSelection } from "./product-actions.js";
import type { ShopAuth } from "./auth.js";
import type { ShopDatabase } from "./database.js";
import type { Product } from "./schema.js";

export const ADMIN_PATH = "/admin";

/** The shop's VAT rate, for the admin's "Price incl. VAT" column. */
const VAT = 0.2;

/** A price (decimal text) with VAT, to the cent: "10.00" → "12.00". */
export function priceWithVat(price: string): string {
  return (Math.round(Number(price) * (1 + VAT) * 100) / 100).toFixed(2);
}

/**
 * The shop's admin at `/admin/`, beside the API on the same SQLite file: products with the five
 * filter widgets and the API's discount as an action, categories, and the price-change log (view
 * only). People sign in with the shop's better-auth users (one session for the admin and the
 * API); each sees and does what their role grants.
 */
export function createShopAdmin(
  db: ShopDatabase,
  auth: ShopAuth,
  options: Pick<AdminOptions<AuthUser>, "allowedHosts" | "trustedProxies" | "throttleStore"> = {},
): Admin<AuthUser> {
  const viewsets = shopViewSets(db);
  const admin = createAdmin<AuthUser>({
    db,
    path: ADMIN_PATH,
    // The router's hosts and proxies (server.ts): the admin builds links only to those hosts too.
    ...options,
    accounts: betterAuthAccounts(auth),
    // The whole history log (who changed what, filterable) is for the shop's admins; everyone sees their own recent actions.
    historyReaders: (user) => (user.role ?? "").split(",").includes("admin"),
  });
  admin.register("products", {
    model: viewsets.products.options.model,
    queryset: viewsets.products.options.queryset,
    // The category's name through the API's relation (sorted by it), and the price with VAT computed per row (sorted by price).
    relations: viewsets.products.options.relations,
    listDisplay: [
      "id",
      "name",
      "category__name",
      "status",
      "price",
      { name: "priceWithVat", label: "Price incl. VAT", value: (p) => priceWithVat(p.price), ordering: "price" },
      "inStock",
      "createdAt",
    ],
    listFilter: ["status", "inStock", "categoryId", "price", "createdAt"],
    searchFields: ["name", "description"],
    ordering: ["-createdAt"],
    // The API's discount action, on the change form and over a selection: the same schema and prices,
    // run once over the whole selection (one UPDATE), each changed product in its History.
    actions: {
      discount: adminAction<Product, typeof DISCOUNT>({
        label: "Discount",
        done: "Discounted",
        schema: DISCOUNT,
        over: "selection",
        run: (_ctx, selected, data) =>
          discountSelection(
            db,
            selected.map((product) => product.id),
            data,
          ),
      }),
    },
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
