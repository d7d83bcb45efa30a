import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { coerceValue } from "../query/coerce.js";
import { DECIMAL_PATTERN, decimalLimitProblem, decimalPattern, quantizedDecimal } from "./decimal.js";
import { fieldSchema } from "./fields.js";

describe("decimal text: one rule for bodies, filters and the document", () => {
  const body = fieldSchema({ type: "decimal" });
  const accepted = ["1", "1.", "1.5", ".5", "-2.25", "+3", "0012.500"];
  const rejected = ["", ".", "1e3", "1,5", "NaN", "Infinity", "1.2.3", "--1"];

  it.each(accepted)("accepts %j in a body and in a filter", (text) => {
    expect(v.safeParse(body, text).success).toBe(true);
    expect(coerceValue({ type: "decimal" }, text)).toBe(text);
  });

  it.each(rejected)("rejects %j in a body and in a filter", (text) => {
    expect(v.safeParse(body, text).success).toBe(false);
    expect(() => coerceValue({ type: "decimal" }, text)).toThrow();
  });

  it("is the pattern the OpenAPI document publishes", () => {
    expect(new RegExp(DECIMAL_PATTERN.source).test("1.")).toBe(true);
  });
});

describe("max_digits and decimal_places, as DRF counts them", () => {
  const money = { maxDigits: 10, decimalPlaces: 2 };
  const body = fieldSchema({ type: "decimal", ...money });

  it("accepts what fits, leading zeros and trailing fraction zeros not counted", () => {
    for (const text of ["12345678.91", "-12345678.91", "0.01", "00012.5", "1.5000", "0", ".5", "12345678"]) {
      expect(decimalLimitProblem(text, money), text).toBeNull();
      expect(v.safeParse(body, text).success, text).toBe(true);
    }
  });

  it("answers DRF's messages for what would overflow or be rounded", () => {
    expect(decimalLimitProblem("12345678901", money)).toBe("Ensure that there are no more than 10 digits in total.");
    expect(decimalLimitProblem("1.005", money)).toBe("Ensure that there are no more than 2 decimal places.");
    expect(decimalLimitProblem("123456789", money)).toBe(
      "Ensure that there are no more than 8 digits before the decimal point.",
    );
    expect(decimalLimitProblem("0.0000000001", { maxDigits: 5 })).toBe(
      "Ensure that there are no more than 5 digits in total.",
    );
    expect(v.safeParse(body, "1.005").success).toBe(false);
    expect(v.safeParse(body, 1e300).success).toBe(false);
  });

  it("applies the same rule to filter values", () => {
    expect(() => coerceValue({ type: "decimal", ...money }, "1.005")).toThrow(/decimal places/);
    expect(coerceValue({ type: "decimal", ...money }, "1.50")).toBe("1.50");
  });

  it("leaves a field without limits unbounded", () => {
    expect(decimalLimitProblem("1".repeat(70), {})).toBeNull();
  });
});

describe("the pattern the document publishes for a field's limits", () => {
  // Every text of up to 6 characters over these, and longer ones built from them: signs, points,
  // leading and trailing zeros, and texts that are not decimals at all.
  const alphabet = ["0", "1", "9", ".", "-"];
  const texts: string[] = [""];
  for (let length = 1, level = [""]; length <= 6; length++) {
    level = level.flatMap((prefix) => alphabet.map((char) => prefix + char));
    texts.push(...level);
  }
  texts.push("00012.500", "+.5", "1234567890.1200", "0.0000000001", "99999999999", "1.50000000000000000");
  texts.push("123456789012345", "1234567890123456", "1.23456789012345", "1.234567890123456", "-0.000000000000001");
  const limitsCases = [
    { maxDigits: 3 },
    { maxDigits: 0 },
    { maxDigits: 15 },
    { decimalPlaces: 2 },
    { decimalPlaces: 0 },
    { maxDigits: 3, decimalPlaces: 1 },
    { maxDigits: 2, decimalPlaces: 2 },
    { maxDigits: 4, decimalPlaces: 0 },
    { maxDigits: 10, decimalPlaces: 2 },
    { maxDigits: 1, decimalPlaces: 3 },
    {},
  ];

  it.each(limitsCases)("matches exactly the texts the server accepts under %j", (limits) => {
    // As a client's validator reads it: ECMAScript, with the u flag (ajv's default).
    const pattern = new RegExp(decimalPattern(limits), "u");
    const differ = texts.filter(
      (text) => pattern.test(text) !== (DECIMAL_PATTERN.test(text) && decimalLimitProblem(text, limits) === null),
    );
    expect(differ).toEqual([]);
    // Not vacuous: some texts are accepted and some refused, unless the limits refuse every value.
    const accepted = texts.filter((text) => pattern.test(text)).length;
    const refusesAll = (limits.decimalPlaces ?? 0) > (limits.maxDigits ?? Number.POSITIVE_INFINITY);
    if (refusesAll) expect(accepted).toBe(0);
    else expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(texts.length);
  });
});

