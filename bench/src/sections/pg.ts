/** The PostgreSQL section: the adapters section's rows on PostgreSQL's 10,000 products, in a schema of their own. */
import pg from "pg";
import { PG_SCHEMA, PG_SIZE, PG_URL } from "../config.js";
import type { Bench } from "./bench.js";
import { fillPostgres } from "../pg-shop.js";
import { log } from "../results.js";
import { adapters } from "./adapters.js";

export async function postgresAdapters(bench: Bench): Promise<void> {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 2 });
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    bench.results.notes.push(
      `PostgreSQL was not reachable (${(error as Error).message}): the PostgreSQL rows were skipped.`,
    );
    await pool.end();
    return;
  }
  try {
    const ms = await fillPostgres(pool, PG_SCHEMA, PG_SIZE);
    if (ms > 0) log(`filled PostgreSQL schema ${PG_SCHEMA} with ${PG_SIZE} products in ${(ms / 1000).toFixed(1)} s`);
    await adapters(bench, { schema: PG_SCHEMA, pool });
  } finally {
    await pool.end();
  }
}
