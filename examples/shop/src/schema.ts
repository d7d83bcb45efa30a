import { index, integer, numeric, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const PRODUCT_STATUSES = ["draft", "live", "archived"] as const;

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name", { length: 100 }).notNull().unique(),
  description: text("description"),
  createdAt: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name", { length: 200 }).notNull(),
    description: text("description"),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    inStock: integer("in_stock", { mode: "boolean" }).notNull().default(true),
    // NUMERIC affinity: stored as a number (so it orders and compares as one), read back as text.
    price: numeric("price").notNull(),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("draft"),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date())
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // `?status=live&ordering=-price`, the list the README and the benchmark use.
    index("products_status_price").on(t.status, t.price),
    // The default order (newest first), also under a status filter, with page or cursor pagination.
    index("products_status_created_at").on(t.status, t.createdAt),
    index("products_category").on(t.categoryId),
    // The admin's facets, each read off an index alone (covering), also under the other filters:
    // per status under in stock, per in-stock value under a status, per category under either or both.
    index("products_stock_status").on(t.inStock, t.status),
    index("products_status_category").on(t.status, t.categoryId),
    index("products_status_stock_category").on(t.status, t.inStock, t.categoryId),
    index("products_price").on(t.price),
    index("products_created_at").on(t.createdAt),
  ],
);

/** The audit log the discount action writes: served read-only. */
export const priceChanges = sqliteTable(
  "price_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    oldPrice: numeric("old_price").notNull(),
    newPrice: numeric("new_price").notNull(),
    reason: text("reason").notNull(),
    changedAt: integer("changed_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index("price_changes_product").on(t.productId, t.changedAt)],
);

/**
 * `?search=` over products' name and description reads a trigram index instead of every row (an
 * FTS5 table kept in step by triggers; `trigramIndexSql(products, PRODUCT_SEARCH_INDEX)` creates it).
 */
export const PRODUCT_SEARCH_INDEX = { name: "products_search", fields: ["name", "description"] } as const;

export type Product = typeof products.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type PriceChange = typeof priceChanges.$inferSelect;
