import { describe, expect, it } from "vitest";
import { parseId, parseInt64 } from "./coerce.js";

describe("parseInt64", () => {
  it("reads short integers as numbers, with a sign or leading zeros, and -0 as 0", () => {
    expect(parseInt64("42")).toBe(42);
    expect(parseInt64("+5")).toBe(5);
    expect(parseInt64("007")).toBe(7);
    expect(Object.is(parseInt64("-0"), 0)).toBe(true);
    expect(parseInt64("-12")).toBe(-12);
    expect(parseInt64("999999999999999")).toBe(999_999_999_999_999);
    expect(parseInt64("-99999999999999")).toBe(-99_999_999_999_999);
  });

  it("reads longer ones exactly: a number up to 2^53, a bigint past it, null outside int64", () => {
    expect(parseInt64("-999999999999999")).toBe(-999_999_999_999_999);
    expect(parseInt64("9007199254740991")).toBe(9007199254740991);
    expect(parseInt64("9007199254740993")).toBe(9007199254740993n);
    expect(parseInt64("0000000000000000042")).toBe(42);
    expect(parseInt64("9223372036854775807")).toBe(9223372036854775807n);
    expect(parseInt64("-9223372036854775808")).toBe(-9223372036854775808n);
    expect(parseInt64("9223372036854775808")).toBeNull();
  });

  it("reads nothing that is not an integer", () => {
    for (const bad of ["", " 1", "1 ", "1.0", "1e3", "0x1f", "abc", "--1", "+-1", "\u0665", "1".repeat(21)]) {
      expect(parseInt64(bad), bad).toBeNull();
    }
  });
});

describe("parseId", () => {
  it("reads int64 ids, a bigint past 2^53, and nothing else", () => {
    expect(parseId("42")).toBe(42);
    expect(parseId("0")).toBe(0);
    expect(parseId("-3")).toBe(-3);
    expect(parseId("9007199254740991")).toBe(9007199254740991);
    expect(parseId("9007199254740993")).toBe(9007199254740993n);
    expect(parseId("9223372036854775807")).toBe(9223372036854775807n);
    expect(parseId("-9223372036854775808")).toBe(-9223372036854775808n);
    for (const bad of [
      "9223372036854775808",
      "-9223372036854775809",
      "1.0",
      "1e3",
      "0x1f",
      "",
      " 1",
      "abc",
      "1".repeat(30),
      "+5",
      "007",
      "05",
      "-05",
      "-0",
      "5.0",
      "5 ",
      "\u0665", // an Arabic-Indic five
    ]) {
      expect(parseId(bad), bad).toBeNull();
    }
  });
});
