import { describe, expect, it } from "vitest";
import { ipBucket } from "./ip-bucket.js";

describe("ipBucket", () => {
  it("keeps IPv4 addresses and unknown text as they are", () => {
    expect(ipBucket("198.51.100.4")).toBe("198.51.100.4");
    expect(ipBucket("unknown")).toBe("unknown");
  });

  it("counts IPv6 by its /64 however the address is written", () => {
    expect(ipBucket("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(ipBucket("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(ipBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(ipBucket("::1")).toBe("0:0:0:0::/64");
    expect(ipBucket("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("takes another prefix length, or 128 for single addresses", () => {
    expect(ipBucket("2001:db8:1:2::1", 48)).toBe("2001:db8:1::/48");
    expect(ipBucket("2001:db8:1:2::1", 56)).toBe("2001:db8:1:0::/56");
    expect(ipBucket("2001:db8:1:2ff::1", 56)).toBe("2001:db8:1:200::/56");
    expect(ipBucket("2001:db8:1:2::1", 128)).toBe("2001:db8:1:2:0:0:0:1");
  });

  it("leaves text that is not an IPv6 address alone (lower-cased)", () => {
    expect(ipBucket("2001:db8::1::2")).toBe("2001:db8::1::2");
    expect(ipBucket("GG::1")).toBe("gg::1");
    expect(ipBucket("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
  });
});
