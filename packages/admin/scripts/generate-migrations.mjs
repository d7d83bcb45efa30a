#!/usr/bin/env node
// `pnpm db:generate`: drizzle-kit writes the next migration of the admin's tables (src/server/schema.ts)
// for SQLite and for PostgreSQL. Then every CREATE gets IF NOT EXISTS: apps that ran the admin
// before it shipped migrations already have the tables (ensureAdminTables made them), and
// `migrate()` must adopt them rather than fail. `test/migrations.test.ts` checks that each
// statement can run twice.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const name = process.argv[2];

for (const dialect of ["sqlite", "pg"]) {
  const args = ["exec", "drizzle-kit", "generate", "--config", `drizzle.${dialect}.config.ts`];
  execFileSync("pnpm", name ? [...args, "--name", name] : args, { cwd: root, stdio: "inherit" });
  const folder = join(root, "migrations", dialect);
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".sql"))) {
    const path = join(folder, file);
    const text = readFileSync(path, "utf8");
    const idempotent = text.replace(/CREATE (UNIQUE )?(TABLE|INDEX) (?!IF NOT EXISTS)/g, "CREATE $1$2 IF NOT EXISTS ");
    if (idempotent !== text) writeFileSync(path, idempotent);
  }
}
