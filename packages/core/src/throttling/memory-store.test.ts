import { describe, expect, it } from "vitest";
import { runThrottleStoreContract } from "../testing/throttle-store-contract.js";
import { MemoryThrottleStore } from "./memory-store.js";

runThrottleStoreContract({ name: "MemoryThrottleStore", create: () => new MemoryThrottleStore() });

const MINUTE = 60_000;

describe("MemoryThrottleStore: its bounds", () => {
  it("keeps at most maxKeys buckets under a flood of distinct keys", () => {
    // (About 1 s on a laptop; no time bound here, as a shared CI machine makes any one flaky.)
    const store = new MemoryThrottleStore({ maxKeys: 10_000 });
    for (let i = 0; i < 300_000; i++) store.hit(`ip:${i}`, 100, MINUTE, i);
    expect(store.size).toBe(10_000);
    expect(store.entries).toBe(10_000);
  });

  it("keeps at most maxEntries timestamps over all buckets", () => {
    const store = new MemoryThrottleStore({ maxEntries: 1000 });
    for (let i = 0; i < 100; i++) for (let j = 0; j < 100; j++) store.hit(`client:${i}`, 1000, MINUTE, i * 100 + j);
    expect(store.entries).toBeLessThanOrEqual(1000);
    expect(store.size).toBeLessThanOrEqual(10);
  });

  it("evicts the least recently used bucket, not a busy one", () => {
    const store = new MemoryThrottleStore({ maxKeys: 3 });
    store.hit("busy", 5, MINUTE, 0);
    store.hit("a", 5, MINUTE, 1);
    store.hit("b", 5, MINUTE, 2);
    store.hit("busy", 5, MINUTE, 3); // used again: now the most recent
    store.hit("c", 5, MINUTE, 4); // evicts "a"
    expect(store.size).toBe(3);
    expect(store.hit("busy", 5, MINUTE, 5).count).toBe(3); // kept its count
    expect(store.hit("a", 5, MINUTE, 6).count).toBe(1); // forgotten, starts afresh
  });

  it("never frees a client it is refusing, whatever the flood of one-off addresses", () => {
    const store = new MemoryThrottleStore();
    for (let t = 0; t < 6; t++) store.hit("ip:refused", 5, MINUTE, t);
    for (let i = 0; i < 100_000; i++) store.hit(`ip:one-off:${i}`, 100, MINUTE, 10 + i / 100);
    expect(store.size).toBe(store.maxKeys);
    expect(store.hit("ip:refused", 5, MINUTE, 2000)).toMatchObject({ allowed: false, count: 5 });
    // Its window passes: then it is let in again, as ever.
    expect(store.hit("ip:refused", 5, MINUTE, MINUTE + 1)).toMatchObject({ allowed: true });
  });

  it("keeps refusing clients even when the flood itself is limited (a limit of one)", () => {
    const store = new MemoryThrottleStore({ maxKeys: 100 });
    for (let t = 0; t < 3; t++) store.hit("refused", 2, MINUTE, t);
    for (let i = 0; i < 10_000; i++) store.hit(`one-off:${i}`, 1, MINUTE, 10 + i);
    expect(store.size).toBeLessThanOrEqual(100);
    expect(store.hit("refused", 2, MINUTE, 20_000).allowed).toBe(false);
  });

  it("makes room with expired buckets before live ones, whatever their recency", () => {
    const store = new MemoryThrottleStore({ maxKeys: 3 });
    store.hit("daily", 1000, 86_400_000, 0); // least recently used, but live all day
    store.hit("burst", 10, 1000, 1); // expires at 1001
    store.hit("other", 1000, 86_400_000, 2);
    store.hit("new", 1000, 86_400_000, 5000);
    expect(store.size).toBe(3);
    expect(store.hit("daily", 1000, 86_400_000, 5001).count).toBe(2);
  });

  it("makes room with a bucket that limits nobody before one that refuses its client", () => {
    const store = new MemoryThrottleStore({ maxKeys: 3 });
    store.hit("limited", 1, MINUTE, 0);
    expect(store.hit("limited", 1, MINUTE, 1).allowed).toBe(false);
    store.hit("open", 10, MINUTE, 2);
    store.hit("other", 10, MINUTE, 3);
    store.hit("x", 10, MINUTE, 4); // full: "open" goes, although "limited" was used less recently
    expect(store.size).toBe(3);
    expect(store.hit("limited", 1, MINUTE, 6).allowed).toBe(false);
    expect(store.hit("other", 10, MINUTE, 7).count).toBe(2);
  });

  it("drops expired buckets as traffic goes on, without reaching the bounds", () => {
    const store = new MemoryThrottleStore();
    for (let i = 0; i < 1000; i++) store.hit(`old:${i}`, 10, 1000, 0);
    expect(store.size).toBe(1000);
    for (let i = 0; i < 600; i++) store.hit("live", 10_000, 1000, 5000 + i);
    // Each hit drops up to two expired buckets from the cold end: 500 hits clear the thousand.
    expect(store.size).toBe(1);
    expect(store.entries).toBe(600);
  });

  it("forgets old timestamps so a long-lived bucket does not grow", () => {
    const store = new MemoryThrottleStore();
    for (let t = 0; t < 100_000; t += 10) store.hit("steady", 10, 1000, t);
    expect(store.entries).toBeLessThanOrEqual(10);
  });

  it("clear() empties it", () => {
    const store = new MemoryThrottleStore();
    store.hit("k", 1, MINUTE, 0);
    store.clear();
    expect([store.size, store.entries]).toEqual([0, 0]);
    expect(store.hit("k", 1, MINUTE, 0).allowed).toBe(true);
  });

  it("rejects bounds that are not positive integers", () => {
    expect(() => new MemoryThrottleStore({ maxKeys: 0 })).toThrow(/maxKeys/);
    expect(() => new MemoryThrottleStore({ maxEntries: 1.5 })).toThrow(/maxEntries/);
  });
});
