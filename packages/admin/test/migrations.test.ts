import { execFileSync } from "node:child_process";
import { skipOutsideCI } from "@viewsets/core/testing";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  ADMIN_MIGRATIONS_TABLE,
  adminMigrations,
  adminMigrationsFolder,
  ensureAdminTables,
} from "../src/server/index.js";
import { PG_URL, postgresUnavailable } from "./fixture.js";

/** The admin's migrations on SQLite: its tables (0000), the history log (0001), a saved view's columns (0002). */
const MIGRATIONS = 3;

/** The tables as `ensureAdminTables` made them before the admin shipped migrations: what existing apps hold. */
function tablesBeforeMigrations(dialect: "sqlite" | "pg"): string[] {
  const id = dialect === "pg" ? "BIGSERIAL PRIMARY KEY" : "INTEGER PRIMARY KEY AUTOINCREMENT";
  const bool = dialect === "pg" ? "BOOLEAN NOT NULL DEFAULT false" : "INTEGER NOT NULL DEFAULT 0";
  return [
    `CREATE TABLE viewsets_admin_sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL,
      csrf_token TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)`,
    "CREATE INDEX viewsets_admin_sessions_expires ON viewsets_admin_sessions (expires_at)",
    `CREATE TABLE viewsets_admin_saved_views (id ${id}, user_id TEXT NOT NULL, model TEXT NOT NULL,
      name TEXT NOT NULL, name_key TEXT NOT NULL, search TEXT NOT NULL DEFAULT '', filters TEXT NOT NULL DEFAULT '{}',
      ordering TEXT NOT NULL DEFAULT '[]', is_default ${bool}, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)`,
    "CREATE UNIQUE INDEX viewsets_admin_saved_views_name ON viewsets_admin_saved_views (user_id, model, name_key)",
    `CREATE UNIQUE INDEX viewsets_admin_saved_views_default ON viewsets_admin_saved_views (user_id, model) WHERE ${
      dialect === "pg" ? "is_default" : "is_default = 1"
    }`,
  ];
}

