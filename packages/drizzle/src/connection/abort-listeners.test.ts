import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { onAbort } from "./abort-listeners.js";

describe("onAbort", () => {
  it("puts one listener on the signal for any number of waiters, and calls only those still waiting", () => {
    const controller = new AbortController();
    const called: number[] = [];
    const stops = Array.from({ length: 20 }, (_, i) => onAbort(controller.signal, () => called.push(i)));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    for (const stop of stops.slice(0, 10)) stop();
    controller.abort();
    expect(called).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});
