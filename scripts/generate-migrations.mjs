// What a package's `pnpm db:generate [name]` runs: drizzle-kit writes the next migration of the
// package's tables for SQLite and for PostgreSQL (offline, from its drizzle.<dialect>.config.ts),
// then the package's `rewrite` adjusts each SQL file of a dialect (the file is written only when it changes).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * @param {string} root the package's folder
 * @param {string | undefined} name the migration's name, or drizzle-kit's own
 * @param {{ sqlite?: (sql: string) => string, pg?: (sql: string) => string }} rewrite
 */
export function generateMigrations(root, name, rewrite) {
  for (const dialect of ["sqlite", "pg"]) {
    const args = ["exec", "drizzle-kit", "generate", "--config", `drizzle.${dialect}.config.ts`];
    execFileSync("pnpm", name ? [...args, "--name", name] : args, { cwd: root, stdio: "inherit" });
    const change = rewrite[dialect];
    if (!change) continue;
    const folder = join(root, "migrations", dialect);
    for (const file of readdirSync(folder).filter((f) => f.endsWith(".sql"))) {
      const path = join(folder, file);
      const text = readFileSync(path, "utf8");
      const changed = change(text);
      if (changed !== text) writeFileSync(path, changed);
    }
  }
}
