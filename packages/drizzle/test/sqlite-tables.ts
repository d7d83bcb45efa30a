import { integer, numeric, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
});

export const products = sqliteTable("products", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name", { length: 200 }).notNull(),
  sku: text("sku").notNull().unique(),
  description: text("description"),
  price: numeric("price").notNull(),
  rating: real("rating"),
  inStock: integer("in_stock", { mode: "boolean" }).notNull().default(true),
  status: text("status", { enum: ["draft", "live", "archived"] })
    .notNull()
    .default("draft"),
  categoryId: integer("category_id").references(() => categories.id),
  createdAt: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).$onUpdate(() => new Date()),
  releasedAt: integer("released_at", { mode: "timestamp_ms" }),
  secret: text("secret"),
  archived: integer("archived", { mode: "boolean" }).notNull().default(false),
  ownerId: integer("owner_id"),
  meta: text("meta", { mode: "json" }),
});

/** Rows that point at products, which point at categories: paths of two hops (`product__category__name`). */
export const priceChanges = sqliteTable("price_changes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  productId: integer("product_id")
    .notNull()
    .references(() => products.id),
  reason: text("reason").notNull(),
});

export const DDL = [
  `CREATE TABLE categories (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE)`,
  `CREATE TABLE products (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    sku TEXT NOT NULL UNIQUE,
    description TEXT,
    price NUMERIC NOT NULL,
    rating REAL,
    in_stock INTEGER NOT NULL DEFAULT 1,
    status TEXT NOT NULL DEFAULT 'draft',
    category_id INTEGER REFERENCES categories(id),
    created_at INTEGER NOT NULL,
    updated_at INTEGER,
    released_at INTEGER,
    secret TEXT,
    archived INTEGER NOT NULL DEFAULT 0,
    owner_id INTEGER,
    meta TEXT
  )`,
  `CREATE INDEX products_category ON products (category_id)`,
  `CREATE TABLE price_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id INTEGER NOT NULL REFERENCES products(id),
    reason TEXT NOT NULL
  )`,
  `CREATE INDEX price_changes_product ON price_changes (product_id)`,
];
