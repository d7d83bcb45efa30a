import { randomBytes } from "node:crypto";
import { PG_URL } from "@viewsets/testkit";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bearerTokenAuthentication } from "@viewsets/core";
import { createManager, type SQLiteDatabase, tableModel } from "@viewsets/drizzle";
import { openSqlite } from "@viewsets/drizzle/sqlite";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import {
  boolean,
  integer as pgInteger,
  numeric as pgNumeric,
  pgTable,
  serial,
  text as pgText,
  timestamp,
} from "drizzle-orm/pg-core";
import { integer, numeric, sqliteTable, text } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { type Admin, type AdminOptions, createAdmin, type ModelConfig } from "../src/server/index.js";
import type { AdminDatabase } from "../src/server/statements.js";

export const STATUSES = ["draft", "live", "archived"] as const;
/** The admin's clock in the suite: the morning Berlin moves to summer time. */
export const NOW = new Date("2026-03-29T10:00:00Z");

export interface FixtureUser {
  readonly id: number;
  readonly username: string;
  readonly password: string;
  readonly isStaff: boolean;
}

export const USERS: readonly FixtureUser[] = [
  { id: 1, username: "admin", password: "pw-admin", isStaff: true },
  { id: 2, username: "editor", password: "pw-editor", isStaff: true },
  { id: 3, username: "customer", password: "pw-customer", isStaff: false },
  { id: 4, username: "locked", password: "pw-locked", isStaff: true },
];
/** A bearer token the app's own authenticator accepts for the admin user. */
export const ADMIN_TOKEN = "fixture-admin-token";

export interface CategoryRow {
  id: number;
  name: string;
}
export interface ProductRow {
  id: number;
  name: string;
  categoryId: number | null;
  inStock: boolean;
  price: string;
  status: (typeof STATUSES)[number];
  createdAt: Date;
}

const CATEGORY_NAMES = ["Books", "Games", "100% Cotton", "snake_case", "Garden", "Tools"];
const HOUR = 3600_000;

/** The rows the suite counts against, independently of the database. */
export function seedRows(): { categories: CategoryRow[]; products: ProductRow[] } {
  const categories = CATEGORY_NAMES.map((name, i) => ({ id: i + 1, name }));
  const products: ProductRow[] = [];
  for (let i = 1; i <= 60; i++) {
    products.push({
      id: i,
      name: `${["Red", "Blue", "Green"][i % 3]} item ${String(i).padStart(2, "0")}`,
      categoryId: i % 7 === 0 ? null : (i % 5) + 1,
      inStock: i % 4 !== 0,
      price: ((i * 37) % 200).toFixed(2),
      status: STATUSES[i % 3]!,
      // Spread over the 40 days before NOW, a few hours apart, and two in the future.
      createdAt: new Date(NOW.getTime() - (i * 16 - 32) * HOUR),
    });
  }
  return { categories, products };
}

/** The suite's tables as the SQLite schema types them; the PostgreSQL ones have the same columns. */
export type FixtureTables = ReturnType<typeof sqliteSchema>;

function sqliteSchema() {
  const categories = sqliteTable("categories", {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
  });
  const products = sqliteTable("products", {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name", { length: 100 }).notNull(),
    categoryId: integer("category_id").references(() => categories.id),
    inStock: integer("in_stock", { mode: "boolean" }).notNull().default(true),
    price: numeric("price").notNull(),
    status: text("status", { enum: STATUSES }).notNull().default("draft"),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  });
  const ddl = [
    "CREATE TABLE categories (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL)",
    `CREATE TABLE products (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL,
      category_id INTEGER REFERENCES categories(id), in_stock INTEGER NOT NULL DEFAULT 1,
      price NUMERIC NOT NULL, status TEXT NOT NULL DEFAULT 'draft', created_at INTEGER NOT NULL)`,
  ];
  return { categories, products, ddl };
}

