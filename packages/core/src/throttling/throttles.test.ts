import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import { Throttled } from "../http/errors.js";
import { checkThrottles } from "./check.js";
import { userIdOf } from "./client-ip.js";
import { MemoryThrottleStore, defaultThrottleStore } from "./memory-store.js";
import type { ThrottleStore } from "./store.js";
import type { ThrottleDecision, ThrottleSubject } from "./throttle.js";
import { anonRateThrottle, ipRateThrottle, rateThrottle, scopedRateThrottle, userRateThrottle } from "./throttles.js";

const T0 = 1_700_000_000_000;

/** A clock the test moves by hand, in milliseconds from T0. */
function manualClock() {
  let time = T0;
  return { now: () => time, at: (ms: number) => void (time = T0 + ms) };
}

function subject(options: { ip?: string; user?: unknown } = {}): ThrottleSubject {
  const ip = options.ip ?? "203.0.113.7";
  const request = fakeRequest("GET", "/api/things/", {
    origin: "http://localhost",
    remoteAddress: ip,
    user: options.user,
  });
  return { request, ip, user: options.user, userId: userIdOf(options.user) };
}

async function decide(throttle: { allow(s: ThrottleSubject): unknown }, s = subject()): Promise<ThrottleDecision> {
  const decision = (await throttle.allow(s)) as ThrottleDecision | null;
  if (!decision) throw new Error("the throttle did not apply");
  return decision;
}

function setup(rate = "3/min") {
  const clock = manualClock();
  const store = new MemoryThrottleStore();
  return { clock, store, throttle: ipRateThrottle(rate, { store, now: clock.now }) };
}

