// A graceful shutdown under keep-alive load, on each framework's real Node server: requests under
// way finish (on PostgreSQL), keep-alive clients are told `Connection: close` instead of being reset,
// readiness answers 503 while the server drains, and the pool and the Redis store close after.
import { Agent, request as httpRequest } from "node:http";
import { type ApiRequest, type Mountable, sendJSON } from "@viewsets/core";
import { type Drainable, drainable, healthRoutes } from "@viewsets/core/node";
import { databaseCheck } from "@viewsets/drizzle";
import { createPgPool } from "@viewsets/drizzle/pg";
import { FRAMEWORKS, PG_URL, postgresSkipReason, REDIS_URL, redisSkipReason, serve } from "@viewsets/testkit";
import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";
import { RedisThrottleStore, throttleStoreCheck } from "../src/index.js";

const skipReason = (await postgresSkipReason()) ?? (await redisSkipReason());

interface Answer {
  readonly status: number;
  readonly connection: string | undefined;
  readonly body: string;
}

function get(url: string, agent: Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { agent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
      );
      response.on("error", reject);
    });
    sent.on("error", reject);
    sent.end();
  });
}

/** The app: `/slow?ms=` waits on PostgreSQL (`pg_sleep`), `/fast` answers at once. */
function slowAndFast(pool: ReturnType<typeof createPgPool>): Mountable {
  return {
    assertReady() {},
    async handle(request: ApiRequest) {
      if (request.path === "/fast") return sendJSON(200, { fast: true });
      if (request.path !== "/slow") return null;
      const seconds = Number(new URLSearchParams(request.rawQuery).get("ms") ?? "400") / 1000;
      await pool.query("select pg_sleep($1::float8)", [seconds]);
      return sendJSON(200, { slept: seconds });
    },
  };
}

async function started(framework: (typeof FRAMEWORKS)[number], { timeoutMs = 5_000, delayMs = 300 } = {}) {
  const pool = createPgPool({ connectionString: PG_URL, max: 6 });
  const store = new RedisThrottleStore({ url: REDIS_URL, prefix: `viewsets:drain-test:${framework}:` });
  let drain: Drainable | undefined;
  const health = healthRoutes({
    checks: [databaseCheck(drizzle(pool)), throttleStoreCheck(store)],
    drain: {
      get draining() {
        return drain?.draining ?? false;
      },
    },
  });
  const served = await serve(framework, [health, slowAndFast(pool)]);
  const closed: string[] = [];
  drain = drainable(served.server, {
    delayMs,
    idleGraceMs: 300,
    timeoutMs,
    async onClosed() {
      await pool.end();
      closed.push("pool");
      await store.close();
      closed.push("store");
    },
  });
  return { served, drain, pool, closed };
}

