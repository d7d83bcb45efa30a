/**
 * The shop's PostgreSQL database (src/database-pg.ts, src/migrate-pg.ts), each test in a fresh
 * database of its own: migrations that match src/schema.pg.ts and run on a connection of their own
 * (a statement longer than the pool's timeout completes), one process migrating at a time, and
 * the same seed as on SQLite.
 */
import { execFile, execFileSync } from "node:child_process";
import { cpSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { skipOutsideCI } from "@viewsets/core/testing";
import { createPgPool } from "@viewsets/drizzle/pg";
import { getTableColumns, getTableName } from "drizzle-orm";
import { adminMigrations } from "@viewsets/admin";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { getTableConfig } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/database.js";
import { openPgDatabase } from "../src/database-pg.js";
import { PG_MIGRATIONS_FOLDER, migrateShopPostgres } from "../src/migrate-pg.js";
import { categories, priceChanges, products } from "../src/schema.pg.js";
import { freshPgDatabase, postgresUnavailable, tempDirectory } from "./helpers.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const directory = tempDirectory();
afterAll(() => directory.remove());

/** Runs `body` with a client on a fresh database, dropped afterwards. */
async function withDatabase(prefix: string, body: (url: string, client: pg.Client) => Promise<void>): Promise<void> {
  const database = await freshPgDatabase(prefix);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await body(database.url, client);
  } finally {
    await client.end();
    await database.drop();
  }
}

async function journalLength(client: pg.Client, table = "__drizzle_migrations"): Promise<number> {
  const { rows } = await client.query("SELECT to_regclass($1) IS NOT NULL AS found", [`drizzle.${table}`]);
  if (!rows[0].found) return 0;
  return (await client.query(`SELECT count(*)::int AS n FROM drizzle.${table}`)).rows[0].n;
}

