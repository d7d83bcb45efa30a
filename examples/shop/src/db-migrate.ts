/**
 * `pnpm db:migrate`: applies the pending migrations (the shop's, then the admin's) to
 * DATABASE_FILE (default examples/shop/shop.sqlite) without seeding or serving. `pnpm start`
 * does the same before it listens, so this is for deploys that migrate as a step of their own.
 */
import { databaseFile, openDatabase } from "./database.js";

const file = databaseFile();
openDatabase(file, { seed: false }).close();
console.log(`migrated ${file}`);
