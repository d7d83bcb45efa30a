/**
 * drizzle-kit's `push` and `pull` with the shop's drizzle.pg.config.ts, run for real (its CLI)
 * against a fresh PostgreSQL database that holds the shop's, the admin's and better-auth's tables:
 * the config's tablesFilter keeps drizzle-kit off the admin's and better-auth's tables, and the
 * admin's tables have no sequence (which no tablesFilter excludes) for push to drop.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { skipOutsideCI } from "@viewsets/core/testing";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import config from "../drizzle.pg.config.js";
import { migrateShopPostgres } from "../src/migrate-pg.js";
import { freshPgDatabase, postgresUnavailable, tempDirectory } from "./helpers.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const drizzleKit = join(root, "node_modules/drizzle-kit/bin.cjs");
const directory = tempDirectory();
afterAll(() => directory.remove());

/** The admin's and better-auth's objects in `public` (tables, columns, indexes, sequences) and their rows. */
async function othersOf(client: pg.Client) {
  const others = "(table_name LIKE 'viewsets_admin_%' OR table_name LIKE 'auth_%')";
  const query = async (text: string) => (await client.query(text)).rows;
  return {
    columns: await query(
      `SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' AND ${others} ORDER BY table_name, column_name`,
    ),
    indexes: await query(
      `SELECT tablename, indexname, indexdef FROM pg_indexes
       WHERE schemaname = 'public' AND (tablename LIKE 'viewsets_admin_%' OR tablename LIKE 'auth_%') ORDER BY indexname`,
    ),
    constraints: await query(
      `SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE connamespace = 'public'::regnamespace AND (conname LIKE 'viewsets_admin_%' OR conname LIKE 'auth_%') ORDER BY conname`,
    ),
    sequences: await query("SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1"),
    savedViews: await query("SELECT id, name FROM viewsets_admin_saved_views ORDER BY id"),
  };
}

const skipReason = skipOutsideCI(await postgresUnavailable());

describe.skipIf(skipReason !== undefined)("drizzle-kit with the shop's drizzle.pg.config.ts", () => {
  it("filters out the admin's and better-auth's tables", () => {
    expect(config.tablesFilter).toEqual(["!viewsets_admin_*", "!auth_*"]);
  });

  it("push changes nothing of the admin's and better-auth's tables, nor of the shop's migrated ones", async () => {
    const database = await freshPgDatabase("push");
    const client = new pg.Client({ connectionString: database.url });
    try {
      await migrateShopPostgres(database.url);
      await client.connect();
      await client.query(
        `INSERT INTO viewsets_admin_saved_views (user_id, model, name, name_key, created_at, updated_at)
         VALUES ('1', 'products', 'Cheap', 'cheap', 0, 0)`,
      );
      const before = await othersOf(client);
      // Only the shop's own identity columns have sequences.
      expect(before.sequences.map((row) => row.sequencename)).toEqual([
        "categories_id_seq",
        "price_changes_id_seq",
        "products_id_seq",
      ]);
      // --force: no prompt for statements that lose data (there must be none to prompt for).
      const { stdout } = await run(
        process.execPath,
        [drizzleKit, "push", "--config", "drizzle.pg.config.ts", "--force"],
        {
          cwd: root,
          env: { ...process.env, DATABASE_URL: database.url },
        },
      );
      expect(stdout).toContain("No changes detected");
      expect(await othersOf(client)).toEqual(before);
    } finally {
      await client.end();
      await database.drop();
    }
  }, 60_000);

  it("pull writes the shop's tables alone: nothing of the admin's or better-auth's", async () => {
    const database = await freshPgDatabase("pull");
    try {
      await migrateShopPostgres(database.url);
      const pullConfig = { ...config, out: "./pulled", dbCredentials: { url: database.url } };
      writeFileSync(join(directory.path, "pull.config.mjs"), `export default ${JSON.stringify(pullConfig)};\n`);
      await run(process.execPath, [drizzleKit, "pull", "--config", "pull.config.mjs"], { cwd: directory.path });
      const schema = readFileSync(join(directory.path, "pulled/schema.ts"), "utf8");
      expect([...schema.matchAll(/pgTable\("(\w+)"/g)].map((match) => match[1]).sort()).toEqual([
        "categories",
        "price_changes",
        "products",
      ]);
      expect(schema).not.toMatch(/viewsets_admin|auth_|pgSequence/);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
