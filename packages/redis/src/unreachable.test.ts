import { createServer } from "node:net";
import { ThrottleUnavailable } from "@viewsets/core/throttling";
import { describe, expect, it } from "vitest";
import { RedisThrottleStore, type ThrottleStoreLogger } from "./redis-store.js";

// No Redis needed: the store points at a port where nothing listens.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 1;
}

function recordingLogger() {
  const lines: string[] = [];
  const logger: ThrottleStoreLogger = {
    error: (m) => lines.push(`error: ${m}`),
    info: (m) => lines.push(`info: ${m}`),
  };
  return { logger, lines };
}

describe("RedisThrottleStore with Redis unreachable", () => {
  it("serves requests (fails open) and logs once, without waiting on every request", async () => {
    const { logger, lines } = recordingLogger();
    const store = new RedisThrottleStore({ url: `redis://127.0.0.1:${await closedPort()}`, logger, timeoutMs: 300 });
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push(await store.hit("k", 1, 60_000, Date.now()));
    expect(answers).toEqual(Array.from({ length: 100 }, () => null));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: @viewsets\/redis: Redis is unreachable/);
    expect(store.available).toBe(false);
    await store.close();
  });

  it("refuses requests with ThrottleUnavailable (503) when failClosed", async () => {
    const { logger, lines } = recordingLogger();
    const store = new RedisThrottleStore({
      url: `redis://127.0.0.1:${await closedPort()}`,
      logger,
      failClosed: true,
      timeoutMs: 300,
    });
    for (let i = 0; i < 3; i++)
      await expect(store.hit("k", 1, 60_000, Date.now())).rejects.toBeInstanceOf(ThrottleUnavailable);
    expect(lines).toHaveLength(1);
    await store.close();
  });

  it("needs a client or a url", () => {
    expect(() => new RedisThrottleStore({})).toThrow(/client.*url/);
  });
});
