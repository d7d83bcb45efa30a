import { fileURLToPath } from "node:url";
import type Database from "better-sqlite3";
import { openSqlite } from "@viewsets/drizzle/sqlite";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { trigramIndexSql } from "@viewsets/drizzle";
import { PgDatabase } from "drizzle-orm/pg-core";
import { migrateShop } from "./migrate.js";
import { PRODUCT_SEARCH_INDEX, products } from "./schema.js";
import { type SeedOptions, seed } from "./seed.js";
import { type OpenedPgDatabase, type ShopPgDatabase, openPgDatabase } from "./database-pg.js";

/** The shop's drizzle database on its SQLite file. */
export type ShopSqliteDatabase = BetterSQLite3Database;

/** The shop's drizzle database: its SQLite file, or PostgreSQL when `DATABASE_URL` is set. */
export type ShopDatabase = ShopSqliteDatabase | ShopPgDatabase;

/** Whether the shop runs on PostgreSQL: its tables are then those of schema.pg.ts, else schema.ts's. */
export function isPostgres(db: ShopDatabase): db is ShopPgDatabase {
  return db instanceof PgDatabase;
}

/** `DATABASE_FILE`, or examples/shop/shop.sqlite. */
export function databaseFile(): string {
  return process.env.DATABASE_FILE || fileURLToPath(new URL("../shop.sqlite", import.meta.url));
}

export interface OpenOptions {
  /** Seed empty tables (default true); the options say how many rows. */
  seed?: boolean | SeedOptions;
  /** Open without write access (the tables must exist already). */
  readonly?: boolean;
}

export interface OpenedDatabase {
  readonly dialect: "sqlite";
  readonly db: ShopSqliteDatabase;
  /** The better-sqlite3 connection under `db`. */
  readonly client: Database.Database;
  /** True when this call seeded the tables. */
  readonly seeded: boolean;
  close(): void;
}

/** Opens (or creates) the shop's SQLite file, applies pending migrations and seeds empty tables. */
export function openDatabase(file: string, options: OpenOptions = {}): OpenedDatabase {
  // A short busy timeout: while another process holds the lock, the managers wait for it without
  // blocking the event loop and answer 503 if it lasts, instead of freezing every request. WAL
  // (openSqlite's default) lets readers run during a write; it also turns foreign keys on.
  const client = openSqlite(file, { readonly: options.readonly === true });
  let seeded = false;
  if (options.readonly !== true) {
    // NORMAL syncs at checkpoints instead of every commit.
    client.pragma("synchronous = NORMAL");
    migrateShop(drizzle(client), client);
    const seedOptions = options.seed ?? true;
    if (seedOptions !== false) {
      seeded = seed(client, seedOptions === true ? {} : seedOptions);
    }
    // After the seed: indexing its rows in one pass is several times faster than a trigger per row.
    for (const statement of trigramIndexSql(products, PRODUCT_SEARCH_INDEX)) client.exec(statement);
  }
  return { dialect: "sqlite", db: drizzle(client), client, seeded, close: () => client.close() };
}

/** The shop's database, opened (migrated, and seeded when empty) as `pnpm start` opens it. */
export type OpenedShopDatabase = OpenedDatabase | OpenedPgDatabase;

/**
 * Where the shop keeps its rows: PostgreSQL at `DATABASE_URL` when it is set, else the SQLite file
 * `DATABASE_FILE` (default examples/shop/shop.sqlite). Both are migrated and seeded alike.
 */
export function shopDatabaseLocation(): { dialect: "pg"; url: string } | { dialect: "sqlite"; file: string } {
  const url = process.env.DATABASE_URL;
  return url ? { dialect: "pg", url } : { dialect: "sqlite", file: databaseFile() };
}

/** Opens the database `shopDatabaseLocation()` names. */
export async function openShopDatabase(options: OpenOptions = {}): Promise<OpenedShopDatabase> {
  const location = shopDatabaseLocation();
  if (location.dialect === "sqlite") return openDatabase(location.file, options);
  if (options.readonly) throw new Error("a read-only PostgreSQL database is not supported");
  return openPgDatabase(location.url, options.seed === undefined ? {} : { seed: options.seed });
}
