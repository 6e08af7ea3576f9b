import { describe, expect, it } from "vitest";
import { clientAddress, networkKey } from "./rate-limits";

describe("networkKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(networkKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it.each([
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1:2:3:4", "fe80:0:0:0::/64"],
    ["2001:db8:1:2:3::", "2001:db8:1:2::/64"],
  ])("keys %s by its /64 (%s)", (address, key) => {
    expect(networkKey(address)).toBe(key);
  });

  it("gives every address of one /64 the same key, and another /64 another key", () => {
    expect(networkKey("2001:db8:1:2::1")).toBe(networkKey("2001:db8:1:2:abcd:ef01:2345:6789"));
    expect(networkKey("2001:db8:1:2::1")).not.toBe(networkKey("2001:db8:1:3::1"));
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(networkKey("::ffff:198.51.100.4")).toBe("198.51.100.4");
  });

  it("reads the address Cloudflare reports, and one shared key without it", () => {
    expect(
      clientAddress(new Request("http://localhost/", { headers: { "CF-Connecting-IP": "2001:db8:aa:bb::9" } })),
    ).toBe("2001:db8:aa:bb::/64");
    expect(clientAddress(new Request("http://localhost/"))).toBe("local");
  });
});
