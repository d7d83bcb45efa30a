/** The shop on PostgreSQL (`DATABASE_URL`): migrated on a connection of its own, served by a pool, seeded as on SQLite. */
import { createPgPool, type PgPoolOptions } from "@viewsets/drizzle/pg";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { migrateShopPostgres } from "./migrate-pg.js";
import { type SeedOptions, seedRows } from "./seed.js";

export type ShopPgDatabase = NodePgDatabase & { $client: pg.Pool };

export interface PgOpenOptions {
  /** Seed empty tables (default true); the options say how many rows. */
  seed?: boolean | SeedOptions;
  /** Apply pending migrations first (default true; false when a deploy step has done so: `pnpm db:migrate`). */
  migrate?: boolean;
  /** The pool's options over `createPgPool`'s defaults (its 10 s statement timeout, ...). */
  pool?: Omit<PgPoolOptions, "connectionString">;
}

export interface OpenedPgDatabase {
  readonly dialect: "pg";
  readonly db: ShopPgDatabase;
  /** The node-postgres pool under `db` (its statements time out; migrations never run on it). */
  readonly pool: pg.Pool;
  /** True when this call seeded the tables. */
  readonly seeded: boolean;
  close(): Promise<void>;
}

/** Opens the shop's PostgreSQL database at `url`: applies pending migrations, then seeds empty tables. */
export async function openPgDatabase(url: string, options: PgOpenOptions = {}): Promise<OpenedPgDatabase> {
  if (options.migrate !== false) await migrateShopPostgres(url);
  const pool = createPgPool({ ...options.pool, connectionString: url });
  try {
    const seedOptions = options.seed ?? true;
    const seeded = seedOptions === false ? false : await seedPostgres(pool, seedOptions === true ? {} : seedOptions);
    return { dialect: "pg", db: drizzle(pool), pool, seeded, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * Fills empty tables with the rows `seed` writes on SQLite (`seedRows`), in one transaction of a
 * few statements (each table's rows as arrays, `unnest`ed). Returns false, writing nothing, when
 * products exist. Two processes seeding at once: the second waits on the table lock, then finds the rows.
 */
export async function seedPostgres(pool: pg.Pool, options: SeedOptions = {}): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE");
    const { rows: existing } = await client.query("SELECT EXISTS (SELECT 1 FROM products) AS found");
    if (existing[0].found) {
      await client.query("ROLLBACK");
      return false;
    }
    const rows = seedRows(options);
    const at = (ms: number) => new Date(ms);
    await client.query(
      `INSERT INTO categories (id, name, description, created_at)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[])`,
      columns(rows.categories, 4, (c) => [c.id, c.name, c.description, at(c.createdAt)]),
    );
    await client.query(
      `INSERT INTO products (id, name, description, category_id, in_stock, price, status, created_at, updated_at)
       SELECT *, c FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::bool[], $6::numeric[], $7::text[],
         $8::timestamptz[]) AS p(i, n, d, k, s, pr, st, c)`,
      columns(rows.products, 8, (p) => [
        p.id,
        p.name,
        p.description,
        p.categoryId,
        p.inStock,
        p.price,
        p.status,
        at(p.createdAt),
      ]),
    );
    await client.query(
      `INSERT INTO price_changes (product_id, old_price, new_price, reason, changed_at)
       SELECT * FROM unnest($1::int[], $2::numeric[], $3::numeric[], $4::text[], $5::timestamptz[])`,
      columns(rows.priceChanges, 5, (c) => [c.productId, c.oldPrice, c.newPrice, c.reason, at(c.changedAt)]),
    );
    // The rows came with their ids: the identity columns go on from the largest.
    for (const table of ["categories", "products"]) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))
         WHERE EXISTS (SELECT 1 FROM ${table})`,
      );
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  // Statistics for the planner now, rather than whenever autovacuum gets to the new rows.
  await pool.query("ANALYZE categories, products, price_changes");
  return true;
}

/** Rows as one array per column (`width` of them), the parameters of an `unnest`. */
function columns<T>(rows: readonly T[], width: number, values: (row: T) => unknown[]): unknown[][] {
  const result: unknown[][] = Array.from({ length: width }, () => []);
  for (const row of rows) {
    for (const [i, value] of values(row).entries()) result[i]!.push(value);
  }
  return result;
}
