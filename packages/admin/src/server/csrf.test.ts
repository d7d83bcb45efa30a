/** The CSRF token comparison: only the session's own non-empty token, sent once as text, matches. */
import { describe, expect, it } from "vitest";
import { csrfTokenMatches } from "./csrf.js";

describe("csrfTokenMatches", () => {
  it("matches the session's token and nothing else", () => {
    expect(csrfTokenMatches("t0ken", "t0ken")).toBe(true);
    for (const sent of ["t0ke", "t0kenx", "T0KEN", " t0ken", ""])
      expect(csrfTokenMatches(sent, "t0ken"), sent).toBe(false);
  });

  it("never matches an empty token, a missing one or a repeated header", () => {
    expect(csrfTokenMatches("", "")).toBe(false);
    expect(csrfTokenMatches("x", "")).toBe(false);
    expect(csrfTokenMatches(undefined, "t0ken")).toBe(false);
    expect(csrfTokenMatches(["t0ken"], "t0ken")).toBe(false);
    expect(csrfTokenMatches(["t0ken", "t0ken"], "t0ken")).toBe(false);
  });
});
