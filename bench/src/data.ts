/** The seeded SQLite files the bench measures, built once and kept in bench/.data/, and private copies of them. */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { openDatabase } from "../../examples/shop/src/database.js";
import { MIGRATIONS_FOLDER } from "../../examples/shop/src/migrate.js";
import { type SeedOptions, seed } from "../../examples/shop/src/seed.js";

/** Seeded databases are kept here between runs (git-ignored). */
export const DATA_DIR = fileURLToPath(new URL("../.data/", import.meta.url));

/**
 * A SQLite file of the shop's schema seeded with `options`, built once and kept in `.data/`.
 * The name carries a digest of the schema, the seed function and the options, so a change to
 * any of them builds a new file instead of measuring a stale one.
 */
export function seededDatabase(label: string, options: SeedOptions): { file: string; built: boolean; ms: number } {
  const digest = createHash("sha256")
    .update(
      readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER })
        .map((migration) => migration.hash)
        .join(),
    )
    .update(seed.toString())
    .update(JSON.stringify(options))
    .digest("hex")
    .slice(0, 10);
  const file = join(DATA_DIR, `${label}-${digest}.sqlite`);
  if (existsSync(file)) return { file, built: false, ms: 0 };
  mkdirSync(DATA_DIR, { recursive: true });
  // Older builds of the same label are dead weight (a million rows is ~150 MB).
  for (const name of readdirSync(DATA_DIR))
    if (name.startsWith(`${label}-`)) rmSync(join(DATA_DIR, name), { force: true });
  const partial = `${file}.partial`;
  const started = performance.now();
  const opened = openDatabase(partial, { seed: options });
  // One self-contained file (no -wal beside it), so that read-only processes can share it.
  opened.client.pragma("journal_mode = DELETE");
  opened.close();
  renameSync(partial, file);
  return { file, built: true, ms: performance.now() - started };
}

/** The label of a seeded file of `size` products ("products-100k", "products-1m"): the bench's files are shared by name. */
export function productsLabel(size: number): string {
  return size === 1_000_000 ? "products-1m" : `products-${size / 1000}k`;
}

/** A private copy of a database for one server process that writes. */
export function copyDatabase(file: string, directory: string, name: string): string {
  const target = join(directory, `${name}.sqlite`);
  copyFileSync(file, target);
  return target;
}
