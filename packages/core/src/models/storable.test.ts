import { describe, expect, it } from "vitest";
import {
  JSON_DEPTH_MESSAGE,
  MAX_JSON_DEPTH,
  NULL_CHARACTER_MESSAGE,
  SURROGATE_MESSAGE,
  textProblem,
  valueProblem,
} from "./storable.js";

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { k: value };
  return value;
}

describe("what both databases store as sent", () => {
  it("refuses a NUL and an unpaired surrogate, and keeps every other text", () => {
    expect(textProblem("a\u0000b")).toBe(NULL_CHARACTER_MESSAGE);
    expect(textProblem("\ud800")).toBe(SURROGATE_MESSAGE);
    expect(textProblem("x\udc00")).toBe(SURROGATE_MESSAGE);
    expect(textProblem("\udc00\ud800")).toBe(SURROGATE_MESSAGE);
    for (const fine of ["", "plain", "😀", "ünïcode", "\u0001", "%00"]) expect(textProblem(fine), fine).toBeNull();
  });

  it("looks inside JSON: strings, keys, and depth", () => {
    expect(valueProblem({ a: [1, { b: "x\u0000" }] })).toBe(NULL_CHARACTER_MESSAGE);
    expect(valueProblem({ "\ud83d": 1 })).toBe(SURROGATE_MESSAGE);
    expect(valueProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(valueProblem(nested(MAX_JSON_DEPTH + 1))).toBe(JSON_DEPTH_MESSAGE);
    // Iterative: a value far deeper than the stack allows is refused, not a crash.
    expect(valueProblem(nested(200_000))).toBe(JSON_DEPTH_MESSAGE);
    expect(valueProblem([null, true, 1.5, new Date(0), "😀"])).toBeNull();
  });
});
