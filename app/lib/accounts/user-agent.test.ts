import { describe, expect, it } from "vitest";
import { describeUserAgent, networkPrefix } from "./user-agent";

describe("describeUserAgent", () => {
  it("names common browsers and systems", () => {
    expect(describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0")).toBe(
      "Firefox on Windows",
    );
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on macOS");
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
  });

  it("says so when it cannot tell", () => {
    expect(describeUserAgent(null)).toBe("Unknown browser");
    expect(describeUserAgent("curl/8.5.0")).toBe("Unknown browser");
  });
});

describe("networkPrefix", () => {
  it("keeps the network, not the address", () => {
    expect(networkPrefix("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkPrefix("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3::/48");
    expect(networkPrefix("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkPrefix("local")).toBe("local");
  });
});
