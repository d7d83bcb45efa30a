// Readiness over every dependency, on each framework's real server, with real outages: Redis and
// PostgreSQL behind TCP proxies the test stops. Liveness never asks them.
import { healthRoutes } from "@viewsets/core/node";
import { type TcpProxy, tcpProxy, until } from "@viewsets/core/testing";
import { databaseCheck } from "@viewsets/drizzle";
import { createPgPool } from "@viewsets/drizzle/pg";
import {
  FRAMEWORKS,
  PG_URL,
  postgresSkipReason,
  REDIS_URL,
  redisSkipReason,
  type Served,
  serve,
} from "@viewsets/testkit";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisThrottleStore, type ThrottleStoreLogger, throttleStoreCheck } from "../src/index.js";

const skipReason = (await postgresSkipReason()) ?? (await redisSkipReason());

function recordingLogger() {
  const lines: string[] = [];
  const logger: ThrottleStoreLogger = {
    error: (m) => lines.push(`error: ${m}`),
    info: (m) => lines.push(`info: ${m}`),
  };
  return { logger, lines };
}

async function probe(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    retryAfter: response.headers.get("retry-after"),
    text: await response.text(),
  };
}

describe.skipIf(skipReason).each(FRAMEWORKS)("healthRoutes() on %s, its dependencies failing", (framework) => {
  let redisProxy: TcpProxy;
  let pgProxy: TcpProxy;
  let served: Served;
  const open = recordingLogger();
  const closed = recordingLogger();
  let stores: RedisThrottleStore[] = [];
  let pool: ReturnType<typeof createPgPool>;

  beforeAll(async () => {
    const redis = new URL(REDIS_URL);
    const postgres = new URL(PG_URL);
    redisProxy = await tcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    pgProxy = await tcpProxy({ host: postgres.hostname, port: Number(postgres.port || 5432) });
    postgres.hostname = "127.0.0.1";
    postgres.port = String(pgProxy.port);
    pool = createPgPool({ connectionString: postgres.toString(), connectionTimeoutMillis: 1_000, onError: () => {} });
    const db = drizzle(pool);
    const url = `redis://127.0.0.1:${redisProxy.port}`;
    const failOpen = new RedisThrottleStore({ url, timeoutMs: 300, logger: open.logger });
    const failClosed = new RedisThrottleStore({ url, timeoutMs: 300, logger: closed.logger, failClosed: true });
    stores = [failOpen, failClosed];
    served = await serve(framework, [
      healthRoutes({ checks: [databaseCheck(db, { timeoutMs: 1_000 }), throttleStoreCheck(failOpen)] }),
      healthRoutes({
        livenessPath: "/strict/livez",
        readinessPath: "/strict/readyz",
        checks: [databaseCheck(db, { timeoutMs: 1_000 }), throttleStoreCheck(failClosed)],
      }),
    ]);
  });

  afterAll(async () => {
    await served?.close();
    for (const store of stores) await store.close();
    await pool?.end();
    await redisProxy?.close();
    await pgProxy?.close();
  });

  it("says ok with every dependency up, naming the throttle store's policy", async () => {
    const ready = await probe(`${served.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({
      status: "ok",
      checks: { database: { status: "ok" }, throttleStore: { status: "ok", policy: "fail-open" } },
    });
    const strict = await probe(`${served.url}/strict/readyz`);
    expect(JSON.parse(strict.text).checks.throttleStore).toEqual({ status: "ok", policy: "fail-closed" });
  });

  it("with Redis down: 503 when the store fails closed, 200 'degraded' when it fails open; liveness 200; logged once", async () => {
    redisProxy.set("down");
    for (let i = 0; i < 3; i++) {
      const degraded = await probe(`${served.url}/readyz`);
      expect(degraded.status).toBe(200);
      expect(JSON.parse(degraded.text)).toEqual({
        status: "degraded",
        checks: { database: { status: "ok" }, throttleStore: { status: "down", policy: "fail-open" } },
      });
      const refused = await probe(`${served.url}/strict/readyz`);
      expect(refused.status).toBe(503);
      expect(refused.type).toBe("application/problem+json");
      expect(refused.retryAfter).toBe("5");
      expect(JSON.parse(refused.text)).toEqual({
        type: "about:blank",
        title: "Service Unavailable",
        status: 503,
        detail: "Not ready: throttleStore down.",
        draining: false,
        checks: { database: { status: "ok" }, throttleStore: { status: "down", policy: "fail-closed" } },
      });
      expect((await probe(`${served.url}/livez`)).status).toBe(200);
    }
    expect(open.lines).toEqual([
      expect.stringMatching(/^error: @viewsets\/redis: Redis is unreachable .*without rate limits/),
    ]);
    expect(closed.lines).toEqual([
      expect.stringMatching(/^error: @viewsets\/redis: Redis is unreachable .*refused with 503/),
    ]);

    redisProxy.set("up");
    await until(async () => (await probe(`${served.url}/strict/readyz`)).status === 200, "Redis is back", {
      timeoutMs: 10_000,
      everyMs: 200,
    });
    expect(closed.lines.at(-1)).toMatch(/^info: .*reachable again/);
  });

  it("with PostgreSQL down: 503 naming the database, and nothing of the driver's error", async () => {
    pgProxy.set("down");
    const refused = await probe(`${served.url}/readyz`);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.text)).toMatchObject({
      detail: "Not ready: database down.",
      checks: { database: { status: "down" }, throttleStore: { status: "ok" } },
    });
    expect(refused.text).not.toMatch(/ECONN|127\.0\.0\.1|\bat \w|select/i);
    expect((await probe(`${served.url}/livez`)).status).toBe(200);
    pgProxy.set("up");
    await until(async () => (await probe(`${served.url}/readyz`)).status === 200, "PostgreSQL is back", {
      timeoutMs: 10_000,
      everyMs: 200,
    });
  });

  it("answers HEAD without a body and 405 to other methods", async () => {
    const head = await fetch(`${served.url}/readyz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await fetch(`${served.url}/livez`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});
