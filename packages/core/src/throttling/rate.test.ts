import { describe, expect, it } from "vitest";
import { parseRate } from "./rate.js";

describe("parseRate", () => {
  it.each([
    ["5/s", 5, 1],
    ["5/sec", 5, 1],
    ["5/secs", 5, 1],
    ["5/second", 5, 1],
    ["5/seconds", 5, 1],
    ["100/m", 100, 60],
    ["100/min", 100, 60],
    ["100/mins", 100, 60],
    ["100/minute", 100, 60],
    ["100/minutes", 100, 60],
    ["1000/h", 1000, 3600],
    ["1000/hour", 1000, 3600],
    ["1000/hours", 1000, 3600],
    ["1/d", 1, 86_400],
    ["1/day", 1, 86_400],
    ["1/days", 1, 86_400],
  ])("%s is %i per %i s", (text, count, seconds) => {
    expect(parseRate(text)).toEqual({ count, seconds });
  });

  it("takes a multiplier before the unit", () => {
    expect(parseRate("10/5m")).toEqual({ count: 10, seconds: 300 });
    expect(parseRate("10/5min")).toEqual({ count: 10, seconds: 300 });
    expect(parseRate("3/30s")).toEqual({ count: 3, seconds: 30 });
    expect(parseRate("20/2days")).toEqual({ count: 20, seconds: 172_800 });
  });

  it.each([
    "100/fortnight",
    "100/month",
    "100/y",
    "100/",
    "/min",
    "100",
    "",
    "0/min",
    "-1/min",
    "1.5/min",
    "1e3/min",
    "+5/min",
    "05/min",
    "5/0min",
    "100 / min",
    " 100/min",
    "100/min ",
    "100/MIN",
    "100/Min",
    "100/min/extra",
    "100//min",
    "100/constructor",
    "100/__proto__",
    "100/tostring",
    "99999999999999999999/min",
  ])("rejects %j with a TypeError naming the text", (text) => {
    expect(() => parseRate(text)).toThrow(TypeError);
    expect(() => parseRate(text)).toThrow(`invalid throttle rate ${JSON.stringify(text)}`);
  });

  it("says what it expected", () => {
    expect(() => parseRate("100/fortnight")).toThrow(
      /invalid throttle rate "100\/fortnight": unknown unit "fortnight"; expected <count>\/<unit> such as "100\/min"/,
    );
  });

  it("rejects values that are not strings", () => {
    expect(() => parseRate(100 as unknown as string)).toThrow(TypeError);
    expect(() => parseRate(undefined as unknown as string)).toThrow(/invalid throttle rate undefined: not a string/);
  });

  it("cuts a very long text in its message", () => {
    const text = `1/${"x".repeat(10_000)}`;
    let message = "";
    try {
      parseRate(text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.length).toBeLessThan(600);
  });
});