describe("quantizedDecimal: a decimal shown with its field's places, as DRF's DecimalField shows it", () => {
  it.each([
    ["416.9", 2, "416.90"],
    ["5", 2, "5.00"],
    ["5", 0, "5"],
    ["1.50", 2, "1.50"],
    ["-0.5", 3, "-0.500"],
    // What a body may hold: a sign, leading zeros, a bare point.
    [".5", 2, "0.50"],
    ["+3", 2, "3.00"],
    ["0012.500", 2, "12.50"],
    ["1.", 1, "1.0"],
    // Rounding half to even (Python's decimal default, which DRF's quantize uses).
    ["2.675", 2, "2.68"],
    ["2.665", 2, "2.66"],
    ["2.6651", 2, "2.67"],
    ["-2.675", 2, "-2.68"],
    ["9.995", 2, "10.00"],
    ["0.995", 2, "1.00"],
    ["123.5", 0, "124"],
    ["124.5", 0, "124"],
    ["123.4567", 0, "123"],
    // What a REAL read back as text may be: an exponent, a binary fraction's tail.
    ["1e-7", 2, "0.00"],
    ["-1e-7", 2, "0.00"],
    ["1.5e2", 2, "150.00"],
    ["1e+21", 2, "1000000000000000000000.00"],
    ["19.990000000000002", 2, "19.99"],
    ["1e-999999", 2, "0.00"],
  ] as const)("%j with %i places is %j", (text, places, expected) => {
    expect(quantizedDecimal(text, places)).toBe(expected);
  });

  it("writes a finite number as its text first, and leaves anything that is no decimal as it is", () => {
    expect(quantizedDecimal(416.9, 2)).toBe("416.90");
    expect(quantizedDecimal(0.1 + 0.2, 2)).toBe("0.30");
    for (const value of [null, undefined, "abc", "", ".", "1e", "1e+9999999", Number.NaN, true, { price: 1 }]) {
      expect(quantizedDecimal(value, 2)).toBe(value);
    }
  });

  it("keeps the value: within half a unit of the last place, exact where the places suffice", () => {
    for (let i = 0; i < 2000; i++) {
      const digits = String(Math.floor(Math.random() * 1e9));
      const scale = Math.floor(Math.random() * 6);
      const sign = i % 3 === 0 ? "-" : "";
      const text =
        scale === 0
          ? `${sign}${digits}`
          : `${sign}${digits.slice(0, -scale) || "0"}.${digits.slice(-scale).padStart(scale, "0")}`;
      for (const places of [0, 2, 4, 6]) {
        const out = quantizedDecimal(text, places) as string;
        expect(out, text).toMatch(places === 0 ? /^-?(0|[1-9]\d*)$/ : new RegExp(`^-?(0|[1-9]\\d*)\\.\\d{${places}}$`));
        expect(Math.abs(Number(out) - Number(text)), `${text} → ${out}`).toBeLessThanOrEqual(
          0.5 * 10 ** -places + 1e-9,
        );
        if (places >= scale) expect(Number(out), text).toBe(Number(text));
      }
    }
  });
});
