/**
 * A fresh products table on a real SQLite file or in a PostgreSQL schema of its own, for the
 * hostile-input and fuzz suites (the data suite keeps its own setup).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Table } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import pg from "pg";
import type { PostgresDatabase, SQLiteDatabase } from "../src/index.js";
import { pgTables } from "./pg-tables.js";
import { PG_URL, postgresSkipReason } from "./postgres-server.js";
import { DDL, categories, products } from "./sqlite-tables.js";

export interface TestDatabase {
  readonly dialect: "sqlite" | "pg";
  readonly db: SQLiteDatabase | PostgresDatabase;
  readonly products: Table;
  readonly categories: Table;
  /** Rows in the products table, read with SQL of its own. */
  countProducts(): Promise<number>;
  /** Empties the tables. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseSetup {
  readonly name: string;
  /** Why the database is not there; only ever set outside CI, where a missing one fails instead. */
  readonly skipReason: string | undefined;
  connect(): Promise<TestDatabase>;
}

export const sqliteSetup: DatabaseSetup = {
  name: "SQLite",
  skipReason: undefined,
  async connect() {
    const directory = mkdtempSync(join(tmpdir(), "viewsets-hostile-"));
    const client = new Database(join(directory, "test.db"));
    client.pragma("journal_mode = WAL");
    client.pragma("foreign_keys = ON");
    for (const statement of DDL) client.exec(statement);
    return {
      dialect: "sqlite",
      db: drizzleSqlite(client),
      products,
      categories,
      async countProducts() {
        return (client.prepare("SELECT count(*) AS n FROM products").get() as { n: number }).n;
      },
      async reset() {
        client.exec("DELETE FROM products; DELETE FROM categories;");
      },
      async close() {
        client.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  },
};

export const postgresSetup: DatabaseSetup = {
  name: "PostgreSQL",
  skipReason: postgresSkipReason,
  async connect() {
    const schemaName = `viewsets_hostile_${randomBytes(6).toString("hex")}`;
    const { categories, products, ddl, drop } = pgTables(schemaName);
    const pool = new pg.Pool({ connectionString: PG_URL, max: 4 });
    pool.on("error", () => undefined); // an idle client dropped by the server must not end the run
    for (const statement of ddl) await pool.query(statement);
    return {
      dialect: "pg",
      db: drizzlePg(pool),
      products,
      categories,
      async countProducts() {
        const result = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${schemaName}".products`);
        return Number(result.rows[0]!.n);
      },
      async reset() {
        await pool.query(`TRUNCATE "${schemaName}".products, "${schemaName}".categories RESTART IDENTITY CASCADE`);
      },
      async close() {
        await pool.query(drop);
        await pool.end();
      },
    };
  },
};

export const DATABASES: readonly DatabaseSetup[] = [sqliteSetup, postgresSetup];
