import { describe, expect, it } from "vitest";
import { ThrottleUnavailable } from "./errors.js";
import { MemoryThrottleStore } from "./memory-store.js";
import { withOutagePolicy } from "./outage-policy.js";
import type { ThrottleStore } from "./store.js";

/** A store whose backend the test switches off: down, it fails open (null) or closed (throws). */
function switchable(failClosed: boolean) {
  const backend = new MemoryThrottleStore();
  const state = { up: true };
  const store: ThrottleStore = {
    hit(key, limit, windowMs, now) {
      if (state.up) return backend.hit(key, limit, windowMs, now);
      if (failClosed) throw new ThrottleUnavailable();
      return null;
    },
  };
  return { store, state };
}

function recording() {
  const lines: string[] = [];
  return {
    lines,
    logger: { error: (m: string) => lines.push(`error: ${m}`), info: (m: string) => lines.push(`info: ${m}`) },
  };
}

describe("withOutagePolicy", () => {
  it.each([false, true])(
    "local-limit over a store (failClosed: %s) counts in memory while it is down",
    async (failClosed) => {
      const { store, state } = switchable(failClosed);
      const { lines, logger } = recording();
      const guarded = withOutagePolicy(store, { whenDown: "local-limit", name: "sign-in", logger });
      expect((await guarded.hit("k", 2, 60_000, 1))?.allowed).toBe(true);
      state.up = false;
      const down = [];
      for (let i = 0; i < 3; i++) down.push((await guarded.hit("k", 2, 60_000, 2 + i))?.allowed);
      expect(down).toEqual([true, true, false]);
      state.up = true;
      // The store's own count again: one request before the outage, so one more is allowed, then none.
      expect((await guarded.hit("k", 2, 60_000, 10))?.allowed).toBe(true);
      expect((await guarded.hit("k", 2, 60_000, 11))?.allowed).toBe(false);
      expect(lines).toEqual([
        "error: viewsets sign-in: the throttle store cannot count; attempts are counted in this process only (a local limit) until it answers.",
        "info: viewsets sign-in: the throttle store answers again; its limits apply again.",
      ]);
    },
  );

  it("fail-closed refuses with ThrottleUnavailable while a fail-open store cannot decide, logged once", async () => {
    const { store, state } = switchable(false);
    const { lines, logger } = recording();
    const guarded = withOutagePolicy(store, { whenDown: "fail-closed", name: "sign-in", logger });
    state.up = false;
    for (let i = 0; i < 3; i++)
      await expect(guarded.hit("k", 5, 60_000, i)).rejects.toBeInstanceOf(ThrottleUnavailable);
    expect(lines).toHaveLength(1);
  });

  it("passes any other error of the store on", async () => {
    const broken: ThrottleStore = {
      hit() {
        throw new TypeError("bug");
      },
    };
    const guarded = withOutagePolicy(broken, { whenDown: "local-limit", name: "sign-in", logger: recording().logger });
    await expect(guarded.hit("k", 5, 60_000, 0)).rejects.toThrow(TypeError);
  });
});
