/**
 * better-auth's tables through the package's drizzle-kit migrations: a fresh database of each kind
 * migrates, takes better-auth's writes (sign-up, sign-in, an API key, a ban), and migrates again
 * as a no-op; the migrations are what drizzle-kit makes of the schema files today; and the schema
 * files hold every column better-auth's core and the username, admin and api-key plugins write.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { apiKey } from "@better-auth/api-key";
import Database from "better-sqlite3";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, username } from "better-auth/plugins";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH_MIGRATIONS_TABLE, authMigrations, authMigrationsFolder } from "../src/index.js";
import * as pgSchema from "../src/schema/pg.js";
import * as sqliteSchema from "../src/schema/sqlite.js";
import { PG_URL, PASSWORD } from "./fixture.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const directory = mkdtempSync(join(tmpdir(), "viewsets-auth-migrations-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const TABLES = ["auth_account", "auth_apikey", "auth_session", "auth_user", "auth_verification"];

type Adapter = ReturnType<typeof drizzleAdapter>;
const authOn = (database: Adapter) =>
  betterAuth({
    secret: randomBytes(32).toString("hex"),
    baseURL: "http://127.0.0.1:3000",
    database,
    emailAndPassword: { enabled: true },
    telemetry: { enabled: false },
    logger: { disabled: true },
    plugins: [username(), admin(), bearer(), apiKey()],
  });

/** What better-auth writes and reads on the tables: it fails on any column the migrations lack. */
async function useTables(database: Adapter): Promise<void> {
  const auth = authOn(database);
  const context = (await auth.$context) as { checkSchema?: () => Promise<void> };
  await context.checkSchema?.();
  const { user } = await auth.api.signUpEmail({
    body: { email: "ada@example.test", password: PASSWORD, name: "Ada", username: "Ada" },
  });
  const { headers } = await auth.api.signInUsername({
    body: { username: "ada", password: PASSWORD },
    returnHeaders: true,
  });
  const cookie = headers.get("set-cookie")!.split(";")[0]!;
  expect((await auth.api.getSession({ headers: new Headers({ cookie }) }))?.user.id).toBe(user.id);
  const key = await auth.api.createApiKey({ body: { userId: user.id } });
  expect((await auth.api.verifyApiKey({ body: { key: key.key } })).valid).toBe(true);
  await (await auth.$context).internalAdapter.updateUser(user.id, {
    role: "admin",
    banned: true,
    banExpires: new Date(),
  });
}

describe("better-auth's migrations", () => {
  it("migrate a fresh SQLite file that better-auth then uses, and do nothing the second time", async () => {
    const client = new Database(join(directory, "fresh.sqlite"));
    const db = drizzleSqlite(client);
    migrateSqlite(db, authMigrations("sqlite"));
    const names = () =>
      (
        client
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'auth_%' ORDER BY name")
          .all() as {
          name: string;
        }[]
      ).map((row) => row.name);
    expect(names()).toEqual(TABLES);
    await useTables(drizzleAdapter(db, { provider: "sqlite", schema: sqliteSchema }));
    migrateSqlite(db, authMigrations("sqlite"));
    expect(client.prepare(`SELECT count(*) AS n FROM ${AUTH_MIGRATIONS_TABLE}`).get()).toEqual({ n: 1 });
    client.close();
  });

  it("migrate a fresh PostgreSQL schema (not public) that better-auth then uses, and do nothing the second time", async () => {
    const schema = `viewsets_auth_mig_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const pool = new pg.Pool({ connectionString: PG_URL, max: 2, options: `-c search_path=${schema}` });
    try {
      const db = drizzlePg(pool);
      const options = { ...authMigrations("pg"), migrationsSchema: schema };
      await migratePg(db, options);
      const { rows } = await admin.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_name LIKE 'auth_%' ORDER BY 1",
        [schema],
      );
      expect(rows.map((row) => row.table_name)).toEqual(TABLES);
      await useTables(drizzleAdapter(db, { provider: "pg", schema: pgSchema }));
      await migratePg(db, options);
      expect((await pool.query(`SELECT count(*)::int AS n FROM ${AUTH_MIGRATIONS_TABLE}`)).rows).toEqual([{ n: 1 }]);
    } finally {
      await pool.end();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });

  it.each(["sqlite", "pg"] as const)("are what drizzle-kit makes of the %s schema file today", (dialect) => {
    const work = mkdtempSync(join(directory, `${dialect}-`));
    cpSync(authMigrationsFolder(dialect), join(work, "out"), { recursive: true });
    const before = readdirSync(join(work, "out"));
    execFileSync(
      join(root, "node_modules/.bin/drizzle-kit"),
      [
        "generate",
        "--dialect",
        dialect === "pg" ? "postgresql" : "sqlite",
        "--schema",
        join(root, `src/schema/${dialect}.ts`),
        "--out",
        "./out",
      ],
      { cwd: work, stdio: "pipe" },
    );
    expect(readdirSync(join(work, "out"))).toEqual(before);
  });

  it("check as better-auth checks them: a schema without a table it writes is refused", async () => {
    const client = new Database(":memory:");
    const { apikey: _, ...withoutKeys } = sqliteSchema;
    const auth = authOn(drizzleAdapter(drizzleSqlite(client), { provider: "sqlite", schema: withoutKeys }));
    const context = (await auth.$context) as { checkSchema?: () => Promise<void> };
    await expect(context.checkSchema!()).rejects.toThrow(/Missing tables\s+apikey/);
    client.close();
  });
});
