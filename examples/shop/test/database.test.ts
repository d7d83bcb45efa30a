import { join } from "node:path";
import { getTableColumns, getTableName } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/database.js";
import { categories, priceChanges, products } from "../src/schema.js";
import { DEFAULT_SEED } from "../src/seed.js";
import { tempDirectory } from "./helpers.js";

const directory = tempDirectory();
afterAll(() => directory.remove());

describe("the shop's database", () => {
  it("opens with a short busy timeout, WAL and foreign keys, so a lock another process holds cannot freeze the API", () => {
    const { client, close } = openDatabase(join(directory.path, "pragmas.sqlite"), { seed: false });
    expect(client.pragma("busy_timeout", { simple: true })).toBeLessThanOrEqual(50);
    expect(client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(client.pragma("foreign_keys", { simple: true })).toBe(1);
    close();
  });

  it("migrates to the tables the drizzle schema declares: columns, NOT NULL and indexes", () => {
    const { client, close } = openDatabase(join(directory.path, "schema.sqlite"), { seed: false });
    for (const table of [categories, products, priceChanges]) {
      const name = getTableName(table);
      const columns = client.prepare(`PRAGMA table_info(${name})`).all() as {
        name: string;
        notnull: number;
        pk: number;
      }[];
      const declared = Object.values(getTableColumns(table));
      expect(columns.map((c) => c.name).sort(), name).toEqual(declared.map((c) => c.name).sort());
      for (const column of declared) {
        const actual = columns.find((c) => c.name === column.name)!;
        expect(actual.notnull === 1 || actual.pk === 1, `${name}.${column.name} NOT NULL`).toBe(column.notNull);
      }
      const indexes = (client.prepare(`PRAGMA index_list(${name})`).all() as { name: string; origin: string }[])
        .filter((index) => index.origin === "c")
        .map((index) => index.name)
        .sort();
      // Named indexes, and the unique index drizzle-kit makes for each `.unique()` column.
      const uniques = declared.filter((column) => column.isUnique).map((column) => column.uniqueName!);
      expect(indexes, name).toEqual(
        [...getTableConfig(table).indexes.map((index) => index.config.name), ...uniques].sort(),
      );
    }
    close();
  });

  it("seeds the same rows every time, once, in one go", () => {
    const digest = (file: string) => {
      const opened = openDatabase(join(directory.path, file));
      expect(opened.seeded).toBe(true);
      const counts = opened.client
        .prepare(
          `SELECT (SELECT count(*) FROM categories) AS categories, (SELECT count(*) FROM products) AS products,
                  (SELECT count(*) FROM price_changes) AS priceChanges,
                  (SELECT group_concat(id || name || price || status || in_stock, ',') FROM products) AS rows`,
        )
        .get() as { categories: number; products: number; priceChanges: number; rows: string };
      opened.close();
      return counts;
    };
    const first = digest("a.sqlite");
    expect(first).toMatchObject({
      categories: DEFAULT_SEED.categories,
      products: DEFAULT_SEED.products,
      priceChanges: DEFAULT_SEED.priceChanges,
    });
    expect(digest("b.sqlite")).toEqual(first);

    const reopened = openDatabase(join(directory.path, "a.sqlite"));
    expect(reopened.seeded).toBe(false);
    reopened.close();
  });

  it("seeds a mix of statuses and prices the list queries can use", () => {
    const { client, close } = openDatabase(join(directory.path, "a.sqlite"));
    const byStatus = client.prepare("SELECT status, count(*) AS n FROM products GROUP BY status").all() as {
      status: string;
      n: number;
    }[];
    expect(byStatus.map((row) => row.status).sort()).toEqual(["archived", "draft", "live"]);
    const plan = client
      .prepare(
        "EXPLAIN QUERY PLAN SELECT * FROM products WHERE status = 'live' ORDER BY price DESC, id LIMIT 20 OFFSET 20",
      )
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join("\n")).toContain("products_status_price");
    close();
  });
});
