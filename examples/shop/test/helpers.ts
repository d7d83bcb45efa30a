import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { skipOutsideCI } from "@viewsets/core/testing";

export { freePort } from "@viewsets/core/testing";
import pg from "pg";
import { createShopRouter, shopApiAuth } from "../src/app.js";
import { createShopAuth, DEMO_PASSWORD, DEMO_USERS, seedUsers, type ShopAuth } from "../src/auth.js";
import { type OpenedDatabase, type OpenOptions, openDatabase, type ShopDatabase } from "../src/database.js";
import { openPgDatabase } from "../src/database-pg.js";
import { shopAllowedHosts } from "../src/hosts.js";
import { type Framework, listen } from "../src/serve.js";

/** A fresh directory for one test file's databases, removed by `remove()`. */
export function tempDirectory(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), "viewsets-shop-"));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * The database the shop's tests run on: SQLite files, or PostgreSQL when the "shop-pg" vitest
 * project sets SHOP_DATABASE=pg (each shop then gets a fresh database of its own on the server).
 */
export const SHOP_DIALECT: "sqlite" | "pg" = process.env.SHOP_DATABASE === "pg" ? "pg" : "sqlite";

/**
 * The PostgreSQL database the tests connect to first (`DATABASE_URL`, as the other packages' tests),
 * to create and drop databases of their own (`viewsets_shop_*`).
 */
export const PG_SERVER_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

/** Why PostgreSQL cannot be used, or undefined when it can. */
export async function postgresUnavailable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${PG_SERVER_URL} is unavailable (${(error as Error).message})`;
  }
}

/**
 * Why the shop's database cannot be reached, or undefined: on PostgreSQL outside CI a missing server
 * skips the suites that need it; in CI (CI=true) they run, and fail.
 */
export const databaseSkipReason: string | undefined =
  SHOP_DIALECT === "pg" ? skipOutsideCI(await postgresUnavailable()) : undefined;

/** A new, empty database on the test server (`viewsets_shop_<prefix>_<random>`), dropped by `drop()`. */
export async function freshPgDatabase(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `viewsets_shop_${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_SERVER_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface RunningShop {
  /** `http://127.0.0.1:<port>/api/v1` */
  readonly api: string;
  readonly dialect: "sqlite" | "pg";
  /** With `users`: a session token per demo user, to send as `authorization: Bearer <token>`. */
  readonly tokens: Readonly<Record<DemoUser, string>>;
  /** Rows of plain SQL on the shop's database (`?` placeholders, on either database). */
  query<Row = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export type DemoUser = (typeof DEMO_USERS)[number]["username"];

export interface StartOptions {
  /** Serve the API as `pnpm start` does, with the shop's users and their permissions (default: anyone may write). */
  readonly users?: boolean;
}

/** A signed-in session's token for one of the seeded users, as the bearer plugin takes it. */
async function tokenOf(auth: ShopAuth, username: DemoUser): Promise<string> {
  const response = await auth.api.signInUsername({ body: { username, password: DEMO_PASSWORD }, asResponse: true });
  const token = response.headers.get("set-auth-token");
  if (!response.ok || !token) throw new Error(`signing in ${username} answered ${response.status}`);
  return token;
}

/** The shop's router on `db` on port 0 of the loopback, with the demo users' tokens when `options.users`. */
async function serve(db: ShopDatabase, framework: Framework, options: StartOptions) {
  let routerOptions = { allowedHosts: shopAllowedHosts("shop.example.com") };
  const tokens: Partial<Record<DemoUser, string>> = {};
  if (options.users) {
    const auth = createShopAuth(db, "a-secret-for-the-shop-tests-0123456789abcdef");
    await seedUsers(auth);
    routerOptions = { ...routerOptions, ...shopApiAuth(auth) };
    for (const { username } of DEMO_USERS) tokens[username] = await tokenOf(auth, username);
  }
  const server = await listen(createShopRouter(db, routerOptions), framework, 0, "127.0.0.1");
  return { server, api: `${server.url}/api/v1`, tokens: tokens as Record<DemoUser, string> };
}

/** A freshly migrated and seeded database of the shop for one test: a SQLite file, or a PostgreSQL database of its own. */
export interface TestDatabase {
  readonly db: ShopDatabase;
  readonly dialect: "sqlite" | "pg";
  /** Rows of plain SQL on it (`?` placeholders, on either database). */
  query<Row = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<Row[]>;
  /** Closes it; a PostgreSQL database is dropped. */
  close(): Promise<void>;
}

/** Opens `name`: `<directory>/<name>.sqlite`, or (SHOP_DATABASE=pg) a new PostgreSQL database. */
export async function openTestDatabase(
  name: string,
  directory: string,
  seed: OpenOptions["seed"] = true,
): Promise<TestDatabase> {
  if (SHOP_DIALECT === "sqlite") {
    const database = openDatabase(join(directory, `${name}.sqlite`), { seed });
    return {
      db: database.db,
      dialect: "sqlite",
      async query<Row>(text: string, ...params: unknown[]) {
        return database.client.prepare(text).all(...params) as Row[];
      },
      async close() {
        database.close();
      },
    };
  }
  const fresh = await freshPgDatabase(name.replaceAll("-", "_"));
  const database = await openPgDatabase(fresh.url, { seed });
  return {
    db: database.db,
    dialect: "pg",
    async query<Row>(text: string, ...params: unknown[]) {
      let n = 0;
      return (
        await database.pool.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as Row[];
    },
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/** The shop on a freshly seeded database (a SQLite file in `directory`, or PostgreSQL), on port 0 of the loopback. */
export async function startShop(
  framework: Framework,
  directory: string,
  options: StartOptions = {},
): Promise<RunningShop> {
  if (SHOP_DIALECT === "sqlite") return startSqliteShop(framework, directory, options);
  const database = await openTestDatabase(framework, directory);
  const { server, api, tokens } = await serve(database.db, framework, options);
  return {
    api,
    dialect: database.dialect,
    tokens,
    query: database.query,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/** The shop on a freshly seeded SQLite file in `directory` (for tests of SQLite itself), on port 0 of the loopback. */
export async function startSqliteShop(
  framework: Framework,
  directory: string,
  options: StartOptions = {},
): Promise<RunningShop & { readonly database: OpenedDatabase }> {
  const database = openDatabase(join(directory, `${framework}.sqlite`));
  const { server, api, tokens } = await serve(database.db, framework, options);
  return {
    api,
    dialect: "sqlite",
    tokens,
    database,
    async query<Row>(text: string, ...params: unknown[]) {
      return database.client.prepare(text).all(...params) as Row[];
    },
    async close() {
      await server.close();
      database.close();
    },
  };
}

export async function getJSON(url: string): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

export async function send(
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === "" ? null : JSON.parse(text) };
}
