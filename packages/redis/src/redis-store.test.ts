import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ThrottleUnavailable, checkThrottles, userRateThrottle } from "@viewsets/core/throttling";
import {
  fakeRequest,
  runThrottleStoreContract,
  skipOutsideCI,
  type TcpProxy,
  tcpProxy,
  until,
} from "@viewsets/core/testing";
import { REDIS_URL, redisUnavailable } from "@viewsets/testkit";
import { Redis } from "ioredis";
import { Redis as Redis5 } from "ioredis5";
import { afterAll, describe, expect, it } from "vitest";
import { RedisThrottleStore, type ThrottleStoreLogger } from "./redis-store.js";

// These tests need a real Redis: REDIS_URL, or 127.0.0.1:6379. Without one they are skipped with
// one warning, except in CI, where an unreachable Redis fails them.
const unreachable = await redisUnavailable();
const skipReason = skipOutsideCI(unreachable);
const redisIt = skipReason ? it.skip : it;

let prefixes = 0;
const runId = `${process.pid}-${Date.now()}`;
/** A key prefix no other test (or test run) uses. */
const uniquePrefix = () => `viewsets-test:${runId}:${++prefixes}:`;

const admin = unreachable ? undefined : new Redis(REDIS_URL);
const stores: RedisThrottleStore[] = [];
const proxies: TcpProxy[] = [];

function store(options: Partial<ConstructorParameters<typeof RedisThrottleStore>[0]> = {}) {
  const created = new RedisThrottleStore({ url: REDIS_URL, prefix: uniquePrefix(), ...options });
  stores.push(created);
  return created;
}

function recordingLogger() {
  const lines: { level: "error" | "info"; message: string }[] = [];
  const logger: ThrottleStoreLogger = {
    error: (message) => lines.push({ level: "error", message }),
    info: (message) => lines.push({ level: "info", message }),
  };
  return { logger, lines };
}

