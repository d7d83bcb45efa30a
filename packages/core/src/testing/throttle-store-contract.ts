/** The rules every throttle store keeps (`ThrottleStore.hit`), as one suite each store runs: the memory store, Redis. */
import { describe, expect } from "vitest";
import type { ThrottleStore } from "../throttling/store.js";
import { casesOf, type Skippable } from "./skips.js";

export interface ThrottleStoreContractOptions extends Skippable {
  readonly name: string;
  /** A new store with no buckets that counts by the `now` each hit passes (the caller's clock). */
  create(): ThrottleStore;
  /** Why the whole suite cannot run here (its server is unreachable outside CI), if so. */
  readonly unavailable?: string;
}

const MINUTE = 60_000;
// A real epoch time: a store may keep the timestamps as they are (Redis scores).
const T = 1_700_000_000_000;

/** Runs the store contract: the sliding-window log, exact at its edges, atomic under concurrency. */
export function runThrottleStoreContract(options: ThrottleStoreContractOptions): void {
  const unavailable = options.unavailable;
  describe.skipIf(unavailable !== undefined)(
    `throttle store contract: ${options.name}${unavailable ? ` (skipped: ${unavailable})` : ""}`,
    () => {
      const it = casesOf(options);
      const test = (name: string, run: (store: ThrottleStore) => Promise<void>) =>
        it(name, () => run(options.create()));

      test("answers count, retry and reset for one bucket", async (store) => {
        expect(await store.hit("k", 2, MINUTE, T)).toEqual({
          allowed: true,
          count: 1,
          retryAfterMs: 0,
          resetMs: MINUTE,
        });
        expect(await store.hit("k", 2, MINUTE, T + 1000)).toEqual({
          allowed: true,
          count: 2,
          retryAfterMs: 0,
          resetMs: MINUTE,
        });
        expect(await store.hit("k", 2, MINUTE, T + 2000)).toEqual({
          allowed: false,
          count: 2,
          retryAfterMs: 58_000,
          resetMs: 59_000,
        });
      });

      test("lets a request in the moment its oldest counted one leaves the window, not before", async (store) => {
        for (const t of [0, 10_000, 20_000]) await store.hit("k", 3, MINUTE, T + t);
        expect(await store.hit("k", 3, MINUTE, T + 59_999)).toMatchObject({ allowed: false, retryAfterMs: 1 });
        expect(await store.hit("k", 3, MINUTE, T + 60_000)).toMatchObject({ allowed: true, count: 3 });
        expect(await store.hit("k", 3, MINUTE, T + 60_001)).toMatchObject({ allowed: false, retryAfterMs: 9_999 });
      });

      test("never lets 2N through across a clock minute's boundary", async (store) => {
        const before = T + 39_000; // 1 s before a clock minute ends
        for (let i = 0; i < 10; i++) expect((await store.hit("k", 10, MINUTE, before))?.allowed).toBe(true);
        for (let i = 0; i < 10; i++) expect((await store.hit("k", 10, MINUTE, before + 2000))?.allowed).toBe(false);
      });

      test("does not count refused requests: a client retrying while refused gets in on time", async (store) => {
        await store.hit("k", 1, MINUTE, T);
        for (let t = 1; t <= 50; t++) expect((await store.hit("k", 1, MINUTE, T + t * 1000))?.allowed).toBe(false);
        expect(await store.hit("k", 1, MINUTE, T + MINUTE)).toMatchObject({ allowed: true, count: 1 });
      });

      test("waits for the right request when a bucket holds more than the limit", async (store) => {
        // Two throttles with different limits sharing one key must both stay exact.
        for (const t of [0, 1000, 2000, 3000]) await store.hit("k", 4, MINUTE, T + t);
        // With a limit of 2, the 4 counted must fall to 1: the third oldest (t=2000) must leave.
        expect(await store.hit("k", 2, MINUTE, T + 5000)).toMatchObject({
          allowed: false,
          count: 4,
          retryAfterMs: 57_000,
        });
      });

      test("stays exact when the clock steps backwards", async (store) => {
        await store.hit("k", 3, MINUTE, T + 10_000);
        await store.hit("k", 3, MINUTE, T + 5_000); // NTP stepped the clock back
        await store.hit("k", 3, MINUTE, T + 20_000);
        expect(await store.hit("k", 3, MINUTE, T + 21_000)).toMatchObject({ allowed: false, retryAfterMs: 44_000 });
        expect(await store.hit("k", 3, MINUTE, T + 65_000)).toMatchObject({ allowed: true, count: 3 });
      });

      test("keeps buckets apart, by key and by window", async (store) => {
        expect(await store.hit("a", 1, MINUTE, T)).toMatchObject({ allowed: true });
        expect(await store.hit("b", 1, MINUTE, T)).toMatchObject({ allowed: true });
        expect(await store.hit("a", 1, MINUTE, T + 1)).toMatchObject({ allowed: false });
        expect(await store.hit("s", 1, 1000, T)).toMatchObject({ allowed: true, resetMs: 1000 });
        expect(await store.hit("s", 1, 1000, T + 1000)).toMatchObject({ allowed: true });
      });

      test("lets exactly N of many concurrent hits through", async (store) => {
        const answers = await Promise.all(Array.from({ length: 100 }, () => store.hit("k", 10, MINUTE, T)));
        expect(answers.filter((answer) => answer?.allowed)).toHaveLength(10);
        expect(answers.filter((answer) => answer?.allowed === false)).toHaveLength(90);
      });
    },
  );
}
