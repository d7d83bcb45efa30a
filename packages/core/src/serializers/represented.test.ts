import { describe, expect, it } from "vitest";
import { isoText } from "./represented.js";

describe("isoText", () => {
  it("is toJSON's text at the edges of four-digit years, past them, and for invalid dates", () => {
    const edges = [
      Date.parse("0000-01-01T00:00:00.000Z"),
      Date.parse("0000-01-01T00:00:00.000Z") - 1,
      Date.parse("+010000-01-01T00:00:00.000Z"),
      Date.parse("+010000-01-01T00:00:00.000Z") - 1,
      Date.parse("2024-02-29T23:59:59.999Z"),
      0,
      -1,
      8.64e15,
      -8.64e15,
      Number.NaN,
    ];
    for (const ms of edges) expect(isoText(new Date(ms))).toBe(new Date(ms).toJSON());
  });

  it("is toJSON's text for dates across the years 1 BC to 10,000 (a sample of 20,000)", () => {
    const low = Date.parse("-000001-01-01T00:00:00.000Z");
    const high = Date.parse("+010001-01-01T00:00:00.000Z");
    // A fixed linear congruential sequence: the same dates on every run.
    let seed = 12345;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const date = new Date(low + Math.floor((seed / 2147483648) * (high - low)));
      expect(isoText(date)).toBe(date.toJSON());
    }
  });

  it("is toJSON's text for times of one day and of the days either side, in any order", () => {
    const day = 86_400_000;
    const times: number[] = [];
    for (const start of [Date.parse("1999-12-31T00:00:00.000Z"), Date.parse("2024-02-28T00:00:00.000Z"), 0, -day]) {
      for (const offset of [0, 1, 999, 1000, 59_999, 60_000, 3_599_999, 43_200_000, day - 1, day, 2 * day - 1]) {
        times.push(start + offset, start - offset);
      }
    }
    // Forwards, backwards and interleaved: a day's text kept from the time before is never another day's.
    for (const ms of [...times, ...[...times].reverse()]) expect(isoText(new Date(ms))).toBe(new Date(ms).toJSON());
  });
});
