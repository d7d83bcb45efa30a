import { describe, expect, it } from "vitest";
import { fakeRequest } from "../testing/fake-request.js";
import type { ApiRequest } from "../http/request.js";
import { clientIp, userIdOf } from "./client-ip.js";

function request(remoteAddress: string | undefined, forwardedFor?: string): ApiRequest {
  const headers = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor };
  return fakeRequest("GET", "/", { headers, origin: "http://localhost", remoteAddress });
}

describe("clientIp", () => {
  it("uses the socket address when no proxy is trusted", () => {
    expect(clientIp(request("198.51.100.4"))).toBe("198.51.100.4");
    expect(clientIp(request("198.51.100.4"), 0)).toBe("198.51.100.4");
  });

  it("ignores a spoofed X-Forwarded-For from a direct client", () => {
    expect(clientIp(request("198.51.100.4", "1.1.1.1"))).toBe("198.51.100.4");
    expect(clientIp(request("198.51.100.4", "1.1.1.1, 2.2.2.2"), 0)).toBe("198.51.100.4");
  });

  it("with one trusted proxy, takes the right-most hop", () => {
    // The proxy at 10.0.0.2 appended the address it saw: 203.0.113.9.
    expect(clientIp(request("10.0.0.2", "203.0.113.9"), 1)).toBe("203.0.113.9");
  });

  it("with one trusted proxy, a client's spoofed hops to the left change nothing", () => {
    expect(clientIp(request("10.0.0.2", "1.1.1.1, 6.6.6.6, 203.0.113.9"), 1)).toBe("203.0.113.9");
  });

  it("with two trusted proxies, takes the second hop from the right", () => {
    // client 203.0.113.9 -> CDN (appends 203.0.113.9) -> load balancer 10.0.0.1 (appends the CDN's address) -> app
    expect(clientIp(request("10.0.0.1", "1.1.1.1, 203.0.113.9, 172.16.0.5"), 2)).toBe("203.0.113.9");
  });

  it("reads repeated X-Forwarded-For headers joined by the adapter", () => {
    expect(clientIp(request("10.0.0.2", "1.1.1.1, 203.0.113.9,  ,"), 1)).toBe("203.0.113.9");
  });

  it("falls back to the socket without a header, and to the left-most hop with too few", () => {
    expect(clientIp(request("10.0.0.2"), 1)).toBe("10.0.0.2");
    expect(clientIp(request("10.0.0.2", ""), 1)).toBe("10.0.0.2");
    expect(clientIp(request("10.0.0.2", "203.0.113.9"), 3)).toBe("203.0.113.9");
  });

  it("normalizes IPv4-mapped IPv6 addresses and drops ports", () => {
    expect(clientIp(request("::ffff:198.51.100.4"))).toBe("198.51.100.4");
    expect(clientIp(request("::FFFF:198.51.100.4"))).toBe("198.51.100.4");
    expect(clientIp(request("10.0.0.2", "203.0.113.9:51234"), 1)).toBe("203.0.113.9");
    expect(clientIp(request("10.0.0.2", "[2001:db8::1]:443"), 1)).toBe("2001:db8::1");
    expect(clientIp(request("2001:db8::1"))).toBe("2001:db8::1");
  });

  it("uses the socket when the chosen hop is not an address", () => {
    expect(clientIp(request("10.0.0.2", "unknown"), 1)).toBe("10.0.0.2");
    expect(clientIp(request("10.0.0.2", `${"x".repeat(10_000)}, 10.0.0.9`), 2)).toBe("10.0.0.2");
    expect(clientIp(request("10.0.0.2", "<script>"), 1)).toBe("10.0.0.2");
    expect(clientIp(request("10.0.0.2", "fe80::1%eth0"), 1)).toBe("fe80::1%eth0");
  });

  it("answers 'unknown' when the adapter knows no address", () => {
    expect(clientIp(request(undefined))).toBe("unknown");
    expect(clientIp(request(""))).toBe("unknown");
  });
});

describe("userIdOf", () => {
  it("is undefined for anonymous requests", () => {
    expect(userIdOf(undefined)).toBeUndefined();
    expect(userIdOf(null)).toBeUndefined();
  });

  it("takes id, then userId, sub, username and email", () => {
    expect(userIdOf({ id: 7, username: "ann" })).toBe("7");
    expect(userIdOf({ id: 9007199254740993n })).toBe("9007199254740993");
    expect(userIdOf({ userId: "u-1", email: "a@example.com" })).toBe("u-1");
    expect(userIdOf({ sub: "auth0|42" })).toBe("auth0|42");
    expect(userIdOf({ username: "ann", email: "a@example.com" })).toBe("ann");
    expect(userIdOf({ email: "a@example.com" })).toBe("a@example.com");
  });

  it("uses a string or number user as its own id", () => {
    expect(userIdOf("ann")).toBe("ann");
    expect(userIdOf(42)).toBe("42");
  });

  it("is undefined for a user without a usable id", () => {
    expect(userIdOf({ name: "no id" })).toBeUndefined();
    expect(userIdOf({ id: "" })).toBeUndefined();
    expect(userIdOf({ id: { nested: 1 } })).toBeUndefined();
    expect(userIdOf("")).toBeUndefined();
    expect(userIdOf(true)).toBeUndefined();
  });
});
