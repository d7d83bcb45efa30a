/**
 * PostgreSQL under faults, through a TCP proxy the tests cut and restore (the shared server is
 * never stopped): the server gone while idle and under load, a network partition, connections
 * killed on the server, slow statements, and requests aborted mid-query.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type ApiResponse, Router, ServiceUnavailable, contextOf } from "@viewsets/core";
import { type TcpProxy, tcpProxy, until, fakeRequest } from "@viewsets/core/testing";
import { DrizzleManager, healthCheck, modelViewSet } from "../src/index.js";
import { createPgPool, type PgPoolOptions } from "../src/connection/pg-pool.js";
import { pgTables } from "./pg-tables.js";
import { bodyOf, contextWith, pause } from "./requests.js";
import { PG_URL, postgresSkipReason } from "./postgres-server.js";

const url = new URL(PG_URL);
const skipReason = postgresSkipReason;
if (skipReason) console.warn(`Skipping the PostgreSQL fault tests: ${skipReason}.`);

const schemaName = `viewsets_faults_${randomBytes(6).toString("hex")}`;
const tables = pgTables(schemaName);
const ctx = contextOf(fakeRequest("GET", "/"));

describe.skipIf(skipReason !== undefined)("PostgreSQL faults", () => {
  const admin = new pg.Pool({ connectionString: url.href, max: 2 });
  const pools: pg.Pool[] = [];
  let proxy: TcpProxy;

  /** A pool through the proxy, named so the tests can find its connections on the server. */
  function proxiedPool(options: PgPoolOptions = {}) {
    const applicationName = `viewsets_faults_${randomBytes(4).toString("hex")}`;
    const pool = createPgPool({
      host: "127.0.0.1",
      port: proxy.port,
      user: decodeURIComponent(url.username) || "postgres",
      password: decodeURIComponent(url.password) || undefined,
      database: url.pathname.slice(1) || "test",
      application_name: applicationName,
      max: 4,
      connectionTimeoutMillis: 500,
      statement_timeout: 1_000,
      query_timeout: 1_500,
      ...options,
    });
    pools.push(pool);
    const db = drizzle(pool);
    const router = new Router("/api");
    router.register("products", modelViewSet(db, tables.products));
    const handle = async (method: string, path: string, body?: unknown) =>
      (await router.handle(fakeRequest(method, path, body === undefined ? {} : { body }))) as ApiResponse;
    return { pool, db, router, handle, applicationName };
  }

  const activeQueries = async (applicationName: string, like: string) =>
    Number(
      (
        await admin.query(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND state = 'active' AND query LIKE $2`,
          [applicationName, like],
        )
      ).rows[0].n,
    );
  const categoryCount = async () =>
    Number((await admin.query(`SELECT count(*) AS n FROM "${schemaName}".categories`)).rows[0].n);

  let sku = 0;
  const product = () => ({ name: "Lamp", sku: `sku-${++sku}`, price: "12.50" });

  beforeAll(async () => {
    for (const statement of tables.ddl) await admin.query(statement);
    // Inserting a category takes a while: long enough to abort a write in the middle of it.
    await admin.query(`CREATE FUNCTION "${schemaName}".slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(1.5); RETURN NEW; END $$`);
    await admin.query(`CREATE TRIGGER slow_insert BEFORE INSERT ON "${schemaName}".categories
      FOR EACH ROW EXECUTE FUNCTION "${schemaName}".slow_insert()`);
    proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  });

  afterEach(async () => {
    proxy.set("up");
    await Promise.all(pools.splice(0).map((pool) => pool.end().catch(() => undefined)));
  });

  afterAll(async () => {
    await proxy?.close();
    await admin.query(tables.drop);
    await admin.end();
  });

  it("survives idle connections killed on the server, logging once without SQL, and answers the next request", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const { pool, handle, applicationName } = proxiedPool();
      await Promise.all([handle("GET", "/api/products"), handle("GET", "/api/products")]);
      expect(pool.idleCount).toBeGreaterThan(0);
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
        [applicationName],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      // Without an error listener on the pool, node-postgres would throw here and end the process.
      await until(async () => pool.totalCount === 0, "the pool drops the killed connections");
      expect((await handle("GET", "/api/products")).status).toBe(200);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]?.[0])).toMatch(
        /^@viewsets\/drizzle: a PostgreSQL connection failed \(57P01\)/,
      );
    } finally {
      logged.mockRestore();
    }
  });

  it("answers 503 with Retry-After while PostgreSQL is down, and recovers when it is back", async () => {
    const { handle, db } = proxiedPool({ onError: () => undefined });
    const created = await handle("POST", "/api/products", product());
    expect(created.status).toBe(201);
    const id = bodyOf(created).id;

    proxy.set("down");
    for (const [method, path, body] of [
      ["GET", "/api/products", undefined],
      ["GET", `/api/products/${id}`, undefined],
      ["POST", "/api/products", product()],
      ["PATCH", `/api/products/${id}`, { name: "Desk" }],
    ] as const) {
      const response = await handle(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(503);
      expect(response.headers["Retry-After"]).toBe("5");
      expect(String(response.body)).not.toMatch(/select|insert|update|products|127\.0\.0\.1|Lamp|Desk/i);
    }
    const health = healthCheck(db);
    expect((await health.handle(fakeRequest("GET", "/healthz")))?.status).toBe(503);

    proxy.set("up");
    expect((await handle("GET", `/api/products/${id}`)).status).toBe(200);
    expect(bodyOf(await handle("GET", `/api/products/${id}`)).name).toBe("Lamp");
    expect((await health.handle(fakeRequest("GET", "/healthz")))?.status).toBe(200);
  });

  it("answers only 2xx or 503 while PostgreSQL goes down and comes back under load", async () => {
    const { handle } = proxiedPool({ onError: () => undefined });
    const statuses: number[] = [];
    let missingRetryAfter = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        const response =
          statuses.length % 2 === 0
            ? await handle("GET", "/api/products")
            : await handle("POST", "/api/products", product());
        statuses.push(response.status);
        if (response.status === 503 && !response.headers["Retry-After"]) missingRetryAfter++;
        if (response.status === 503) await pause(5);
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await until(async () => statuses.length >= 40, "requests are served");
    proxy.set("down");
    await until(async () => statuses.filter((s) => s === 503).length >= 20, "requests answer 503");
    proxy.set("up");
    const served = statuses.length;
    await until(async () => statuses.slice(served).filter((s) => s < 300).length >= 40, "requests are served again");
    running = false;
    await Promise.all(workers);
    expect(new Set(statuses)).toEqual(new Set([200, 201, 503]));
    expect(missingRetryAfter).toBe(0);
    // Once back, nothing fails any more.
    const after = await Promise.all(Array.from({ length: 8 }, () => handle("GET", "/api/products")));
    expect(after.map((r) => r.status)).toEqual(Array(8).fill(200));
  }, 30_000);

  // The test's own timeout is the bound: a request that hangs through the partition fails it.
  it("ends requests with 503 during a network partition instead of hanging, and applies no write afterwards", async () => {
    const { handle } = proxiedPool({ onError: () => undefined });
    expect((await handle("GET", "/api/products")).status).toBe(200);
    const before = Number(bodyOf(await handle("GET", "/api/products")).count);
    proxy.set("stalled");
    const [read, write] = await Promise.all([
      handle("GET", "/api/products"),
      handle("POST", "/api/products", { ...product(), name: "Partitioned" }),
    ]);
    expect(read.status).toBe(503);
    expect(write.status).toBe(503);
    expect(read.headers["Retry-After"]).toBe("5");
    proxy.set("up");
    await pause(200);
    const list = await handle("GET", "/api/products");
    expect(list.status).toBe(200);
    expect(bodyOf(list).count).toBe(before);
  }, 10_000);

  it("answers 503 for a statement slower than statement_timeout", async () => {
    const { db } = proxiedPool({ statement_timeout: 200, query_timeout: 5_000 });
    const manager = new DrizzleManager(db, tables.products);
    const slow = manager.querySet().where(sql`pg_sleep(1) is null`);
    await admin.query(`INSERT INTO "${schemaName}".products (name, sku, price) VALUES ('Slow', 'slow-1', 1)`);
    const error = await slow.count(ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailable);
    expect((error as ServiceUnavailable).headers["Retry-After"]).toBe("5");
  });

  it("cancels a running query on the server when the request is aborted", async () => {
    const { db, applicationName } = proxiedPool({ statement_timeout: 20_000, query_timeout: 25_000 });
    const manager = new DrizzleManager(db, tables.products);
    await admin.query(`INSERT INTO "${schemaName}".products (name, sku, price) VALUES ('Slow', 'slow-2', 1)`);
    const controller = new AbortController();
    const search = manager.querySet().where(sql`pg_sleep(10) is null`).all(contextWith(controller.signal));
    await until(async () => (await activeQueries(applicationName, "%pg_sleep%")) === 1, "the query runs");
    controller.abort();
    await expect(search).rejects.toMatchObject({ name: "AbortError" });
    // Cancelled on the server, long before its 10 seconds are up.
    await until(async () => (await activeQueries(applicationName, "%pg_sleep%")) === 0, "the server stops the query");
  });

  it("rolls back a write aborted in the middle, and never sends one aborted while waiting for a connection", async () => {
    const { db, applicationName } = proxiedPool({ max: 1, statement_timeout: 20_000, query_timeout: 25_000 });
    const categories = new DrizzleManager(db, tables.categories);
    const first = new AbortController();
    const inserting = categories.create(contextWith(first.signal), { name: "first" });
    await until(async () => (await activeQueries(applicationName, "%insert%")) === 1, "the insert runs");
    // The pool's one connection is busy: this write waits for it.
    const second = new AbortController();
    const waiting = categories.create(contextWith(second.signal), { name: "second" });
    await pause(50);
    second.abort();
    await expect(waiting).rejects.toMatchObject({ name: "AbortError" });
    first.abort();
    await expect(inserting).rejects.toMatchObject({ name: "AbortError" });
    await until(async () => (await activeQueries(applicationName, "%insert%")) === 0, "the insert is cancelled");
    // The connection is free again: had the second write been queued, it would run now.
    await pause(300);
    expect(await activeQueries(applicationName, "%insert%")).toBe(0);
    expect(await categoryCount()).toBe(0);
  });
});
