/**
 * The suite's app: better-auth on a real SQLite file or a PostgreSQL schema of its own, migrated
 * by the package's migrations, and a viewsets router of products guarded by the package's
 * authenticators and model permissions.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiKey } from "@better-auth/api-key";
import { Router, sendJSON } from "@viewsets/core";
import { modelViewSet } from "@viewsets/drizzle";
import Database from "better-sqlite3";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, username } from "better-auth/plugins";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { integer as pgInteger, pgTable, serial, text as pgText } from "drizzle-orm/pg-core";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { authMigrations, betterAuthentication, modelPermissions, modelRoles, viewsets } from "../src/index.js";
import * as pgSchema from "../src/schema/pg.js";
import * as sqliteSchema from "../src/schema/sqlite.js";

export const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const PASSWORD = "plum-tractor-89";

export const sqliteProducts = sqliteTable("products", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  stock: integer("stock").notNull().default(0),
});

export const pgProducts = pgTable("products", {
  id: serial("id").primaryKey(),
  name: pgText("name").notNull(),
  stock: pgInteger("stock").notNull().default(0),
});

/** The roles of the issue: an editor may view, add and change products, and delete nothing. */
export const { ac, roles } = modelRoles({
  models: { products: ["restock"], categories: [] },
  roles: { editor: { products: ["view", "add", "change"], categories: ["view"] } },
});

function createAuth(database: ReturnType<typeof drizzleAdapter>, secret = randomBytes(32).toString("hex")) {
  return betterAuth({
    secret,
    baseURL: "http://127.0.0.1:3000",
    database,
    emailAndPassword: { enabled: true },
    telemetry: { enabled: false },
    logger: { disabled: true },
    plugins: [username(), admin({ ac, roles }), bearer(), apiKey(), viewsets()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export { createAuth };

export interface Fixture {
  readonly kind: "sqlite" | "pg";
  readonly auth: Auth;
  readonly router: Router;
  /** The products table's rows, read straight from the database. */
  products(): Promise<{ id: number; name: string; stock: number }[]>;
  addProduct(name: string): Promise<number>;
  close(): Promise<void>;
}

/** The router: products behind the session/bearer/API-key authenticators and model permissions. */
export function routerOf(auth: Auth, viewset: Parameters<Router["register"]>[1]): Router {
  const router = new Router("/api", {
    authentication: betterAuthentication(auth),
    permissions: [modelPermissions(auth, { actions: { discount: "change" } })],
  });
  router.register("products", viewset);
  // Unmapped: needs products.restock, which only admin holds.
  router.action("products", "restock", { methods: ["POST"], detail: true, checks: true }, () => sendJSON(200, {}));
  // Mapped onto change.
  router.action("products", "discount", { methods: ["POST"], detail: true, checks: true }, () => sendJSON(200, {}));
  return router;
}

export function sqliteFixture(): Fixture {
  const directory = mkdtempSync(join(tmpdir(), "viewsets-better-auth-"));
  const client = new Database(join(directory, "app.sqlite"));
  client.pragma("journal_mode = WAL");
  const db = drizzleSqlite(client);
  migrateSqlite(db, authMigrations("sqlite"));
  client.exec(
    "CREATE TABLE products (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, stock INTEGER NOT NULL DEFAULT 0)",
  );
  const auth = createAuth(drizzleAdapter(db, { provider: "sqlite", schema: sqliteSchema }));
  return {
    kind: "sqlite",
    auth,
    router: routerOf(auth, modelViewSet(db, sqliteProducts)),
    products: async () => client.prepare("SELECT id, name, stock FROM products ORDER BY id").all() as never,
    addProduct: async (name) =>
      Number(client.prepare("INSERT INTO products (name) VALUES (?)").run(name).lastInsertRowid),
    close: async () => {
      client.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export async function postgresFixture(): Promise<Fixture> {
  const schema = `viewsets_auth_${randomBytes(6).toString("hex")}`;
  const setup = new pg.Client({ connectionString: PG_URL });
  await setup.connect();
  await setup.query(`CREATE SCHEMA ${schema}`);
  await setup.end();
  const pool = new pg.Pool({ connectionString: PG_URL, max: 6, options: `-c search_path=${schema}` });
  pool.on("error", () => {});
  const db = drizzlePg(pool);
  await migratePg(db, { ...authMigrations("pg"), migrationsSchema: schema });
  await pool.query(
    "CREATE TABLE products (id SERIAL PRIMARY KEY, name TEXT NOT NULL, stock INTEGER NOT NULL DEFAULT 0)",
  );
  const auth = createAuth(drizzleAdapter(db, { provider: "pg", schema: pgSchema }));
  return {
    kind: "pg",
    auth,
    router: routerOf(auth, modelViewSet(db, pgProducts)),
    products: async () => (await pool.query("SELECT id, name, stock FROM products ORDER BY id")).rows,
    addProduct: async (name) =>
      Number((await pool.query("INSERT INTO products (name) VALUES ($1) RETURNING id", [name])).rows[0].id),
    close: async () => {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await pool.end();
    },
  };
}
