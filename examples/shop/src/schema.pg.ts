/**
 * The shop's tables on PostgreSQL: the same names, columns, indexes and answers as src/schema.ts
 * (SQLite), in PostgreSQL's own types. drizzle-kit writes drizzle-pg/ from this file
 * (`pnpm db:generate:pg`); `DATABASE_URL` serves the shop from them.
 */
import { boolean, index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { PRODUCT_STATUSES } from "./schema.js";

/** A moment to the millisecond, as SQLite's `timestamp_ms` keeps it. */
const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

export const categories = pgTable("categories", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: varchar("name", { length: 100 }).notNull().unique(),
  description: text("description"),
  createdAt: moment("created_at")
    .notNull()
    .$defaultFn(() => new Date()),
});

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: varchar("name", { length: 200 }).notNull(),
    description: text("description"),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    inStock: boolean("in_stock").notNull().default(true),
    // What PRICE_DIGITS (app.ts) promises: ten digits, two of them after the point.
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("draft"),
    createdAt: moment("created_at")
      .notNull()
      .$defaultFn(() => new Date()),
    updatedAt: moment("updated_at")
      .notNull()
      .$defaultFn(() => new Date())
      .$onUpdate(() => new Date()),
  },
  // The indexes of src/schema.ts, by the same names and for the same queries.
  (t) => [
    index("products_status_price").on(t.status, t.price),
    index("products_status_created_at").on(t.status, t.createdAt),
    index("products_category").on(t.categoryId),
    index("products_stock_status").on(t.inStock, t.status),
    index("products_status_category").on(t.status, t.categoryId),
    index("products_status_stock_category").on(t.status, t.inStock, t.categoryId),
    index("products_price").on(t.price),
    index("products_created_at").on(t.createdAt),
    // `?search=` over name and description (PRODUCT_SEARCH_INDEX): pg_trgm GIN indexes, as trigramIndexSql writes them.
    index("products_search_name").using("gin", t.name.op("gin_trgm_ops")),
    index("products_search_description").using("gin", t.description.op("gin_trgm_ops")),
  ],
);

/** The audit log the discount action writes: served read-only. */
export const priceChanges = pgTable(
  "price_changes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    oldPrice: numeric("old_price", { precision: 10, scale: 2 }).notNull(),
    newPrice: numeric("new_price", { precision: 10, scale: 2 }).notNull(),
    reason: text("reason").notNull(),
    changedAt: moment("changed_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index("price_changes_product").on(t.productId, t.changedAt)],
);
