/**
 * The admin's sign-in limits over a Redis store the API shares, which fails open for the API, with
 * Redis made unreachable (a TCP proxy the test stops): sign-in never goes unthrottled. By default
 * it counts attempts in this process (a local limit); with `signInWhenStoreDown: "fail-closed"`
 * it refuses sign-ins with 503. Each says so in the log once, and once when Redis is back.
 */
import { randomBytes } from "node:crypto";
import { type TcpProxy, tcpProxy, until } from "@viewsets/core/testing";
import { RedisThrottleStore } from "@viewsets/redis";
import { REDIS_URL, redisSkipReason } from "@viewsets/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient } from "./client.js";
import { type FixtureDatabase, fixtureAdmin, sqliteDatabase } from "./fixture.js";
import { type Served, serve } from "./serve.js";

const skipReason = await redisSkipReason();

function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    logger: { error: (m: string) => lines.push(`error: ${m}`), info: (m: string) => lines.push(`info: ${m}`) },
  };
}

describe.skipIf(skipReason)("admin sign-in with its shared Redis throttle store down", () => {
  let proxy: TcpProxy;
  let database: FixtureDatabase;
  let store: RedisThrottleStore;
  let local: Served;
  let strict: Served;
  const storeLog = recordingLogger();
  const localLog = recordingLogger();
  const strictLog = recordingLogger();

  beforeAll(async () => {
    const redis = new URL(REDIS_URL);
    proxy = await tcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    // As the API would share it: failing open, which must not switch the sign-in limits off.
    store = new RedisThrottleStore({
      url: `redis://127.0.0.1:${proxy.port}`,
      prefix: `viewsets:admin-sign-in-test:${randomBytes(6).toString("hex")}:`,
      timeoutMs: 300,
      logger: storeLog.logger,
    });
    database = await sqliteDatabase();
    const rates = { ip: "1000/min", username: "3/min" };
    local = await serve("express", [
      fixtureAdmin(database, { throttleStore: store, signInRates: rates, logger: localLog.logger }),
    ]);
    strict = await serve("express", [
      fixtureAdmin(database, {
        throttleStore: store,
        signInRates: rates,
        signInWhenStoreDown: "fail-closed",
        logger: strictLog.logger,
      }),
    ]);
  });

  afterAll(async () => {
    await local?.close();
    await strict?.close();
    await store?.close();
    await proxy?.close();
    await database?.close();
  });

  const guess = (served: Served, username: string) => new AdminClient(served.url).signIn(username, "wrong password");

  it("counts attempts in Redis while it answers: the fourth guess at one account is a 429", async () => {
    for (let i = 0; i < 3; i++) expect((await guess(local, "admin")).status).toBe(401);
    expect((await guess(local, "admin")).status).toBe(429);
    expect(localLog.lines).toEqual([]);
  });

  it("by default falls back to a limit in this process, never to none, and says so once", async () => {
    proxy.set("down");
    for (let i = 0; i < 3; i++) expect((await guess(local, "editor")).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await guess(local, "editor")).status).toBe(429);
    // Another account is not locked out, and a right password still signs in.
    expect((await new AdminClient(local.url).signIn("locked", "pw-locked")).status).toBe(200);
    expect(localLog.lines).toEqual([
      "error: viewsets admin sign-in: the throttle store cannot count; attempts are counted in this process only (a local limit) until it answers.",
    ]);
    // The store itself, as the API sees it, fails open: logged once by the store.
    expect(storeLog.lines).toEqual([expect.stringMatching(/^error: .*requests are served without rate limits/)]);
  });

  it("with signInWhenStoreDown: 'fail-closed' refuses sign-ins with 503, no session made, said once", async () => {
    for (let i = 0; i < 2; i++) {
      const refused = await new AdminClient(strict.url).signIn("admin", "pw-admin");
      expect(refused.status).toBe(503);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(refused.headers.get("set-cookie")).toBeNull();
    }
    expect(strictLog.lines).toEqual([
      "error: viewsets admin sign-in: the throttle store cannot count; attempts are refused with 503 until it answers.",
    ]);
  });

  it("counts in Redis again once it answers, and says so", async () => {
    proxy.set("up");
    await until(async () => (await guess(strict, "customer")).status === 401, "Redis counts again", {
      timeoutMs: 10_000,
      everyMs: 200,
    });
    expect(strictLog.lines.at(-1)).toBe(
      "info: viewsets admin sign-in: the throttle store answers again; its limits apply again.",
    );
    // Counted in Redis, one count for both admins (as for two processes): 3 per account and address.
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await guess(i % 2 === 0 ? local : strict, "customer")).status);
    expect(answers).toEqual([401, 401, 429]);
  });
});
