import { describe, expect, it } from "vitest";
import { acceptsJSON } from "./negotiation.js";

describe("acceptsJSON", () => {
  it("accepts no header, wildcards, JSON and problem+json", () => {
    for (const accept of [
      undefined,
      "",
      "*/*",
      "application/*",
      "application/json",
      "application/problem+json",
      "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      "text/html, application/json;q=0.1",
      "APPLICATION/JSON; charset=utf-8",
    ]) {
      expect(acceptsJSON(accept), String(accept)).toBe(true);
    }
  });

  it("refuses headers that rule JSON out", () => {
    for (const accept of [
      "text/html",
      "application/xml",
      "text/*",
      "application/json;q=0, application/problem+json;q=0, */*",
      "application/*;q=0",
      "*/*;q=0",
      "text/html, application/json;q=0",
    ]) {
      expect(acceptsJSON(accept), accept).toBe(false);
    }
  });
});