describe("the sliding window", () => {
  it("lets exactly N through in a window and refuses the N+1th", async () => {
    const { clock, throttle } = setup("3/min");
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(await decide(throttle));
    expect(seen.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    expect(seen.map((d) => [d.limit, d.retryAfter, d.reset])).toEqual([
      [3, 0, 60],
      [3, 0, 60],
      [3, 0, 60],
    ]);
    const fourth = await decide(throttle);
    expect(fourth).toEqual({ allowed: false, limit: 3, remaining: 0, reset: 60, retryAfter: 60 });
    clock.at(59_999);
    expect(await decide(throttle)).toMatchObject({ allowed: false, retryAfter: 1, reset: 1 });
    clock.at(60_000); // the first three leave the window exactly now
    expect(await decide(throttle)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("gives Retry-After in whole seconds, rounded up, from the oldest counted request", async () => {
    const { clock, throttle } = setup("3/min");
    for (const t of [0, 10_000, 20_000]) {
      clock.at(t);
      expect((await decide(throttle)).allowed).toBe(true);
    }
    clock.at(30_000);
    expect(await decide(throttle)).toMatchObject({ allowed: false, retryAfter: 30, reset: 50 });
    clock.at(30_500);
    expect(await decide(throttle)).toMatchObject({ allowed: false, retryAfter: 30 }); // 29.5 s, rounded up
    clock.at(59_001);
    expect(await decide(throttle)).toMatchObject({ allowed: false, retryAfter: 1 });
    clock.at(60_000); // the request of t=0 left; one slot
    expect(await decide(throttle)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await decide(throttle)).toMatchObject({ allowed: false, retryAfter: 10 }); // next: the one of t=10s
  });

  it("does not count refused requests, so hammering does not extend the wait", async () => {
    const { clock, throttle } = setup("2/s");
    await decide(throttle);
    await decide(throttle);
    for (let t = 0; t < 1000; t += 50) {
      clock.at(t);
      expect((await decide(throttle)).allowed).toBe(false);
    }
    clock.at(1000);
    expect((await decide(throttle)).allowed).toBe(true);
  });

  it("never lets 2N through around a fixed-window boundary", async () => {
    const { clock, throttle } = setup("10/min");
    clock.at(59_000); // the end of one clock minute
    for (let i = 0; i < 10; i++) expect((await decide(throttle)).allowed).toBe(true);
    clock.at(61_000); // the start of the next: a fixed window would allow 10 more here
    for (let i = 0; i < 10; i++) expect((await decide(throttle)).allowed).toBe(false);
    expect((await decide(throttle)).retryAfter).toBe(58);
  });

  it("never allows more than N in any window of traffic", async () => {
    const { clock, throttle } = setup("10/min");
    const allowedAt: number[] = [];
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let t = 0; t < 10 * 60_000; t += Math.floor(random() * 3000)) {
      clock.at(t);
      if ((await decide(throttle)).allowed) allowedAt.push(t);
    }
    for (const start of allowedAt) {
      const inWindow = allowedAt.filter((t) => t >= start && t < start + 60_000).length;
      expect(inWindow).toBeLessThanOrEqual(10);
    }
    // ...and does not starve the client either: about ten per minute got through.
    expect(allowedAt.length).toBeGreaterThanOrEqual(95);
  });

  it("keeps buckets of different clients apart", async () => {
    const { throttle } = setup("1/min");
    expect((await decide(throttle, subject({ ip: "198.51.100.1" }))).allowed).toBe(true);
    expect((await decide(throttle, subject({ ip: "198.51.100.1" }))).allowed).toBe(false);
    expect((await decide(throttle, subject({ ip: "198.51.100.2" }))).allowed).toBe(true);
  });
});

describe("the throttles", () => {
  it("userRateThrottle counts per user id, and per IP when anonymous", async () => {
    const store = new MemoryThrottleStore();
    const throttle = userRateThrottle("1/min", { store });
    const alice = { id: 1, name: "alice" };
    expect((await decide(throttle, subject({ user: alice, ip: "198.51.100.1" }))).allowed).toBe(true);
    // Same user from another IP: same bucket.
    expect((await decide(throttle, subject({ user: alice, ip: "198.51.100.2" }))).allowed).toBe(false);
    // Another user from alice's IP: another bucket.
    expect((await decide(throttle, subject({ user: { id: 2 }, ip: "198.51.100.1" }))).allowed).toBe(true);
    // Anonymous from alice's IP: the IP's bucket, not alice's.
    expect((await decide(throttle, subject({ ip: "198.51.100.1" }))).allowed).toBe(true);
    expect((await decide(throttle, subject({ ip: "198.51.100.1" }))).allowed).toBe(false);
    // A user without any id is counted by IP.
    expect((await decide(throttle, subject({ user: { name: "no id" }, ip: "198.51.100.1" }))).allowed).toBe(false);
  });

  it("a user id that looks like an IP does not share the IP's bucket", async () => {
    const store = new MemoryThrottleStore();
    const throttle = userRateThrottle("1/min", { store });
    expect((await decide(throttle, subject({ ip: "198.51.100.1" }))).allowed).toBe(true);
    expect((await decide(throttle, subject({ user: { username: "198.51.100.1" } }))).allowed).toBe(true);
  });

  it("anonRateThrottle ignores signed-in users and counts anonymous ones per IP", async () => {
    const store = new MemoryThrottleStore();
    const throttle = anonRateThrottle("1/min", { store });
    expect(await throttle.allow(subject({ user: { id: 1 } }))).toBeNull();
    expect((await decide(throttle)).allowed).toBe(true);
    expect((await decide(throttle)).allowed).toBe(false);
    expect(await throttle.allow(subject({ user: { id: 1 } }))).toBeNull();
  });

  it("ipRateThrottle counts every request by IP, signed in or not", async () => {
    const store = new MemoryThrottleStore();
    const throttle = ipRateThrottle("2/min", { store });
    expect((await decide(throttle, subject({ user: { id: 1 } }))).allowed).toBe(true);
    expect((await decide(throttle, subject({ user: { id: 2 } }))).allowed).toBe(true);
    expect((await decide(throttle)).allowed).toBe(false);
  });

  it("counts IPv6 clients per /64, or per address when asked", async () => {
    const store = new MemoryThrottleStore();
    const throttle = ipRateThrottle("1/min", { store });
    expect((await decide(throttle, subject({ ip: "2001:db8:1:2::1" }))).allowed).toBe(true);
    expect((await decide(throttle, subject({ ip: "2001:db8:1:2:abcd::99" }))).allowed).toBe(false);
    expect((await decide(throttle, subject({ ip: "2001:db8:1:3::1" }))).allowed).toBe(true);
    const perAddress = ipRateThrottle("1/min", { store: new MemoryThrottleStore(), ipv6Subnet: 128 });
    expect((await decide(perAddress, subject({ ip: "2001:db8:1:2::1" }))).allowed).toBe(true);
    expect((await decide(perAddress, subject({ ip: "2001:db8:1:2::2" }))).allowed).toBe(true);
  });

  it("scopedRateThrottle shares one bucket between throttles of the same scope", async () => {
    const store = new MemoryThrottleStore();
    const onOrders = scopedRateThrottle("uploads", "2/min", { store });
    const onInvoices = scopedRateThrottle("uploads", "2/min", { store });
    const elsewhere = scopedRateThrottle("exports", "2/min", { store });
    const bob = subject({ user: { id: 7 } });
    expect((await decide(onOrders, bob)).allowed).toBe(true);
    expect((await decide(onInvoices, bob)).allowed).toBe(true);
    expect((await decide(onOrders, bob)).allowed).toBe(false);
    expect((await decide(elsewhere, bob)).allowed).toBe(true);
    expect((await decide(onOrders, subject({ user: { id: 8 } }))).allowed).toBe(true);
    expect(onOrders.scope).toBe("scope:uploads");
  });

  it("userRateThrottles of the same rate share a bucket; other rates or scopes do not", async () => {
    const store = new MemoryThrottleStore();
    const a = userRateThrottle("1/min", { store });
    const b = userRateThrottle("1/min", { store });
    const hourly = userRateThrottle("1/hour", { store });
    const own = userRateThrottle("1/min", { store, scope: "reports" });
    const carol = subject({ user: { id: "carol" } });
    expect((await decide(a, carol)).allowed).toBe(true);
    expect((await decide(b, carol)).allowed).toBe(false);
    expect((await decide(hourly, carol)).allowed).toBe(true);
    expect((await decide(own, carol)).allowed).toBe(true);
  });

  it("exposes its parsed rate and scope", () => {
    const throttle = userRateThrottle("100/min");
    expect(throttle.rate).toEqual({ count: 100, seconds: 60 });
    expect(throttle.scope).toBe("user");
  });

  it("throws when created with an invalid rate or scope", () => {
    expect(() => userRateThrottle("100/fortnight")).toThrow(/invalid throttle rate "100\/fortnight"/);
    expect(() => anonRateThrottle("ten/min")).toThrow(TypeError);
    expect(() => ipRateThrottle("0/s")).toThrow(TypeError);
    expect(() => scopedRateThrottle("uploads", "1/week")).toThrow(TypeError);
    expect(() => scopedRateThrottle("", "1/min")).toThrow(/scope/);
    expect(() => scopedRateThrottle(5 as never, "1/min")).toThrow(/scope/);
    for (const scope of ["", 5, null]) {
      expect(() => rateThrottle({ scope: scope as never, rate: "1/min", identify: () => "k" })).toThrow(/scope/);
    }
  });

  it("uses one shared in-memory store by default", async () => {
    const a = ipRateThrottle("1/min");
    const b = ipRateThrottle("1/min");
    const s = subject({ ip: "192.0.2.200" });
    expect((await decide(a, s)).allowed).toBe(true);
    expect((await decide(b, s)).allowed).toBe(false);
    expect(defaultThrottleStore()).toBe(defaultThrottleStore());
  });

  it("does not apply when the store cannot decide (fails open)", async () => {
    const down: ThrottleStore = { hit: async () => null };
    expect(await userRateThrottle("1/min", { store: down }).allow(subject())).toBeNull();
  });

  it("rateThrottle takes a key of your own", async () => {
    const store = new MemoryThrottleStore();
    const perApiKey = rateThrottle({
      scope: "api-key",
      rate: "1/min",
      store,
      identify: (s) => s.request.headers["x-api-key"] ?? null,
    });
    const withKey = (key: string) => {
      const s = subject();
      return { ...s, request: { ...s.request, headers: { "x-api-key": key } } };
    };
    expect(await perApiKey.allow(subject())).toBeNull();
    expect((await decide(perApiKey, withKey("k1"))).allowed).toBe(true);
    expect((await decide(perApiKey, withKey("k1"))).allowed).toBe(false);
    expect((await decide(perApiKey, withKey("k2"))).allowed).toBe(true);
  });
});

describe("concurrency", () => {
  it("100 parallel checks against a limit of 10 let exactly 10 through", async () => {
    const store = new MemoryThrottleStore();
    const throttle = userRateThrottle("10/min", { store });
    const dave = subject({ user: { id: "dave" } });
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => checkThrottles([throttle], dave)));
    const passed = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected" && o.reason instanceof Throttled);
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(90);
  });

  it("also with a store that answers asynchronously", async () => {
    const memory = new MemoryThrottleStore();
    const slow: ThrottleStore = {
      hit: async (...args) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        return memory.hit(...args);
      },
    };
    const throttle = ipRateThrottle("10/min", { store: slow });
    const results = await Promise.all(Array.from({ length: 100 }, () => decide(throttle)));
    expect(results.filter((d) => d.allowed)).toHaveLength(10);
  });
});
