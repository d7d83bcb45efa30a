import { describe, expect, it } from "vitest";
import { toJSON } from "./json.js";

describe("toJSON", () => {
  it("writes a bigint as the exact digits of a JSON number", () => {
    expect(toJSON({ id: 9007199254740993n, n: 1 })).toBe('{"id":9007199254740993,"n":1}');
    expect(toJSON([-9223372036854775808n])).toBe("[-9223372036854775808]");
  });

  it("cannot be fooled by a string that looks like its marker", () => {
    const text = toJSON({ id: 1n, name: "\u0000bigint:123" });
    expect(JSON.parse(text).name).toBe("\u0000bigint:123");
  });
});
