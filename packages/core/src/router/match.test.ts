import { describe, expect, it } from "vitest";
import { matchPath, parseId } from "./match.js";

describe("matchPath", () => {
  it("matches list, detail and detail-action routes with an optional trailing slash", () => {
    expect(matchPath("/api", "/api/products")).toEqual({ kind: "list", resource: "products" });
    expect(matchPath("/api", "/api/products/")).toEqual({ kind: "list", resource: "products" });
    expect(matchPath("/api", "/api/products/7")).toEqual({ kind: "detail", resource: "products", id: "7" });
    expect(matchPath("/api", "/api/products/7/")).toEqual({ kind: "detail", resource: "products", id: "7" });
    expect(matchPath("/api", "/api/products/7/publish/")).toEqual({
      kind: "detail-action",
      resource: "products",
      id: "7",
      segment: "publish",
    });
    expect(matchPath("", "/products")).toEqual({ kind: "list", resource: "products" });
  });

  it("matches nothing outside the prefix or with empty or extra segments", () => {
    for (const path of [
      "/apix/products",
      "/api",
      "/api/",
      "/api//products",
      "/api/products//",
      "/api/a/b/c/d",
      "/api/a/b/c/d/",
      "/api/products/7//",
      "/api//7",
      "/api//7/publish",
      "/api/products//publish",
      "/api/products/7//publish",
      "/api/products/7/publish//",
      "/other",
    ]) {
      expect(matchPath("/api", path), path).toBeNull();
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
