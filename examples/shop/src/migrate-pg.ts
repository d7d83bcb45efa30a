/**
 * The shop's migrations on PostgreSQL, on a connection of their own: the pool's 10 s
 * statement_timeout (`createPgPool`) would cancel a long statement of a migration (an index built
 * on a large table), so migrations never go through the pool that serves requests.
 */
import { fileURLToPath } from "node:url";
import { adminMigrations } from "@viewsets/admin";
import { authMigrations } from "@viewsets/better-auth";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

/** The shop's SQL migrations for PostgreSQL, written by `pnpm db:generate:pg` (drizzle-kit) from src/schema.pg.ts. */
export const PG_MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle-pg", import.meta.url));

/** One lock for every process that migrates this database: in a rolling deploy, one migrates and the others wait. */
const MIGRATION_LOCK = "viewsets-shop-migrations";

export interface PgMigrateOptions {
  /** The shop's migrations folder (default drizzle-pg/). */
  migrationsFolder?: string;
}

/**
 * Applies the pending migrations to the database at `url`: the shop's, then the admin's and
 * better-auth's (each journaled in its own table of the `drizzle` schema). On one connection with
 * no statement timeout, whatever the role's or database's default, under an advisory lock so
 * that processes starting together migrate one after the other. A database that is up to date is
 * left as it is. `pnpm db:migrate` runs it as a deploy step; the server runs it before it serves.
 */
export async function migrateShopPostgres(url: string, options: PgMigrateOptions = {}): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET statement_timeout = 0");
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [MIGRATION_LOCK]);
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: options.migrationsFolder ?? PG_MIGRATIONS_FOLDER });
    await migrate(db, adminMigrations("pg"));
    await migrate(db, authMigrations("pg"));
  } finally {
    // Closing the session releases its advisory lock too.
    await client.end();
  }
}
