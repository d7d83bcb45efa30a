import { describe, expect, it } from "vitest";
import { csrfTokenFor, csrfTokenMatches } from "./csrf.js";

describe("the CSRF token of a session", () => {
  const secret = "a-secret-of-better-auth-long-enough-1234";

  it("is the same for one session and secret wherever it is made, and URL-safe", () => {
    const token = csrfTokenFor(secret, "session-1");
    expect(csrfTokenFor(secret, "session-1")).toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrfTokenMatches(token, secret, "session-1")).toBe(true);
  });

  it("belongs to one session and one secret: another session's or another app's does not match", () => {
    const token = csrfTokenFor(secret, "session-1");
    expect(csrfTokenFor(secret, "session-2")).not.toBe(token);
    expect(csrfTokenMatches(token, secret, "session-2")).toBe(false);
    expect(csrfTokenMatches(token, `${secret}-rotated`, "session-1")).toBe(false);
  });

  it("is never the session id itself, nor a bare HMAC of it under the secret (the cookie's signature)", async () => {
    const { createHmac } = await import("node:crypto");
    const token = csrfTokenFor(secret, "session-1");
    expect(token).not.toContain("session-1");
    expect(token).not.toBe(createHmac("sha256", secret).update("session-1").digest("base64url"));
  });

  it("refuses a missing, empty or altered token", () => {
    const token = csrfTokenFor(secret, "session-1");
    expect(csrfTokenMatches(undefined, secret, "session-1")).toBe(false);
    expect(csrfTokenMatches("", secret, "session-1")).toBe(false);
    expect(csrfTokenMatches(`${token} `, secret, "session-1")).toBe(false);
    expect(csrfTokenMatches(token.slice(1), secret, "session-1")).toBe(false);
  });
});
