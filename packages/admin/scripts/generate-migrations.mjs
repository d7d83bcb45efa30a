#!/usr/bin/env node
// `pnpm db:generate`: drizzle-kit writes the next migration of the admin's tables (src/server/schema.ts)
// for SQLite and for PostgreSQL. Then every CREATE gets IF NOT EXISTS: apps that ran the admin
// before it shipped migrations already have the tables (ensureAdminTables made them), and
// `migrate()` must adopt them rather than fail. On PostgreSQL an added column gets IF NOT EXISTS
// too; SQLite has none for ADD COLUMN, so ensureAdminTables skips an ADD of a column that is
// there. `test/migrations.test.ts` checks that each statement can run twice.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateMigrations } from "../../../scripts/generate-migrations.mjs";

const idempotent = (sql) =>
  sql.replace(/CREATE (UNIQUE )?(TABLE|INDEX) (?!IF NOT EXISTS)/g, "CREATE $1$2 IF NOT EXISTS ");
const pgIdempotent = (sql) => idempotent(sql).replace(/ADD COLUMN (?!IF NOT EXISTS)/g, "ADD COLUMN IF NOT EXISTS ");
generateMigrations(join(dirname(fileURLToPath(import.meta.url)), ".."), process.argv[2], {
  sqlite: idempotent,
  pg: pgIdempotent,
});
