#!/usr/bin/env node
// `pnpm db:generate [name]`: drizzle-kit writes the next migration of better-auth's tables
// (src/schema/sqlite.ts, src/schema/pg.ts) for SQLite and for PostgreSQL, offline: it reads the
// drizzle tables, never the database. drizzle-kit names PostgreSQL's `public` schema in each
// foreign key; that is taken out, so the tables also migrate into another schema on the search path.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateMigrations } from "../../../scripts/generate-migrations.mjs";

generateMigrations(join(dirname(fileURLToPath(import.meta.url)), ".."), process.argv[2], {
  pg: (sql) => sql.replaceAll('REFERENCES "public".', "REFERENCES "),
});
