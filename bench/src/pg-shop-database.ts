/**
 * A PostgreSQL database of the shop's own for one bench turn: the shop's migrations (its tables,
 * the admin's and better-auth's), filled with `size` generated products, dropped afterwards.
 */
import pg from "pg";
import { migrateShopPostgres } from "../../examples/shop/src/migrate-pg.js";
import { insertShopRows } from "./pg-shop.js";

export interface ShopPgBenchDatabase {
  /** The database's connection string. */
  readonly url: string;
  /** How long creating, migrating and filling it took. */
  readonly fillMs: number;
  /** Drops it (any connection still open is cut). */
  drop(): Promise<void>;
}

/**
 * Creates `name` on the server at `serverUrl` (dropping a leftover of an interrupted run first),
 * migrates it as the shop does, and fills it with the bench's 20 categories and `size` products.
 * The products' indexes are dropped before the fill and built again after it, then the table is
 * vacuumed and analyzed: a million rows fill in about a minute instead of updating ten indexes
 * (two of them trigram GIN indexes) row by row.
 */
export async function freshShopPgDatabase(serverUrl: string, name: string, size: number): Promise<ShopPgBenchDatabase> {
  const started = performance.now();
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    await migrateShopPostgres(url.toString());
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query("SET statement_timeout = 0");
      await client.query("SET maintenance_work_mem = '256MB'");
      const { rows } = await client.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'products'
           AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'products'::regclass)`,
      );
      for (const { indexname } of rows) await client.query(`DROP INDEX "${indexname}"`);
      await insertShopRows(client, size);
      for (const { indexdef } of rows) await client.query(indexdef);
      // As autovacuum leaves a table at rest: the facets' GROUP BYs then read the indexes alone.
      await client.query("VACUUM ANALYZE categories, products");
    } finally {
      await client.end();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), fillMs: performance.now() - started, drop };
}

/** One statement on the server's own database (CREATE and DROP DATABASE cannot run inside the target). */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
