import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { adminMigrations } from "@viewsets/admin";
import Database from "better-sqlite3";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { createShopRouter } from "../src/app.js";
import { openDatabase } from "../src/database.js";
import { MIGRATIONS_FOLDER } from "../src/migrate.js";
import { listen } from "../src/serve.js";
import { getJSON, send, tempDirectory } from "./helpers.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const directory = tempDirectory();
afterAll(() => directory.remove());

/** Every table and index as SQLite keeps it, and the rows of both migration journals. */
function snapshot(file: string) {
  const client = new Database(file, { readonly: true });
  const schema = client.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").all();
  const journals = {
    shop: client.prepare("SELECT hash, created_at FROM __drizzle_migrations ORDER BY id").all(),
    admin: client.prepare("SELECT hash, created_at FROM viewsets_admin_migrations ORDER BY id").all(),
  };
  client.close();
  return { schema, journals };
}

/** The tables as the shop created them on start before it had migrations: what an older shop.sqlite holds. */
const TABLES_BEFORE_MIGRATIONS = `
CREATE TABLE categories (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, description TEXT,
  created_at INTEGER NOT NULL);
CREATE TABLE products (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, description TEXT,
  category_id INTEGER NOT NULL REFERENCES categories(id), in_stock INTEGER NOT NULL DEFAULT 1, price NUMERIC NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft', created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE INDEX products_status_price ON products (status, price);
CREATE INDEX products_status_created_at ON products (status, created_at);
CREATE INDEX products_category ON products (category_id);
CREATE INDEX products_stock_status ON products (in_stock, status);
CREATE INDEX products_status_category ON products (status, category_id);
CREATE INDEX products_status_stock_category ON products (status, in_stock, category_id);
CREATE INDEX products_price ON products (price);
CREATE INDEX products_created_at ON products (created_at);
CREATE TABLE price_changes (id INTEGER PRIMARY KEY AUTOINCREMENT, product_id INTEGER NOT NULL REFERENCES products(id),
  old_price NUMERIC NOT NULL, new_price NUMERIC NOT NULL, reason TEXT NOT NULL, changed_at INTEGER NOT NULL);
CREATE INDEX price_changes_product ON price_changes (product_id, changed_at);
CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, username TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
  is_staff INTEGER NOT NULL DEFAULT 0);
`;

describe("the shop's migrations", () => {
  it("migrate a fresh file, and opening it again changes nothing", () => {
    const file = join(directory.path, "fresh.sqlite");
    openDatabase(file, { seed: false }).close();
    const first = snapshot(file);
    expect(first.journals.shop).toHaveLength(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length);
    expect(first.journals.admin).toHaveLength(readMigrationFiles(adminMigrations("sqlite")).length);
    expect(first.schema.map((entry: any) => entry.name)).toEqual(
      expect.arrayContaining(["categories", "products", "price_changes", "viewsets_admin_saved_views", "auth_user"]),
    );

    openDatabase(file, { seed: false }).close();
    expect(snapshot(file)).toEqual(first);
  });

  it("serve a freshly migrated and seeded file: list 200, create 201", async () => {
    const database = openDatabase(join(directory.path, "serve.sqlite"));
    const server = await listen(createShopRouter(database.db), "express", 0, "127.0.0.1");
    try {
      const list = await getJSON(`${server.url}/api/v1/products/?status=live`);
      expect(list.status).toBe(200);
      expect(list.body.count).toBeGreaterThan(0);
      const created = await send("POST", `${server.url}/api/v1/products/`, {
        name: "Teak Bench",
        categoryId: 3,
        price: "149.90",
        status: "live",
      });
      expect(created.status).toBe(201);
    } finally {
      await server.close();
      database.close();
    }
  });

  it("adopt a file made before migrations: its rows stay, and it ends up like a migrated one", async () => {
    const file = join(directory.path, "old.sqlite");
    const old = new Database(file);
    old.exec(TABLES_BEFORE_MIGRATIONS);
    old.exec("INSERT INTO categories (id, name, created_at) VALUES (1, 'Books', 0)");
    old.exec(
      "INSERT INTO products (name, category_id, price, status, created_at, updated_at) VALUES ('Old Mug', 1, 9.5, 'live', 0, 0)",
    );
    old.close();

    const database = openDatabase(file, { seed: false });
    const server = await listen(createShopRouter(database.db), "express", 0, "127.0.0.1");
    try {
      const list = await getJSON(`${server.url}/api/v1/products/`);
      expect(list.status).toBe(200);
      expect(list.body.results.map((product: any) => product.name)).toEqual(["Old Mug"]);
    } finally {
      await server.close();
      database.close();
    }
    const adopted = snapshot(file);
    const migrated = snapshot(join(directory.path, "fresh.sqlite"));
    expect(adopted.journals).toEqual(migrated.journals);
    const indexes = (entries: any[]) => entries.filter((entry) => entry.type === "index" && entry.sql !== null);
    expect(indexes(adopted.schema).map((entry) => entry.name)).toEqual(indexes(migrated.schema).map((e) => e.name));
  });

  it("are what src/schema.ts declares: drizzle-kit generate finds nothing to add", () => {
    // On a copy, so that a schema change without `pnpm db:generate` fails here instead of writing a migration.
    cpSync(MIGRATIONS_FOLDER, join(directory.path, "drizzle-copy"), { recursive: true });
    // drizzle-kit reads `out` relative to the working directory, and exits 0 even when it fails: hence the output check.
    const config = { dialect: "sqlite", schema: join(root, "src/schema.ts"), out: "./drizzle-copy" };
    writeFileSync(join(directory.path, "drizzle.check.config.mjs"), `export default ${JSON.stringify(config)};\n`);
    const output = execFileSync(
      process.execPath,
      [join(root, "node_modules/drizzle-kit/bin.cjs"), "generate", "--config", "drizzle.check.config.mjs"],
      { cwd: directory.path, encoding: "utf8" },
    );
    expect(output).toContain("No schema changes");
    expect(readdirSync(join(directory.path, "drizzle-copy")).sort()).toEqual(readdirSync(MIGRATIONS_FOLDER).sort());
  });
});
