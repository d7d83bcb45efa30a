import { describe, expect, it } from "vitest";
import { withHeader } from "./header-copy.js";

describe("withHeader", () => {
  it("copies the headers in order with the new one last, leaving the original as it was", () => {
    const original = { ETag: 'W/"1"', "X-Trace": "a" };
    const copy = withHeader(original, "Content-Type", "application/json");
    expect(Object.entries(copy)).toEqual([
      ["ETag", 'W/"1"'],
      ["X-Trace", "a"],
      ["Content-Type", "application/json"],
    ]);
    expect(original).toEqual({ ETag: 'W/"1"', "X-Trace": "a" });
    copy["Content-Length"] = "2";
    expect(Object.keys(original)).toEqual(["ETag", "X-Trace"]);
  });

  it("replaces a header of the same name in its place, as a spread would", () => {
    const copy = withHeader({ "Content-Type": "text/plain", Vary: "Accept" }, "Content-Type", "application/json");
    expect(Object.entries(copy)).toEqual([
      ["Content-Type", "application/json"],
      ["Vary", "Accept"],
    ]);
  });

  it("starts from nothing when there are no headers", () => {
    expect(withHeader(undefined, "Content-Type", "application/json")).toEqual({ "Content-Type": "application/json" });
  });
});
