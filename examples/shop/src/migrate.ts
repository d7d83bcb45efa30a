import { fileURLToPath } from "node:url";
import { adminMigrations } from "@viewsets/admin";
import { authMigrations } from "@viewsets/better-auth";
import type Database from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";

/** The shop's SQL migrations, written by `pnpm db:generate` (drizzle-kit) from src/schema.ts. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));
/** drizzle's default journal table. */
const JOURNAL = "__drizzle_migrations";

/**
 * Brings the database up to date: the shop's migrations, then the admin's and better-auth's (each journaled apart). Run
 * on every start and by `pnpm db:migrate`; a database that is up to date is left as it is.
 */
export function migrateShop(db: BetterSQLite3Database, client: Database.Database): void {
  adoptTablesMadeBeforeMigrations(client);
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  migrate(db, adminMigrations("sqlite"));
  migrate(db, authMigrations("sqlite"));
}

/**
 * Before it had migrations the shop created its tables with hand-written SQL on start, so a
 * `shop.sqlite` of that time has the first migration's tables but no journal, and `migrate()`
 * would fail on `CREATE TABLE`. Such a file gets the first migration's statements made
 * idempotent (which adds only its named unique indexes) and the migration recorded as applied.
 */
function adoptTablesMadeBeforeMigrations(client: Database.Database): void {
  const has = (table: string) =>
    client.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
  if (has(JOURNAL) || !has("products")) return;
  const [first] = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  if (!first) return;
  client.transaction(() => {
    for (const statement of first.sql) {
      client.exec(statement.replace(/^(\s*CREATE (?:UNIQUE )?(?:TABLE|INDEX)) /, "$1 IF NOT EXISTS "));
    }
    // The journal as drizzle's migrate() creates it (drizzle-orm/sqlite-core/dialect).
    client.exec(`CREATE TABLE ${JOURNAL} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
    client.prepare(`INSERT INTO ${JOURNAL} (hash, created_at) VALUES (?, ?)`).run(first.hash, first.folderMillis);
  })();
}
