/**
 * SQLite under faults: a lock held by another connection, a full disk, a closed connection and
 * aborted requests, on a real file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { fakeRequest } from "@viewsets/core/testing";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Router, ServiceUnavailable, contextOf, sendJSON, type ApiResponse } from "@viewsets/core";
import { DrizzleManager, healthCheck, modelViewSet } from "../src/index.js";
import { openSqlite } from "../src/connection/sqlite-connection.js";
import { bodyOf, contextWith, pause } from "./requests.js";
import { DDL, products } from "./sqlite-tables.js";

const LOCK_WAIT_MS = 300;
const product = (sku: string) => ({ name: "Lamp", sku, price: "12.50" });

describe("SQLite faults", () => {
  let directory: string;
  let file: string;
  let client: Database.Database;
  let router: Router;
  let manager: DrizzleManager<typeof products>;
  let locker: Database.Database | undefined;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "viewsets-sqlite-faults-"));
    file = join(directory, "shop.db");
    client = openSqlite(file);
    for (const statement of DDL) client.exec(statement);
    const db = drizzle(client);
    manager = new DrizzleManager(db, products, { lockWaitMs: LOCK_WAIT_MS });
    router = new Router("/api");
    router.register("products", modelViewSet(db, products, { lockWaitMs: LOCK_WAIT_MS }));
    // A route that never touches the database.
    router.action("products", "ping", { methods: ["GET"] }, async () => sendJSON(200, { pong: true }));
  });

  afterEach(() => {
    locker?.close();
    locker = undefined;
    if (client.open) client.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** Another connection (as another process would) takes the write lock and keeps it. */
  function holdLock(): Database.Database {
    locker = new Database(file);
    locker.exec("BEGIN EXCLUSIVE");
    return locker;
  }

  const rowCount = () => (client.prepare("SELECT count(*) AS n FROM products").get() as { n: number }).n;

  it("opens connections with a short busy timeout, WAL and foreign keys", () => {
    expect(client.pragma("busy_timeout", { simple: true })).toBe(5);
    expect(client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(client.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("answers a write 503 with Retry-After while another connection holds the lock, serving other requests meanwhile", async () => {
    holdLock();
    const order: string[] = [];
    const write = router.handle(fakeRequest("POST", "/api/products", { body: product("a-1") })).then((response) => {
      order.push("write");
      return response;
    });
    // A timer fires only when the event loop is free: a write waiting synchronously holds it.
    await pause(20);
    const ping = await router.handle(fakeRequest("GET", "/api/products/ping"));
    order.push("ping");
    const list = await router.handle(fakeRequest("GET", "/api/products"));
    order.push("list");
    const refused = (await write) as ApiResponse;

    expect(order).toEqual(["ping", "list", "write"]);
    expect(ping?.status).toBe(200);
    expect(list?.status).toBe(200); // WAL: readers do not wait for the writer
    expect(refused.status).toBe(503);
    expect(refused.headers["Retry-After"]).toBe("1");
    expect(refused.headers["Content-Type"]).toBe("application/problem+json");
    const text = String(refused.body);
    expect(text).not.toMatch(/insert|products|a-1|Lamp|SQLITE/i);
    expect(bodyOf(refused)).toMatchObject({ status: 503 });

    locker!.exec("COMMIT");
    const created = await router.handle(fakeRequest("POST", "/api/products", { body: product("a-2") }));
    expect(created?.status).toBe(201);
    expect(rowCount()).toBe(1);
  });

  it("tries a locked write again only after yielding, not at once: each try stands the process still", async () => {
    // better-sqlite3's `verbose` hears every statement SQLite starts to run, a try refused by the lock included.
    const traced: string[] = [];
    const tracing = openSqlite(file, { verbose: (text) => traced.push(String(text)) });
    try {
      const writer = new DrizzleManager(drizzle(tracing), products, { lockWaitMs: LOCK_WAIT_MS });
      const inserts = () => traced.filter((text) => /^insert/i.test(text)).length;
      holdLock();
      const write = writer.create(contextWith(new AbortController().signal), product("e-1"));
      // Before anything else may run: the one try, refused; the next waits for a turn of the event loop.
      expect(inserts()).toBe(1);
      await pause(50);
      expect(inserts()).toBeGreaterThan(1);
      locker!.exec("COMMIT");
      await expect(write).resolves.toMatchObject({ sku: "e-1" });
      expect(rowCount()).toBe(1);
    } finally {
      tracing.close();
    }
  });

  it("writes once the lock is released within the wait", async () => {
    holdLock();
    const write = router.handle(fakeRequest("POST", "/api/products", { body: product("b-1") }));
    await pause(50);
    locker!.exec("COMMIT");
    expect((await write)?.status).toBe(201);
    expect(rowCount()).toBe(1);
  });

  it("answers 503 with Retry-After when the disk is full, and writes nothing", async () => {
    const pages = client.pragma("page_count", { simple: true }) as number;
    client.pragma(`max_page_count = ${pages}`);
    const big = { ...product("c-1"), description: "x".repeat(64 * 1024) };
    const response = await router.handle(fakeRequest("POST", "/api/products", { body: big }));
    expect(response?.status).toBe(503);
    expect(response?.headers["Retry-After"]).toBe("30");
    expect(String(response?.body)).not.toMatch(/xxxx|insert|SQLITE/i);
    client.pragma("max_page_count = 1073741823");
    expect(rowCount()).toBe(0);
  });

  it("stops waiting for a lock when the request is aborted, and never writes afterwards", async () => {
    holdLock();
    const controller = new AbortController();
    const write = manager.create(contextWith(controller.signal), product("d-1"));
    await pause(30);
    controller.abort();
    await expect(write).rejects.toMatchObject({ name: "AbortError" });
    locker!.exec("COMMIT");
    await pause(LOCK_WAIT_MS);
    expect(rowCount()).toBe(0);
  });

  it("runs no statement for a request aborted before it starts", async () => {
    const controller = new AbortController();
    controller.abort();
    const ctx = contextWith(controller.signal);
    await expect(manager.create(ctx, product("e-1"))).rejects.toMatchObject({ name: "AbortError" });
    await expect(manager.count(ctx)).rejects.toMatchObject({ name: "AbortError" });
    expect(rowCount()).toBe(0);
  });

  it("reports readiness: 200 while the database answers, 503 once it does not", async () => {
    const health = healthCheck(drizzle(client));
    const up = await health.handle(fakeRequest("GET", "/healthz"));
    expect(up?.status).toBe(200);
    expect(bodyOf(up)).toEqual({ status: "ok" });
    expect(await health.handle(fakeRequest("GET", "/api/products"))).toBeNull();
    expect((await health.handle(fakeRequest("POST", "/healthz")))?.status).toBe(405);
    client.close();
    const down = await health.handle(fakeRequest("GET", "/healthz"));
    expect(down?.status).toBe(503);
    expect(down?.headers["Retry-After"]).toBeDefined();
    // A closed connection is an unreachable database: the README's 503 with Retry-After, for the
    // manager and through the router, never a 500.
    const failed = manager.count(contextOf(fakeRequest("GET", "/")));
    await expect(failed).rejects.toBeInstanceOf(ServiceUnavailable);
    await expect(failed).rejects.toMatchObject({ status: 503, headers: { "Retry-After": "5" } });
    const listed = await router.handle(fakeRequest("GET", "/api/products/"));
    expect(listed?.status).toBe(503);
    expect(listed?.headers["Retry-After"]).toBe("5");
    expect(bodyOf(listed)).toMatchObject({ detail: "The database is unreachable. Try again later." });
  });
});