// Redis reconnects with its own back-off: wait up to 10 s, asking every 50 ms.
const RECONNECT_WAIT = { timeoutMs: 10_000, everyMs: 50 };

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await Promise.all(proxies.map((p) => p.close()));
  if (admin) {
    const keys = await admin.keys(`viewsets-test:${runId}:*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  }
});

runThrottleStoreContract({
  name: "RedisThrottleStore",
  create: () => store({ clock: "caller" }),
  ...(skipReason && { unavailable: skipReason }),
});

// The peer range takes ioredis 5 and 6: the store above runs on 6 (what `npm install ioredis`
// fetches today); the same contract with a client of ioredis 5 the app made and shares.
const clients5: Redis5[] = [];
runThrottleStoreContract({
  name: "RedisThrottleStore with an ioredis 5 client",
  create: () => {
    const client = new Redis5(REDIS_URL);
    clients5.push(client);
    // ioredis 5's class is not the type ioredis 6 declares, although it answers the same commands.
    return store({ clock: "caller", client: client as unknown as Redis });
  },
  ...(skipReason && { unavailable: skipReason }),
});
afterAll(() => Promise.all(clients5.map((client) => client.quit())));

describe("RedisThrottleStore", () => {
  if (unreachable && !skipReason) {
    it("needs a reachable Redis in CI", () => {
      expect.fail(unreachable);
    });
  }

  redisIt("keeps each bucket under its prefix with a TTL of the window", async () => {
    const s = store();
    await s.hit("user:42", 5, 30_000, Date.now());
    const ttl = await admin!.pttl(`${s.prefix}user:42`);
    expect(ttl).toBeGreaterThan(29_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
    expect(await admin!.zcard(`${s.prefix}user:42`)).toBe(1);
  });

  redisIt("uses the Redis server's clock by default", async () => {
    const s = store();
    // A caller clock far in the past is ignored: the hits land now and expire with the window.
    expect(await s.hit("k", 1, 300, 0)).toMatchObject({ allowed: true });
    const refused = await s.hit("k", 1, 300, 0);
    expect(refused).toMatchObject({ allowed: false });
    expect(refused!.retryAfterMs).toBeGreaterThan(0);
    expect(refused!.retryAfterMs).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, refused!.retryAfterMs + 20));
    expect(await s.hit("k", 1, 300, 0)).toMatchObject({ allowed: true });
  });

  redisIt(
    "enforces one combined limit for two processes sharing one Redis",
    async () => {
      const prefix = uniquePrefix();
      const worker = fileURLToPath(new URL("./fixtures/hit-worker.ts", import.meta.url));
      const root = fileURLToPath(new URL("../../..", import.meta.url));
      const children = [0, 1].map(() =>
        fork(worker, [REDIS_URL, prefix, "25", "30"], {
          cwd: root,
          execArgv: ["--import", "tsx", "--conditions=source"],
          stdio: ["ignore", "inherit", "inherit", "ipc"],
        }),
      );
      const message = (child: (typeof children)[number]) =>
        new Promise<unknown>((resolve, reject) => {
          child.once("message", resolve);
          child.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
        });
      await Promise.all(children.map(message)); // both connected and warmed up
      const results = children.map(message);
      for (const child of children) child.send("go");
      const counts = (await Promise.all(results)) as { allowed: number; unanswered: number }[];
      expect(counts.map((c) => c.unanswered)).toEqual([0, 0]);
      expect(counts[0]!.allowed + counts[1]!.allowed).toBe(25);
      expect(await admin!.zcard(`${prefix}shared`)).toBe(25);
    },
    30_000,
  );

  redisIt(
    "serves requests through an outage (fail open), logging its start and end once each",
    async () => {
      const proxy = await tcpProxy(hostOf(REDIS_URL));
      proxies.push(proxy);
      const { logger, lines } = recordingLogger();
      const s = store({ url: `redis://127.0.0.1:${proxy.port}`, logger, timeoutMs: 200 });
      expect(await s.hit("k", 100, 60_000, Date.now())).toMatchObject({ allowed: true, count: 1 });
      expect(lines).toEqual([]);

      proxy.set("down");
      const started = Date.now();
      for (let i = 0; i < 50; i++) expect(await s.hit("k", 100, 60_000, Date.now())).toBeNull();
      expect(Date.now() - started).toBeLessThan(2000); // 50 checks, none waits for the timeout
      expect(s.available).toBe(false);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: "error" });
      expect(lines[0]!.message).toMatch(
        /^@viewsets\/redis: Redis is unreachable \(.+\); requests are served without rate limits until it is back\.$/,
      );

      proxy.set("up");
      await until(
        async () => (await s.hit("k", 100, 60_000, Date.now())) !== null,
        "Redis answers again",
        RECONNECT_WAIT,
      );
      expect(await s.hit("k", 100, 60_000, Date.now())).toMatchObject({ allowed: true });
      expect(s.available).toBe(true);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toEqual({
        level: "info",
        message: "@viewsets/redis: Redis is reachable again; rate limits apply again.",
      });
    },
    20_000,
  );

  redisIt(
    "fails open when Redis stops under load: every check answers, the outage is logged once, and it recovers",
    async () => {
      const proxy = await tcpProxy(hostOf(REDIS_URL));
      proxies.push(proxy);
      const { logger, lines } = recordingLogger();
      const s = store({ url: `redis://127.0.0.1:${proxy.port}`, logger, timeoutMs: 200 });
      const answers: ("counted" | "open")[] = [];
      let running = true;
      const worker = async () => {
        while (running) {
          const hit = await s.hit("k", 1_000_000, 60_000, Date.now());
          answers.push(hit === null ? "open" : "counted");
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      };
      const workers = Array.from({ length: 20 }, worker);
      await until(() => answers.length >= 100, "100 checks are answered", RECONNECT_WAIT);
      proxy.set("down");
      await until(() => answers.filter((a) => a === "open").length >= 200, "200 checks pass open", RECONNECT_WAIT);
      proxy.set("up");
      const before = answers.length;
      await until(
        () => answers.slice(before).filter((a) => a === "counted").length >= 100,
        "100 checks are counted again",
        RECONNECT_WAIT,
      );
      running = false;
      await Promise.all(workers);
      expect(answers.at(-1)).toBe("counted");
      expect(lines.map((l) => l.level)).toEqual(["error", "info"]);
    },
    30_000,
  );

  redisIt(
    "does not hang when Redis accepts connections but never answers",
    async () => {
      const proxy = await tcpProxy(hostOf(REDIS_URL));
      proxies.push(proxy);
      const { logger, lines } = recordingLogger();
      const s = store({ url: `redis://127.0.0.1:${proxy.port}`, logger, timeoutMs: 500 });
      expect(await s.hit("k", 5, 60_000, Date.now())).not.toBeNull();
      proxy.set("stalled");
      // The connection stays open: each check must give up after timeoutMs, not hang.
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => s.hit("k", 5, 60_000, Date.now())));
      expect(answers).toEqual(Array.from({ length: 20 }, () => null));
      expect(Date.now() - started).toBeGreaterThanOrEqual(490);
      expect(Date.now() - started).toBeLessThan(5_000);
      // Now known to be down: one check probes (and waits out its timeout), the others answer
      // before it does, without waiting: told by the order they settle in, not by a stopwatch.
      let probeSettled = false;
      const probe = s.hit("k", 5, 60_000, Date.now()).finally(() => {
        probeSettled = true;
      });
      for (let i = 0; i < 20; i++) expect(await s.hit("k", 5, 60_000, Date.now())).toBeNull();
      expect(probeSettled).toBe(false);
      expect(await probe).toBeNull();
      expect(lines.filter((l) => l.level === "error")).toHaveLength(1);
    },
    20_000,
  );

  redisIt(
    "refuses requests with 503 during an outage when failClosed",
    async () => {
      const proxy = await tcpProxy(hostOf(REDIS_URL));
      proxies.push(proxy);
      const { logger, lines } = recordingLogger();
      const s = store({ url: `redis://127.0.0.1:${proxy.port}`, logger, failClosed: true, timeoutMs: 200 });
      const throttle = userRateThrottle("100/min", { store: s });
      const subject = {
        request: fakeRequest("GET", "/", { origin: "http://x" }),
        ip: "127.0.0.1",
        user: undefined,
        userId: undefined,
      };
      expect(await checkThrottles([throttle], subject)).toMatchObject({
        "RateLimit-Limit": "100",
        "RateLimit-Remaining": "99",
      });
      proxy.set("down");
      for (let i = 0; i < 5; i++) {
        const error = await checkThrottles([throttle], subject).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ThrottleUnavailable);
        expect((error as ThrottleUnavailable).status).toBe(503);
        expect((error as ThrottleUnavailable).headers["Retry-After"]).toBe("5");
      }
      expect(lines).toHaveLength(1);
      expect(lines[0]!.message).toMatch(/requests that are throttled are refused with 503/);
      proxy.set("up");
      await until(
        async () =>
          await checkThrottles([throttle], subject).then(
            () => true,
            () => false,
          ),
        "throttles are checked again",
        RECONNECT_WAIT,
      );
      expect(lines.map((l) => l.level)).toEqual(["error", "info"]);
    },
    20_000,
  );

  redisIt("works with a client the app passes in, and leaves it open", async () => {
    const client = new Redis(REDIS_URL);
    const s = new RedisThrottleStore({ client, prefix: uniquePrefix() });
    const other = new RedisThrottleStore({ client, prefix: s.prefix });
    expect(await s.hit("k", 1, 60_000, 0)).toMatchObject({ allowed: true });
    expect(await other.hit("k", 1, 60_000, 0)).toMatchObject({ allowed: false });
    await s.close();
    expect(client.status).toBe("ready");
    client.disconnect();
  });
});

function hostOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || "127.0.0.1", port: Number(parsed.port || 6379) };
}
