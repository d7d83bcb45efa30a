/** The throttle section: the list with a throttle on the memory or Redis store against none, and one check's cost in-process. */
import { Socket } from "node:net";
import type { ApiRequest } from "@viewsets/core";
import {
  MemoryThrottleStore,
  type ThrottleStore,
  checkThrottles,
  ipRateThrottle,
  userRateThrottle,
} from "@viewsets/core/throttling";
import { RedisThrottleStore } from "@viewsets/redis";
import { BENCH_TOKEN, THROTTLE_RATE, type ServerConfig, type ThrottleVariant } from "../config.js";
import type { Load } from "../load.js";
import type { Bench } from "./bench.js";
import { rounds } from "../measure.js";
import type { CheckCost } from "../results.js";
import { SCENARIOS } from "../scenarios.js";

/** Whether Redis answers a PING at 127.0.0.1:6379 within half a second. */
export function redisAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.connect(6379, "127.0.0.1", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

/**
 * What one check costs, measured in this process without HTTP around it: the HTTP rows cannot
 * resolve a few microseconds on a route that takes hundreds. Checks run one after another, so
 * a Redis check is one loopback round trip.
 */
async function checkCost(variant: ThrottleVariant): Promise<CheckCost> {
  const store: ThrottleStore & { close?(): Promise<void> } = variant.endsWith("redis")
    ? new RedisThrottleStore({ url: "redis://127.0.0.1:6379", prefix: `viewsets:bench:${process.pid}:check:` })
    : new MemoryThrottleStore();
  const throttle = variant.startsWith("ip")
    ? ipRateThrottle(THROTTLE_RATE, { store })
    : userRateThrottle(THROTTLE_RATE, { store });
  const request = {
    method: "GET",
    path: "/",
    rawQuery: "",
    headers: {},
    origin: "",
    remoteAddress: "127.0.0.1",
    body: { kind: "none" },
  } as ApiRequest;
  const subject = { request, ip: "127.0.0.1", user: { id: 1 }, userId: "1" };
  const count = variant.endsWith("redis") ? 5_000 : 50_000;
  for (let i = 0; i < 1_000; i++) await checkThrottles([throttle], subject);
  let begin = performance.now();
  for (let i = 0; i < count; i++) await checkThrottles([throttle], subject);
  const sequential = ((performance.now() - begin) * 1000) / count;
  // 32 checks in flight, as under load: for Redis, round trips overlap and what is left is
  // the client's work (and Redis's, on the other CPU).
  begin = performance.now();
  for (let i = 0; i < count; i += 32) {
    await Promise.all(Array.from({ length: 32 }, () => checkThrottles([throttle], subject)));
  }
  const overlapped = ((performance.now() - begin) * 1000) / count;
  await store.close?.();
  return { variant, sequential, overlapped };
}

export async function throttles({ settings, base, results }: Bench): Promise<void> {
  // Over HTTP one throttle per store (the four differ by microseconds, far below what HTTP
  // rows resolve); in-process, every throttle on every store.
  const redis = await redisAvailable();
  if (!redis) results.notes.push("Redis was not reachable at 127.0.0.1:6379: the Redis store rows were skipped.");
  const variants: ThrottleVariant[] = redis ? ["none", "ip-memory", "ip-redis"] : ["none", "ip-memory"];
  const checked: ThrottleVariant[] = redis
    ? ["ip-memory", "user-memory", "ip-redis", "user-redis"]
    : ["ip-memory", "user-memory"];
  // Every variant signs the request in (bearer token), so userRateThrottle counts per user id
  // and the baseline pays for authentication too: the ratio is the throttle's alone.
  const load: Load = { ...SCENARIOS.list, headers: { authorization: `Bearer ${BENCH_TOKEN}` } };
  const samples = await rounds(
    settings,
    variants.map((throttle) => ({
      label: throttle,
      loads: [load],
      config: (): ServerConfig => ({
        framework: "express",
        implementation: "viewset",
        database: base,
        readonly: true,
        throttle,
        auth: true,
        redisPrefix: `viewsets:bench:${process.pid}:`,
      }),
    })),
  );
  for (let i = 1; i < variants.length; i++) {
    results.row(
      "throttle",
      "express",
      `list with ${variants[i]} throttle`,
      [variants[i]!, "no throttle"],
      samples[i]![0]!,
      samples[0]![0]!,
    );
  }
  for (const variant of checked) results.checkCosts.push(await checkCost(variant));
}