/** A copy of the shop's migrations with one more, which takes `seconds` (as an index built on a large table would). */
function migrationsWithSlowStep(seconds: number): string {
  const folder = join(directory.path, `slow-${seconds}`);
  cpSync(PG_MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, "0")}_slow_index`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify(journal));
  writeFileSync(
    join(folder, `${tag}.sql`),
    `SELECT pg_sleep(${seconds});--> statement-breakpoint\nCREATE INDEX products_name ON products (name);`,
  );
  return folder;
}

const skipReason = skipOutsideCI(await postgresUnavailable());

describe.skipIf(skipReason !== undefined)("the shop on PostgreSQL", () => {
  it("migrates a fresh database to the tables src/schema.pg.ts declares, and a second time changes nothing", () =>
    withDatabase("schema", async (url, client) => {
      await migrateShopPostgres(url);
      const files = readMigrationFiles({ migrationsFolder: PG_MIGRATIONS_FOLDER });
      expect(await journalLength(client)).toBe(files.length);
      expect(await journalLength(client, "viewsets_admin_migrations")).toBe(
        readMigrationFiles(adminMigrations("pg")).length,
      );
      expect(await journalLength(client, "viewsets_auth_migrations")).toBeGreaterThan(0);
      for (const table of [categories, products, priceChanges]) {
        const name = getTableName(table);
        const { rows: columns } = await client.query(
          "SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = $1 ORDER BY column_name",
          [name],
        );
        const declared = Object.values(getTableColumns(table)).sort((a, b) => a.name.localeCompare(b.name));
        expect(columns, name).toEqual(
          declared.map((c) => ({ column_name: c.name, is_nullable: c.notNull ? "NO" : "YES" })),
        );
        const { rows: indexes } = await client.query(
          "SELECT indexname FROM pg_indexes WHERE tablename = $1 AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_unique'",
          [name],
        );
        expect(indexes.map((row) => row.indexname).sort(), name).toEqual(
          getTableConfig(table)
            .indexes.map((index) => index.config.name)
            .sort(),
        );
      }
      const schema = await client.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle') ORDER BY 1",
      );
      await migrateShopPostgres(url);
      expect(await journalLength(client)).toBe(files.length);
      expect(
        await client.query(
          "SELECT table_name FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle') ORDER BY 1",
        ),
      ).toMatchObject({ rows: schema.rows });
    }));

  it("runs a migration statement longer than the pool's statement timeout, which the pool itself would cancel", () =>
    withDatabase("slow", async (url, client) => {
      // Every session of this database times statements out at 300 ms, as createPgPool's pool does at 10 s.
      await client.query(`ALTER DATABASE ${new URL(url).pathname.slice(1)} SET statement_timeout = '300ms'`);
      const folder = migrationsWithSlowStep(0.6);
      const pool = createPgPool({ connectionString: url, statement_timeout: 300 });
      try {
        await expect(migrate(drizzle(pool), { migrationsFolder: folder })).rejects.toMatchObject({
          cause: { code: "57014" },
        });
      } finally {
        await pool.end();
      }
      // drizzle's migrate runs every pending migration in one transaction: nothing was kept.
      expect(await journalLength(client)).toBe(0);

      await migrateShopPostgres(url, { migrationsFolder: folder });
      expect(await journalLength(client)).toBe(readMigrationFiles({ migrationsFolder: folder }).length);
      const { rows } = await client.query("SELECT 1 FROM pg_indexes WHERE indexname = 'products_name'");
      expect(rows).toHaveLength(1);
    }));

  it("lets one process migrate at a time: two starting together both succeed, and migrate once", () =>
    withDatabase("together", async (url, client) => {
      await Promise.all([migrateShopPostgres(url), migrateShopPostgres(url), migrateShopPostgres(url)]);
      expect(await journalLength(client)).toBe(readMigrationFiles({ migrationsFolder: PG_MIGRATIONS_FOLDER }).length);
      expect(await journalLength(client, "viewsets_admin_migrations")).toBe(
        readMigrationFiles(adminMigrations("pg")).length,
      );
    }));

  it("seeds the rows the SQLite seed writes, once", () =>
    withDatabase("seed", async (url, client) => {
      const opened = await openPgDatabase(url);
      expect(opened.seeded).toBe(true);
      await opened.close();
      const again = await openPgDatabase(url);
      expect(again.seeded).toBe(false);
      await again.close();

      const sqlite = openDatabase(join(directory.path, "seed.sqlite"));
      const fromSqlite = sqlite.client
        .prepare(
          "SELECT id, name, description, category_id, in_stock, price, status, created_at, updated_at FROM products ORDER BY id",
        )
        .all() as Record<string, number | string | null>[];
      const changes = sqlite.client
        .prepare("SELECT product_id, old_price, new_price, reason, changed_at FROM price_changes ORDER BY id")
        .all() as Record<string, number | string>[];
      sqlite.close();
      const { rows } = await client.query(
        `SELECT id, name, description, category_id, in_stock, price::float8 AS price, status,
                (extract(epoch FROM created_at) * 1000)::bigint::float8 AS created_at,
                (extract(epoch FROM updated_at) * 1000)::bigint::float8 AS updated_at FROM products ORDER BY id`,
      );
      expect(rows).toEqual(fromSqlite.map((row) => ({ ...row, in_stock: row.in_stock === 1 })));
      const logged = await client.query(
        `SELECT product_id, old_price::float8 AS old_price, new_price::float8 AS new_price, reason,
                (extract(epoch FROM changed_at) * 1000)::bigint::float8 AS changed_at FROM price_changes ORDER BY id`,
      );
      expect(logged.rows).toEqual(changes);
      // The identity columns go on after the seeded ids.
      const next = await client.query("INSERT INTO categories (name, created_at) VALUES ('New', now()) RETURNING id");
      expect(next.rows).toEqual([{ id: 21 }]);
    }));

  it("`pnpm db:migrate` migrates DATABASE_URL as a step of its own, without seeding", () =>
    withDatabase("step", async (url, client) => {
      const { stdout } = await run(process.execPath, ["--import", "tsx", "--conditions=source", "src/db-migrate.ts"], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url },
      });
      expect(stdout).toContain("migrated the PostgreSQL database at DATABASE_URL");
      expect(stdout).not.toContain(url);
      expect(await journalLength(client)).toBe(readMigrationFiles({ migrationsFolder: PG_MIGRATIONS_FOLDER }).length);
      expect((await client.query("SELECT count(*)::int AS n FROM products")).rows).toEqual([{ n: 0 }]);
    }));

  it("will not serve PostgreSQL without BETTER_AUTH_SECRET, and touches nothing then", () =>
    withDatabase("nosecret", async (url, client) => {
      const started = run(process.execPath, ["--import", "tsx", "--conditions=source", "src/server.ts"], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url, BETTER_AUTH_SECRET: "", PORT: "0" },
      });
      await expect(started).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("BETTER_AUTH_SECRET") });
      expect(await journalLength(client)).toBe(0);
    }));

  it("are what src/schema.pg.ts declares: drizzle-kit generate finds nothing to add", () => {
    // On a copy, so that a schema change without `pnpm db:generate:pg` fails here instead of writing a migration.
    cpSync(PG_MIGRATIONS_FOLDER, join(directory.path, "drizzle-pg-copy"), { recursive: true });
    const config = { dialect: "postgresql", schema: join(root, "src/schema.pg.ts"), out: "./drizzle-pg-copy" };
    writeFileSync(join(directory.path, "drizzle.pg.check.config.mjs"), `export default ${JSON.stringify(config)};\n`);
    const output = execFileSync(
      process.execPath,
      [join(root, "node_modules/drizzle-kit/bin.cjs"), "generate", "--config", "drizzle.pg.check.config.mjs"],
      { cwd: directory.path, encoding: "utf8" },
    );
    expect(output).toContain("No schema changes");
    expect(readdirSync(join(directory.path, "drizzle-pg-copy")).sort()).toEqual(
      readdirSync(PG_MIGRATIONS_FOLDER).sort(),
    );
  });
});