describe.skipIf(skipReason)("drainable(server): a graceful shutdown", () => {
  describe.each(FRAMEWORKS)("on %s", (framework) => {
    it("finishes requests under way, tells keep-alive clients Connection: close, and closes the pool and store after", async () => {
      const { served, drain, pool, closed } = await started(framework);
      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      const ready = await get(`${served.url}/readyz`, agent);
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.body)).toEqual({
        status: "ok",
        checks: { database: { status: "ok" }, throttleStore: { status: "ok", policy: "fail-open" } },
      });

      // Load on keep-alive connections: each loop goes on until it is told to close its connection.
      const failures: unknown[] = [];
      let drainStarted = false;
      const loop = async () => {
        let answered = 0;
        for (;;) {
          const answer = await get(`${served.url}/fast`, agent);
          expect(answer.status).toBe(200);
          answered++;
          if (answer.connection === "close") return { answered, closedDuringDrain: drainStarted };
        }
      };
      const loops = Array.from({ length: 5 }, () =>
        loop().catch((error: unknown) => {
          failures.push(error);
          return { answered: 0, closedDuringDrain: false };
        }),
      );
      const slow = Array.from({ length: 3 }, () => get(`${served.url}/slow?ms=700`, agent));
      await new Promise((resolve) => setTimeout(resolve, 150));

      drainStarted = true;
      const drained = drain.drain();
      expect(drain.draining).toBe(true);
      // Still accepting for `delayMs`: readiness on a new connection says 503, liveness 200.
      const notReady = await get(`${served.url}/readyz`, false);
      expect(notReady.status).toBe(503);
      expect(JSON.parse(notReady.body)).toMatchObject({
        status: 503,
        draining: true,
        detail: "The server is shutting down.",
      });
      expect((await get(`${served.url}/livez`, false)).status).toBe(200);

      for (const answer of await Promise.all(slow)) {
        expect(answer.status).toBe(200);
        expect(answer.connection).toBe("close");
      }
      const ends = await Promise.all(loops);
      expect(failures).toEqual([]);
      for (const end of ends) {
        expect(end.closedDuringDrain).toBe(true);
        expect(end.answered).toBeGreaterThan(1);
      }
      expect(await drained).toEqual({ cut: 0 });
      expect(closed).toEqual(["pool", "store"]);
      expect(pool.ended).toBe(true);
      expect(served.server.listening).toBe(false);
      await expect(get(`${served.url}/fast`, false)).rejects.toMatchObject({ code: "ECONNREFUSED" });
      agent.destroy();
    });

    it("answers a request sent on an idle keep-alive connection after the listening socket closed, with Connection: close", async () => {
      const { served, drain, closed } = await started(framework, { delayMs: 0 });
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      expect(await get(`${served.url}/fast`, agent)).toMatchObject({ status: 200, connection: "keep-alive" });
      const drained = drain.drain();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(served.server.listening).toBe(false);
      // The same connection, idle when the server stopped accepting: answered, then closed.
      expect(await get(`${served.url}/fast`, agent)).toMatchObject({ status: 200, connection: "close" });
      expect(await drained).toEqual({ cut: 0 });
      expect(closed).toEqual(["pool", "store"]);
      agent.destroy();
    });

    it("closes keep-alive connections left idle once idleGraceMs is over, and ends the drain", async () => {
      const { served, drain, closed } = await started(framework, { delayMs: 0 });
      const agent = new Agent({ keepAlive: true, maxSockets: 3 });
      await Promise.all(Array.from({ length: 3 }, () => get(`${served.url}/fast`, agent)));
      const from = Date.now();
      expect(await drain.drain()).toEqual({ cut: 0 });
      // idleGraceMs is 300 ms: not at once (a client might be sending), and not at timeoutMs (5 s) either.
      expect(Date.now() - from).toBeGreaterThanOrEqual(280);
      expect(Date.now() - from).toBeLessThan(2_000);
      expect(closed).toEqual(["pool", "store"]);
      agent.destroy();
    });

    it("cuts a request still running at timeoutMs, and closes the pool and store all the same", async () => {
      const { served, drain, closed } = await started(framework, { timeoutMs: 500 });
      const agent = new Agent({ keepAlive: true });
      const sent = Date.now();
      const tooSlow = get(`${served.url}/slow?ms=1500`, agent).then(
        () => "answered",
        (error: NodeJS.ErrnoException) => ({ code: error.code, afterMs: Date.now() - sent }),
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      const drained = drain.drain();
      // Cut at timeoutMs (500 ms after the drain began), not when the query would have ended.
      expect(await tooSlow).toMatchObject({
        code: "ECONNRESET",
        afterMs: expect.toSatisfy((ms: number) => ms < 2_000),
      });
      // pool.end() in onClosed waits for the query still running on the server (this app's own,
      // outside a manager, is not cancelled when its client goes): the drain ends after it.
      expect(await drained).toEqual({ cut: 1 });
      expect(closed).toEqual(["pool", "store"]);
      agent.destroy();
    });
  });
});
