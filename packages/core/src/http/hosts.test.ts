import { describe, expect, it } from "vitest";
import { hostName, isHostAllowed } from "./hosts.js";

describe("hostName", () => {
  it("reads names, addresses and ports", () => {
    expect(hostName("Shop.Example.com:8080")).toBe("shop.example.com");
    expect(hostName("example.com.")).toBe("example.com");
    expect(hostName("127.0.0.1:3000")).toBe("127.0.0.1");
    expect(hostName("[::1]:3000")).toBe("[::1]");
  });

  it("refuses anything else", () => {
    for (const host of ["evil.example/x?y=", "a b", "", "user@host", "host:port", "host:123456", "[::1", "é.example"]) {
      expect(hostName(host), host).toBeNull();
    }
  });
});

describe("isHostAllowed", () => {
  it("matches exact names, dotted suffixes and *", () => {
    const allowed = ["localhost", ".example.com"];
    expect(isHostAllowed("localhost", allowed)).toBe(true);
    expect(isHostAllowed("example.com", allowed)).toBe(true);
    expect(isHostAllowed("api.example.com", allowed)).toBe(true);
    expect(isHostAllowed("evilexample.com", allowed)).toBe(false);
    expect(isHostAllowed("localhost.evil", allowed)).toBe(false);
    expect(isHostAllowed("anything", ["*"])).toBe(true);
    expect(isHostAllowed("anything", [])).toBe(false);
  });
});