function pgSchemaTables() {
  const categories = pgTable("categories", { id: serial("id").primaryKey(), name: pgText("name").notNull() });
  const products = pgTable("products", {
    id: serial("id").primaryKey(),
    name: pgText("name").notNull(),
    categoryId: pgInteger("category_id").references(() => categories.id),
    inStock: boolean("in_stock").notNull().default(true),
    price: pgNumeric("price", { precision: 10, scale: 2 }).notNull(),
    status: pgText("status", { enum: STATUSES }).notNull().default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  });
  const ddl = [
    "CREATE TABLE categories (id SERIAL PRIMARY KEY, name TEXT NOT NULL)",
    `CREATE TABLE products (id SERIAL PRIMARY KEY, name TEXT NOT NULL,
      category_id INTEGER REFERENCES categories(id), in_stock BOOLEAN NOT NULL DEFAULT true,
      price NUMERIC(10,2) NOT NULL, status TEXT NOT NULL DEFAULT 'draft', created_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
  ];
  return { categories, products, ddl };
}

/** A database with the suite's tables, seeded; `reopen` gives a second connection to the same data. */
export interface FixtureDatabase {
  readonly dialect: "sqlite" | "pg";
  /** SQLite: the database's file. */
  readonly file?: string;
  /** PostgreSQL: the schema of its tables. */
  readonly schema?: string;
  readonly db: AdminDatabase;
  readonly tables: ReturnType<typeof sqliteSchema> | ReturnType<typeof pgSchemaTables>;
  reopen(): Promise<FixtureDatabase>;
  /** Runs SQL and returns its rows (for checks the API cannot make, e.g. how sessions are stored). */
  query(sql: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/**
 * A SQLite file with the suite's tables, seeded (or the existing `file`, unseeded), opened as apps
 * open theirs (`openSqlite`: WAL, foreign keys, a 5 ms busy timeout). `directory` puts a new file
 * there (a small disk) rather than in a new temporary directory.
 */
export async function sqliteDatabase(file?: string, options: { directory?: string } = {}): Promise<FixtureDatabase> {
  const dir = file || options.directory ? undefined : mkdtempSync(join(tmpdir(), "viewsets-admin-"));
  const path = file ?? join(options.directory ?? dir!, "admin.sqlite");
  const client = openSqlite(path);
  const tables = sqliteSchema();
  if (!file) {
    for (const statement of tables.ddl) client.exec(statement);
    const { categories, products } = seedRows();
    const insertCategory = client.prepare("INSERT INTO categories (id, name) VALUES (?, ?)");
    for (const c of categories) insertCategory.run(c.id, c.name);
    const insert = client.prepare(
      "INSERT INTO products (id, name, category_id, in_stock, price, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    for (const p of products) {
      insert.run(p.id, p.name, p.categoryId, p.inStock ? 1 : 0, p.price, p.status, p.createdAt.getTime());
    }
  }
  const db = drizzleSqlite(client);
  return {
    dialect: "sqlite",
    file: path,
    db,
    tables,
    reopen: () => sqliteDatabase(path),
    query: async (sql) => {
      // A statement that returns no rows (DDL, an INSERT) is run, and answers none.
      const statement = client.prepare(sql);
      if (statement.reader) return statement.all() as Record<string, unknown>[];
      statement.run();
      return [];
    },
    async close() {
      client.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL database in a schema of its own (the admin's tables land there too, through
 * search_path); with `schema`, that existing one. `port` connects through another port of
 * 127.0.0.1 (a proxy a test can break) instead of the server's own.
 */
export async function postgresDatabase(schema?: string, options: { port?: number } = {}): Promise<FixtureDatabase> {
  const name = schema ?? `viewsets_admin_${randomBytes(6).toString("hex")}`;
  const url = new URL(PG_URL);
  if (options.port !== undefined) {
    url.hostname = "127.0.0.1";
    url.port = String(options.port);
  }
  const pool = new pg.Pool({ connectionString: url.toString(), max: 6, options: `-c search_path=${name}` });
  pool.on("error", () => {});
  const tables = pgSchemaTables();
  if (!schema) {
    await pool.query(`CREATE SCHEMA ${name}`);
    for (const statement of tables.ddl) await pool.query(statement);
    const { categories, products } = seedRows();
    for (const c of categories) await pool.query("INSERT INTO categories (id, name) VALUES ($1, $2)", [c.id, c.name]);
    for (const p of products) {
      await pool.query(
        "INSERT INTO products (id, name, category_id, in_stock, price, status, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7)",
        [p.id, p.name, p.categoryId, p.inStock, p.price, p.status, p.createdAt],
      );
    }
    await pool.query("SELECT setval('products_id_seq', 1000)");
  }
  const db = drizzlePg(pool);
  return {
    dialect: "pg",
    schema: name,
    db: db as unknown as AdminDatabase,
    tables,
    reopen: () => postgresDatabase(name),
    query: async (sql) => (await pool.query(sql)).rows,
    async close() {
      if (!schema) await pool.query(`DROP SCHEMA ${name} CASCADE`);
      await pool.end();
    },
  };
}

/** The admin of the suite: products, categories, and the fixture's users. */
export function fixtureAdmin(
  database: FixtureDatabase,
  options: Partial<AdminOptions<FixtureUser>> = {},
  products: Pick<ModelConfig<FixtureTables["products"]["$inferSelect"]>, "actions"> = {},
): Admin<FixtureUser> {
  const productOptions = products;
  const { categories, products: productTable } = database.tables as ReturnType<typeof sqliteSchema>;
  // The PostgreSQL tables have the same columns: typed as the SQLite ones, they make one admin for both.
  const db = database.db as unknown as SQLiteDatabase;
  const admin = createAdmin<FixtureUser>({
    db: database.db,
    now: () => NOW,
    onError: () => {},
    signInRates: { ip: "1000/min", username: "5/min" },
    authentication: [bearerTokenAuthentication({ verify: async (token) => (token === ADMIN_TOKEN ? USERS[0] : null) })],
    users: {
      verify: async (username, password) =>
        USERS.find((u) => u.username === username && u.password === password) ?? null,
      get: async (id) => USERS.find((u) => String(u.id) === id) ?? null,
      isStaff: (user) => user.isStaff,
    },
    ...options,
  });
  admin.register("categories", {
    model: tableModel(categories),
    queryset: createManager(db, categories),
    searchFields: ["name"],
    ordering: ["name"],
  });
  admin.register("products", {
    // Two places on both databases: SQLite's numeric cannot say so itself, PostgreSQL's numeric(10, 2) does.
    // "archived" reads "Withdrawn" wherever the admin shows a status: the other two show their values.
    model: tableModel(productTable, {
      decimals: { price: { maxDigits: 10, decimalPlaces: 2 } },
      choiceLabels: { status: { archived: "Withdrawn" } },
    }),
    queryset: createManager(db, productTable),
    listDisplay: ["id", "name", "categoryId", "status", "price", "inStock", "createdAt"],
    listFilter: ["status", "inStock", "categoryId", "price", "createdAt", { field: "name", widget: "chips" }],
    searchFields: ["name"],
    ordering: ["-createdAt"],
    listPerPage: 25,
    ...productOptions,
  });
  return admin;
}

export { PG_URL, postgresUnavailable } from "@viewsets/testkit";