const directory = mkdtempSync(join(tmpdir(), "viewsets-admin-migrations-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function sqliteFile(name: string) {
  const client = new Database(join(directory, `${name}.sqlite`));
  return { client, db: drizzleSqlite(client) };
}

/** Columns (name, NOT NULL, primary key, default) and indexes (name, unique, partial) of the admin's tables. */
function sqliteShape(client: Database.Database) {
  return ["viewsets_admin_sessions", "viewsets_admin_saved_views"].map((table) => ({
    table,
    columns: client.prepare(`SELECT name, "notnull", pk, dflt_value FROM pragma_table_info('${table}')`).all(),
    indexes: client
      .prepare(`SELECT name, "unique", partial FROM pragma_index_list('${table}') WHERE origin = 'c' ORDER BY name`)
      .all(),
  }));
}

function saveView(client: Database.Database, name: string, isDefault: boolean) {
  client
    .prepare(
      `INSERT INTO viewsets_admin_saved_views (user_id, model, name, name_key, is_default, created_at, updated_at)
       VALUES ('1', 'products', ?, lower(?), ?, 0, 0)`,
    )
    .run(name, name, isDefault ? 1 : 0);
}

describe("the admin's migrations on SQLite", () => {
  it("create the tables on a fresh file, keep their constraints, and do nothing the second time", () => {
    const { client, db } = sqliteFile("fresh");
    migrateSqlite(db, adminMigrations("sqlite"));
    saveView(client, "Live", true);
    expect(() => saveView(client, " live", false)).not.toThrow();
    expect(() => saveView(client, "Live", false)).toThrow(/UNIQUE/);
    expect(() => saveView(client, "Other", true)).toThrow(/UNIQUE/);
    const shape = sqliteShape(client);

    migrateSqlite(db, adminMigrations("sqlite"));
    expect(sqliteShape(client)).toEqual(shape);
    expect(client.prepare(`SELECT count(*) AS n FROM ${ADMIN_MIGRATIONS_TABLE}`).get()).toEqual({ n: MIGRATIONS });
    expect(client.prepare("SELECT count(*) AS n FROM viewsets_admin_saved_views").get()).toEqual({ n: 2 });
    client.close();
  });

  it("make the same tables as ensureAdminTables, and as the tables made before migrations existed", async () => {
    const migrated = sqliteFile("migrated");
    migrateSqlite(migrated.db, adminMigrations("sqlite"));
    const ensured = sqliteFile("ensured");
    await ensureAdminTables(ensured.db);
    await ensureAdminTables(ensured.db);
    // The tables an older admin made, brought up to date by migrate() and by ensureAdminTables (twice: the added column is skipped).
    const old = sqliteFile("old");
    for (const statement of tablesBeforeMigrations("sqlite")) old.client.exec(statement);
    migrateSqlite(old.db, adminMigrations("sqlite"));
    const oldEnsured = sqliteFile("old-ensured");
    for (const statement of tablesBeforeMigrations("sqlite")) oldEnsured.client.exec(statement);
    await ensureAdminTables(oldEnsured.db);
    await ensureAdminTables(oldEnsured.db);

    const names = (shape: ReturnType<typeof sqliteShape>) =>
      shape.map(({ table, columns, indexes }) => ({
        table,
        // SQLite lets a non-integer primary key hold NULL unless it says NOT NULL: only the names matter here.
        columns: (columns as { name: string; notnull: number; pk: number }[]).map(({ name, notnull, pk }) => ({
          name,
          required: notnull === 1 || pk === 1,
        })),
        indexes,
      }));
    expect(sqliteShape(ensured.client)).toEqual(sqliteShape(migrated.client));
    expect(names(sqliteShape(old.client))).toEqual(names(sqliteShape(migrated.client)));
    expect(names(sqliteShape(oldEnsured.client))).toEqual(names(sqliteShape(migrated.client)));
    for (const file of [migrated, ensured, old, oldEnsured]) file.client.close();
  });

  it("run none again in migrate() after ensureAdminTables made the tables: an app may move to migrate() at any time", async () => {
    const { client, db } = sqliteFile("ensured-then-migrated");
    await ensureAdminTables(db);
    await ensureAdminTables(db);
    saveView(client, "Kept", false);
    const shape = sqliteShape(client);
    migrateSqlite(db, adminMigrations("sqlite"));
    expect(sqliteShape(client)).toEqual(shape);
    expect(client.prepare(`SELECT count(*) AS n FROM ${ADMIN_MIGRATIONS_TABLE}`).get()).toEqual({ n: MIGRATIONS });
    expect(client.prepare("SELECT name FROM viewsets_admin_saved_views").all()).toEqual([{ name: "Kept" }]);
    client.close();
  });

  it("adopt the tables of an app that ran the admin before: saved views are kept", () => {
    const { client, db } = sqliteFile("adopt");
    for (const statement of tablesBeforeMigrations("sqlite")) client.exec(statement);
    saveView(client, "Kept", false);
    migrateSqlite(db, adminMigrations("sqlite"));
    // A view saved before views kept columns shows every column.
    expect(client.prepare("SELECT name, columns FROM viewsets_admin_saved_views").all()).toEqual([
      { name: "Kept", columns: null },
    ]);
    expect(client.prepare(`SELECT count(*) AS n FROM ${ADMIN_MIGRATIONS_TABLE}`).get()).toEqual({ n: MIGRATIONS });
    client.close();
  });
});

describe("the admin's migrations", () => {
  const root = fileURLToPath(new URL("..", import.meta.url));
  for (const dialect of ["sqlite", "pg"] as const) {
    it(`are what src/server/schema.ts declares for ${dialect}: drizzle-kit generate finds nothing to add`, () => {
      // On a copy, so that a schema change without `pnpm db:generate` fails here instead of writing a migration.
      const copy = `copy-${dialect}`;
      cpSync(adminMigrationsFolder(dialect), join(directory, copy), { recursive: true });
      // drizzle-kit reads `out` relative to the working directory, and exits 0 even when it fails: hence the output check.
      const config = {
        dialect: dialect === "pg" ? "postgresql" : "sqlite",
        schema: join(root, "src/server/schema.ts"),
        out: `./${copy}`,
      };
      writeFileSync(join(directory, `${copy}.config.mjs`), `export default ${JSON.stringify(config)};\n`);
      const output = execFileSync(
        process.execPath,
        [join(root, "node_modules/drizzle-kit/bin.cjs"), "generate", "--config", `${copy}.config.mjs`],
        { cwd: directory, encoding: "utf8" },
      );
      expect(output).toContain("No schema changes");
      expect(readdirSync(join(directory, copy)).sort()).toEqual(readdirSync(adminMigrationsFolder(dialect)).sort());
    });
  }
});

const unavailable = await postgresUnavailable();
// In CI a missing database is a failure, never a silent skip.
const skipReason = skipOutsideCI(unavailable);

/** How many migrations the admin ships for PostgreSQL. */
const PG_MIGRATIONS = readMigrationFiles(adminMigrations("pg")).length;

describe.skipIf(skipReason !== undefined)("the admin's migrations on PostgreSQL", () => {
  /** A pool whose tables, and whose migration journal, live in a schema of their own. */
  async function schemaPool() {
    const schema = `viewsets_admin_mig_${randomBytes(6).toString("hex")}`;
    const pool = new pg.Pool({ connectionString: PG_URL, max: 2, options: `-c search_path=${schema}` });
    await pool.query(`CREATE SCHEMA ${schema}`);
    const config = { ...adminMigrations("pg"), migrationsSchema: schema };
    return {
      pool,
      db: drizzlePg(pool),
      config,
      tables: async () =>
        (
          await pool.query(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
            [schema],
          )
        ).rows.map((row) => row.table_name),
      /** The sequences of the admin's tables (the journal's, here in the same schema, aside). */
      sequences: async () =>
        (
          await pool.query("SELECT sequencename FROM pg_sequences WHERE schemaname = $1 AND sequencename <> $2", [
            schema,
            `${ADMIN_MIGRATIONS_TABLE}_id_seq`,
          ])
        ).rows,
      async drop() {
        await pool.query(`DROP SCHEMA ${schema} CASCADE`);
        await pool.end();
      },
    };
  }

  it("create the tables in a fresh schema and do nothing the second time", async () => {
    const database = await schemaPool();
    try {
      await migratePg(database.db, database.config);
      await migratePg(database.db, database.config);
      expect(await database.tables()).toEqual([
        "viewsets_admin_history",
        ADMIN_MIGRATIONS_TABLE,
        "viewsets_admin_saved_views",
        "viewsets_admin_sessions",
      ]);
      const journal = await database.pool.query(`SELECT count(*)::int AS n FROM ${ADMIN_MIGRATIONS_TABLE}`);
      expect(journal.rows).toEqual([{ n: PG_MIGRATIONS }]);
      await ensureAdminTables(database.db);
      // No sequence: drizzle-kit's tablesFilter cannot exclude one, and an app's push would drop it.
      expect(await database.sequences()).toEqual([]);
      const insert = `INSERT INTO viewsets_admin_saved_views (user_id, model, name, name_key, is_default, created_at, updated_at)
        VALUES ('1', 'products', $1, $2, true, 0, 0)`;
      await database.pool.query(insert, ["A", "a"]);
      await expect(database.pool.query(insert, ["B", "b"])).rejects.toMatchObject({ code: "23505" });
    } finally {
      await database.drop();
    }
  });

  it("adopt the tables of an app that ran the admin before", async () => {
    const database = await schemaPool();
    try {
      for (const statement of tablesBeforeMigrations("pg")) await database.pool.query(statement);
      await database.pool.query(
        "INSERT INTO viewsets_admin_saved_views (user_id, model, name, name_key, created_at, updated_at) VALUES ('1', 'products', 'Kept', 'kept', 0, 0)",
      );
      await migratePg(database.db, database.config);
      const journal = await database.pool.query(`SELECT count(*)::int AS n FROM ${ADMIN_MIGRATIONS_TABLE}`);
      expect(journal.rows).toEqual([{ n: PG_MIGRATIONS }]);
      // The serial's sequence is gone, its rows kept; a new row's id is a safe integer its default draws.
      expect(await database.sequences()).toEqual([]);
      const added = await database.pool.query(
        "INSERT INTO viewsets_admin_saved_views (user_id, model, name, name_key, created_at, updated_at) VALUES ('1', 'products', 'New', 'new', 0, 0) RETURNING id",
      );
      expect(Number.isSafeInteger(Number(added.rows[0].id))).toBe(true);
      const names = await database.pool.query("SELECT name, columns FROM viewsets_admin_saved_views ORDER BY name");
      expect(names.rows).toEqual([
        { name: "Kept", columns: null },
        { name: "New", columns: null },
      ]);
      // ensureAdminTables on the migrated tables: every statement runs again, the added column's too.
      await ensureAdminTables(database.db);
    } finally {
      await database.drop();
    }
  });
});
