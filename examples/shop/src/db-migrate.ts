/**
 * `pnpm db:migrate`: applies the pending migrations (the shop's, then the admin's and
 * better-auth's) without seeding or serving, to PostgreSQL at DATABASE_URL (on a connection of its
 * own, with no statement timeout) or else to DATABASE_FILE (default examples/shop/shop.sqlite).
 * `pnpm start` does the same before it listens; this is the deploy step that runs once, before a
 * rolling restart starts the new processes.
 */
import { databaseFile, openDatabase } from "./database.js";
import { migrateShopPostgres } from "./migrate-pg.js";

const url = process.env.DATABASE_URL;
if (url) {
  await migrateShopPostgres(url);
  console.log("migrated the PostgreSQL database at DATABASE_URL");
} else {
  const file = databaseFile();
  openDatabase(file, { seed: false }).close();
  console.log(`migrated ${file}`);
}
