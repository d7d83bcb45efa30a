import { describe, expect, it } from "vitest";
import { matchPath } from "./match.js";

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
