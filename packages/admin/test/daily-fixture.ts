/**
 * The daily-work suites' admin: the contract's fixture plus reviews that go with their product
 * (ON DELETE CASCADE), order lines the admin does not show (RESTRICT), and users whose model
 * permissions differ.
 */
import { atomic, createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { inArray, sql } from "drizzle-orm";
import { type AnyPgColumn, integer as pgInteger, pgTable, text as pgText } from "drizzle-orm/pg-core";
import { type AnySQLiteColumn, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ValidationError } from "@viewsets/core";
import * as v from "valibot";
import {
  type Admin,
  type AdminOptions,
  adminAction,
  type ModelConfig,
  type ModelPermissions,
} from "../src/server/index.js";
import { type FixtureDatabase, type FixtureTables, type FixtureUser, fixtureAdmin, USERS } from "./fixture.js";

const ALL: ModelPermissions = { view: true, add: true, change: true, delete: true };
const VIEW: ModelPermissions = { view: true, add: false, change: false, delete: false };

/**
 * admin: everything. editor: deletes products, but not the reviews that would go with them.
 * locked: views everything and changes nothing.
 */
export function dailyPermissions(user: FixtureUser, model: string): ModelPermissions {
  if (user.username === "admin") return ALL;
  if (user.username === "editor") return model === "products" ? ALL : VIEW;
  // locked may not even see the reviews.
  return model === "reviews" ? { ...VIEW, view: false } : VIEW;
}

/** Two reviews each of products 1 to 6. */
export const REVIEWS = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  productId: Math.floor(i / 2) + 1,
  body: `Review ${i + 1}`,
}));
/** The product an order line (a table the admin does not show) holds in place. */
export const ORDERED_PRODUCT = 59;

function sqliteReviews(products: { id: AnySQLiteColumn }) {
  return sqliteTable("reviews", {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
  });
}

function pgReviews(products: { id: AnyPgColumn }) {
  return pgTable("reviews", {
    id: pgInteger("id").primaryKey(),
    productId: pgInteger("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    body: pgText("body").notNull(),
  });
}

/** Creates and fills the reviews and order lines of a fixture database. */
export async function addDailyTables(database: FixtureDatabase): Promise<void> {
  await database.query(`CREATE TABLE reviews (id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL
    REFERENCES products(id) ON DELETE CASCADE, body TEXT NOT NULL)`);
  await database.query(
    "CREATE TABLE order_lines (id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL REFERENCES products(id))",
  );
  for (const review of REVIEWS) {
    await database.query(
      `INSERT INTO reviews (id, product_id, body) VALUES (${review.id}, ${review.productId}, '${review.body}')`,
    );
  }
  await database.query(`INSERT INTO order_lines (id, product_id) VALUES (1, ${ORDERED_PRODUCT})`);
}

/** The reviews' drizzle table on the fixture's database. */
export function reviewsTable(database: FixtureDatabase) {
  const products = database.tables.products as unknown as { id: AnySQLiteColumn & AnyPgColumn };
  // The PostgreSQL table has the same columns: typed as the SQLite one, it makes one admin for both.
  return database.dialect === "sqlite"
    ? sqliteReviews(products)
    : (pgReviews(products) as unknown as ReturnType<typeof sqliteReviews>);
}

/** The fixture's admin with the daily permissions and the reviews registered. */
/** `{ percent, reason }` as the shop's discount takes it: above 0 and below 100 percent. */
export const DISCOUNT = v.object({
  percent: v.pipe(v.number(), v.minValue(0.01), v.maxValue(99.99)),
  reason: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100)), "discount"),
});

type Product = FixtureTables["products"]["$inferSelect"];

/** The fixture's discount: a price lowered by a percentage, refused for a withdrawn product. */
export function discountAction(database: FixtureDatabase) {
  const manager = createManager(database.db as unknown as SQLiteDatabase, (database.tables as FixtureTables).products);
  return adminAction<Product, typeof DISCOUNT>({
    label: "Discount",
    done: "Discounted",
    schema: DISCOUNT,
    run: async (ctx, row, data) => {
      if (row.status === "archived") throw new ValidationError("A withdrawn product keeps its price.");
      const cents = Math.max(1, Math.round(Number(row.price) * (100 - data.percent)));
      await manager.update(ctx, { ...row, price: (cents / 100).toFixed(2) });
    },
  });
}

/**
 * The same discount over a whole selection at once: withdrawn products are refused row by row
 * first, then one UPDATE lowers every other price; the reason "refuse" refuses the whole run.
 */
export function discountSelectionAction(database: FixtureDatabase) {
  const { products } = database.tables as FixtureTables;
  return adminAction<Product, typeof DISCOUNT>({
    label: "Discount all",
    done: "Discounted",
    schema: DISCOUNT,
    over: "selection",
    check: (_ctx, row) => {
      if (row.status === "archived") throw new ValidationError("A withdrawn product keeps its price.");
    },
    run: async (_ctx, rows, data) => {
      if (data.reason === "refuse") throw new ValidationError({ reason: ["This reason is refused."] });
      const factor = 100 - data.percent;
      const price =
        database.dialect === "sqlite"
          ? sql`MAX(1, ROUND(${products.price} * ${factor})) / 100.0`
          : sql`GREATEST(1, ROUND(${products.price} * ${factor})) / 100`;
      // The transaction the admin opened for the run: this UPDATE and the run's history commit together.
      // (The PostgreSQL table has the same columns: typed as the SQLite one, as the fixture does.)
      await atomic(database.db as unknown as SQLiteDatabase, async (tx) => {
        await (tx as SQLiteDatabase)
          .update(products)
          .set({ price: price as never })
          .where(
            inArray(
              products.id,
              rows.map((row) => row.id),
            ),
          );
      });
    },
  });
}

export function dailyAdmin(
  database: FixtureDatabase,
  options: Partial<AdminOptions<FixtureUser>> = {},
  actions: ModelConfig<Product>["actions"] = {},
): Admin<FixtureUser> {
  const admin = fixtureAdmin(
    database,
    {
      ...options,
      users: {
        verify: async (username, password) =>
          USERS.find((u) => u.username === username && u.password === password) ?? null,
        get: async (id) => USERS.find((u) => String(u.id) === id) ?? null,
        isStaff: (user) => user.isStaff,
        permissions: dailyPermissions,
      },
    },
    { actions: { discount: discountAction(database), ...actions } },
  );
  const reviews = reviewsTable(database);
  admin.register("reviews", {
    model: tableModel(reviews),
    queryset: createManager(database.db as unknown as SQLiteDatabase, reviews),
    ordering: ["id"],
  });
  return admin;
}
