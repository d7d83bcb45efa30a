/**
 * The products' two actions beyond the standard routes, on either database: the discount (a new
 * price and its audit row in one transaction) and the stats (counts per status, the average price).
 */
import { NotFound } from "@viewsets/core";
import { atomic } from "@viewsets/drizzle";
import { and, avg, count, eq, inArray, sql } from "drizzle-orm";
import * as v from "valibot";
import { type ShopDatabase, isPostgres } from "./database.js";
import { PRODUCT_STATUSES, type Product, priceChanges, products } from "./schema.js";
import * as pg from "./schema.pg.js";

/** `{ "percent": 10, "reason": "sale" }`: above 0 and below 100 percent; a reason of 1 to 100 characters. */
export const DISCOUNT = v.object({
  percent: v.pipe(v.number(), v.minValue(0.01), v.maxValue(99.99)),
  reason: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100)), "discount"),
});

type Discount = v.InferOutput<typeof DISCOUNT>;

/** Prices are cents-exact: work in whole cents, never below one cent. */
function discounted(price: string, percent: number): string {
  return String(Math.max(1, Math.round(Number(price) * (100 - percent))) / 100);
}

/** `POST /products/{id}/discount`: the new price and its audit row are written in one transaction. */
export async function discount(db: ShopDatabase, id: number | bigint | undefined, body: Discount): Promise<Product> {
  // An id past 2^53 (a bigint) names no product here, and must not be rounded to a neighbour.
  if (typeof id !== "number") throw new NotFound();
  if (!isPostgres(db)) {
    // better-sqlite3: one synchronous transaction, which no other request can interleave with.
    return db.transaction((tx) => {
      const product = tx.select().from(products).where(eq(products.id, id)).get();
      if (!product) throw new NotFound();
      const newPrice = discounted(product.price, body.percent);
      tx.insert(priceChanges)
        .values({ productId: product.id, oldPrice: product.price, newPrice, reason: body.reason })
        .run();
      return tx.update(products).set({ price: newPrice }).where(eq(products.id, product.id)).returning().get()!;
    });
  }
  // PostgreSQL: the row is locked as it is read, so two discounts at once apply one after the other.
  return db.transaction(async (tx) => {
    const [product] = await tx.select().from(pg.products).where(eq(pg.products.id, id)).for("update");
    if (!product) throw new NotFound();
    const newPrice = discounted(product.price, body.percent);
    await tx
      .insert(pg.priceChanges)
      .values({ productId: product.id, oldPrice: product.price, newPrice, reason: body.reason });
    const [updated] = await tx
      .update(pg.products)
      .set({ price: newPrice })
      .where(eq(pg.products.id, product.id))
      .returning();
    return updated!;
  });
}

/**
 * The discount over many products at once (the admin's Action menu): their audit rows and their new
 * prices in two statements, whatever the count, in one transaction (`atomic`: the admin's own,
 * which logs each changed product, when it has one open). The new prices are the single discount's
 * to the cent: `Math.round` of the same floating-point product, never below one cent.
 */
export async function discountSelection(db: ShopDatabase, ids: readonly number[], body: Discount): Promise<void> {
  const factor = 100 - body.percent;
  const now = new Date();
  if (!isPostgres(db)) {
    const newPrice = sql`MAX(1, CAST(${products.price} * ${factor} + 0.5 AS INTEGER)) / 100.0`;
    await atomic(db, async () => {
      db.run(sql`INSERT INTO ${priceChanges} (product_id, old_price, new_price, reason, changed_at)
        SELECT id, price, ${newPrice}, ${body.reason}, ${now.getTime()} FROM ${products}
        WHERE ${inArray(products.id, [...ids])}`);
      db.update(products)
        .set({ price: sql`${newPrice}` as unknown as string })
        .where(inArray(products.id, [...ids]))
        .run();
    });
    return;
  }
  const newPrice = sql`GREATEST(1, FLOOR(${pg.products.price}::float8 * ${factor} + 0.5)) / 100`;
  await atomic(db, async (tx) => {
    const pgTx = tx as typeof db;
    await pgTx.execute(sql`INSERT INTO ${pg.priceChanges} (product_id, old_price, new_price, reason, changed_at)
      SELECT id, price, ${newPrice}, ${body.reason}, ${now.toISOString()} FROM ${pg.products}
      WHERE ${inArray(pg.products.id, [...ids])}`);
    await pgTx
      .update(pg.products)
      .set({ price: sql`${newPrice}` as unknown as string })
      .where(inArray(pg.products.id, [...ids]));
  });
}

/** `?categoryId=3`: one category's products, or every product. */
export const STATS_QUERY = v.object({
  categoryId: v.optional(v.pipe(v.number(), v.integer(), v.safeInteger())),
});

/** What `stats` answers: the documented response, and all that leaves the server. */
export const STATS = v.object({
  count: v.pipe(v.number(), v.integer()),
  byStatus: v.object(Object.fromEntries(PRODUCT_STATUSES.map((status) => [status, v.pipe(v.number(), v.integer())]))),
  // Prices below zero are allowed on products that are not live, so an average may be one too.
  averageInStockPrice: v.nullable(v.pipe(v.string(), v.regex(/^-?\d+\.\d{2}$/))),
});

interface Counted {
  readonly byStatus: readonly { status: string; count: number }[];
  readonly average: string | null;
}

/** The two queries of `stats` on the shop's database. */
async function countedProducts(db: ShopDatabase, categoryId: number | undefined): Promise<Counted> {
  if (isPostgres(db)) {
    const inCategory = categoryId === undefined ? undefined : eq(pg.products.categoryId, categoryId);
    const byStatus = await db
      .select({ status: pg.products.status, count: count() })
      .from(pg.products)
      .where(inCategory)
      .groupBy(pg.products.status);
    const [average] = await db
      .select({ price: avg(pg.products.price) })
      .from(pg.products)
      .where(and(inCategory, eq(pg.products.inStock, true)));
    return { byStatus, average: average?.price ?? null };
  }
  const inCategory = categoryId === undefined ? undefined : eq(products.categoryId, categoryId);
  const byStatus = db
    .select({ status: products.status, count: count() })
    .from(products)
    .where(inCategory)
    .groupBy(products.status)
    .all();
  const [average] = db
    .select({ price: avg(products.price) })
    .from(products)
    .where(and(inCategory, eq(products.inStock, true)))
    .all();
  return { byStatus, average: average?.price ?? null };
}

/** `GET /products/stats?categoryId=3`: products per status and the average price of those in stock. */
export async function stats(db: ShopDatabase, categoryId: number | undefined): Promise<v.InferOutput<typeof STATS>> {
  const counted = await countedProducts(db, categoryId);
  const byStatus = Object.fromEntries(
    PRODUCT_STATUSES.map((status) => [status, counted.byStatus.find((r) => r.status === status)?.count ?? 0]),
  );
  // To the cent, halves away from zero (as SQL's ROUND): -2.375 is -2.38, not -2.37.
  const mean = counted.average === null ? null : Number(counted.average);
  const averagePrice = mean === null ? null : ((Math.sign(mean) * Math.round(Math.abs(mean) * 100)) / 100).toFixed(2);
  return {
    count: counted.byStatus.reduce((sum, row) => sum + row.count, 0),
    byStatus,
    averageInStockPrice: averagePrice,
  };
}
