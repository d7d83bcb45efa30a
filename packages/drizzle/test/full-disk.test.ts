/**
 * SQLite on a real full file system (a small tmpfs): a 2xx means the row is stored. After the
 * faults, every acknowledged write is read back from a fresh connection, and nothing that was not
 * acknowledged is there.
 */
import { join } from "node:path";
import { fakeRequest } from "@viewsets/core/testing";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Router, type ApiResponse } from "@viewsets/core";
import { modelViewSet, trigramIndexSql } from "../src/index.js";
import { openSqlite } from "../src/connection/sqlite-connection.js";
import { mountSmallDisk, type SmallDisk, smallDiskSkipReason } from "./full-disk.js";
import { bodyOf } from "./requests.js";
import { DDL, products } from "./sqlite-tables.js";

const skipReason = smallDiskSkipReason();
// Each row takes a new page or two: a full disk refuses them at the commit.
const description = (n: number) => `${n} `.padEnd(3000, "x");
const product = (sku: string) => ({ name: "Lamp", sku, price: "12.50", description: description(sku.length) });
const searchIndex = { name: "products_search", fields: ["name", "description"] } as const;

interface Stored {
  id: number;
  sku: string;
  name: string;
  description: string | null;
}

describe.skipIf(skipReason !== undefined)(`SQLite on a full disk${skipReason ? ` (${skipReason})` : ""}`, () => {
  let disk: SmallDisk;
  let client: Database.Database;
  let router: Router;
  let file: string;

  beforeEach(() => {
    disk = mountSmallDisk(2);
    file = join(disk.directory, "shop.db");
    client = openSqlite(file);
    for (const statement of DDL) client.exec(statement);
    for (const statement of trigramIndexSql(products, searchIndex)) client.exec(statement);
    const db = drizzle(client);
    router = new Router("/api");
    router.register("products", modelViewSet(db, products, { bulkCreate: true, searchIndex }));
    router.register("atomic", modelViewSet(db, products, { atomic: true }));
  });

  afterEach(() => {
    if (client.open) client.close();
    disk.unmount();
  });

  const send = async (method: string, path: string, body?: unknown): Promise<ApiResponse> => {
    const response = await router.handle(fakeRequest(method, path, body === undefined ? {} : { body }));
    if (!response) throw new Error(`no route for ${method} ${path}`);
    return response;
  };

  /** The rows as a new connection reads them, once the disk has room again. */
  function storedRows(): Map<string, Stored> {
    disk.free();
    const fresh = new Database(file, { readonly: true });
    try {
      const rows = fresh.prepare("SELECT id, sku, name, description FROM products").all() as Stored[];
      return new Map(rows.map((row) => [row.sku, row]));
    } finally {
      fresh.close();
    }
  }

  function expectOutage(response: ApiResponse): void {
    expect(response.status).toBe(503);
    expect(response.headers["Retry-After"]).toBe("30");
    expect(String(response.body)).not.toMatch(/SQLITE|insert|update|xxxx/i);
  }

  it("acknowledges no create it did not store, and promises no id twice", async () => {
    disk.fill();
    const acknowledged = new Map<string, number>();
    let refused = 0;
    for (let n = 0; n < 200; n++) {
      const response = await send("POST", "/api/products/", product(`full-${n}`));
      if (response.status === 201) acknowledged.set(`full-${n}`, bodyOf(response).id as number);
      else {
        expectOutage(response);
        refused++;
      }
    }
    // The disk was full: some writes had to fail, or the test made no fault.
    expect(refused).toBeGreaterThan(0);
    const stored = storedRows();
    expect([...stored.keys()].sort()).toEqual([...acknowledged.keys()].sort());
    for (const [sku, id] of acknowledged) expect(stored.get(sku)?.id).toBe(id);

    // With room again, a create is stored under an id no earlier answer promised.
    const after = await send("POST", "/api/products/", product("after"));
    expect(after.status).toBe(201);
    const id = bodyOf(after).id as number;
    expect([...acknowledged.values()]).not.toContain(id);
    expect(storedRows().get("after")?.id).toBe(id);
  });

  it("acknowledges no update or delete it did not store", async () => {
    const ids: number[] = [];
    for (let n = 0; n < 20; n++)
      ids.push(
        bodyOf(await send("POST", "/api/products/", { ...product(`u-${n}`), description: "short" })).id as number,
      );
    disk.fill();
    const patched = new Set<string>();
    const deleted = new Set<string>();
    let refused = 0;
    for (const [n, id] of ids.entries()) {
      const response =
        n % 2 === 0
          ? await send("PATCH", `/api/products/${id}`, { description: description(n) })
          : await send("DELETE", `/api/products/${id}`);
      if (response.status === 200) patched.add(`u-${n}`);
      else if (response.status === 204) deleted.add(`u-${n}`);
      else {
        expectOutage(response);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
    const stored = storedRows();
    for (let n = 0; n < ids.length; n++) {
      const sku = `u-${n}`;
      if (deleted.has(sku)) expect(stored.has(sku)).toBe(false);
      else if (patched.has(sku)) expect(stored.get(sku)?.description).toBe(description(n));
      else expect(stored.get(sku)?.description).toBe("short");
    }
  });

  it("stores nothing of a bulk create or an atomic write whose commit fails", async () => {
    const before = bodyOf(await send("POST", "/api/products/", { ...product("kept"), description: "short" }));
    disk.fill();
    const items = Array.from({ length: 20 }, (_, n) => product(`bulk-${n}`));
    const bulk = await send("POST", "/api/products/", items);
    expectOutage(bulk);
    const atomic = await send("PATCH", `/api/atomic/${before.id}`, { description: description(7) });
    expectOutage(atomic);
    const created = await send("POST", "/api/atomic/", product("atomic-new"));
    expectOutage(created);
    const stored = storedRows();
    expect([...stored.keys()]).toEqual(["kept"]);
    expect(stored.get("kept")?.description).toBe("short");
  });
});
