#!/usr/bin/env node
// `pnpm db:generate [name]`: drizzle-kit writes the next migration of better-auth's tables
// (src/schema/sqlite.ts, src/schema/pg.ts) for SQLite and for PostgreSQL, offline: it reads the
// drizzle tables, never the database. drizzle-kit names PostgreSQL's `public` schema in each
// foreign key; that is taken out, so the tables also migrate into another schema on the search path.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const name = process.argv[2];

for (const dialect of ["sqlite", "pg"]) {
  const args = ["exec", "drizzle-kit", "generate", "--config", `drizzle.${dialect}.config.ts`];
  execFileSync("pnpm", name ? [...args, "--name", name] : args, { cwd: root, stdio: "inherit" });
}

const folder = join(root, "migrations", "pg");
for (const file of readdirSync(folder).filter((f) => f.endsWith(".sql"))) {
  const path = join(folder, file);
  const text = readFileSync(path, "utf8");
  const unqualified = text.replaceAll('REFERENCES "public".', "REFERENCES ");
  if (unqualified !== text) writeFileSync(path, unqualified);
}
