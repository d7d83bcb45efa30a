import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { coerceValue } from "../query/coerce.js";
import { DECIMAL_PATTERN } from "./decimal.js";
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
