import { describe, expect, it } from "vitest";
import { isReportLinkToken, reportLinkPath, reportLinkToken } from "./links";

const secret = "a-test-secret-of-enough-length-000";

describe("report links", () => {
  it("are signed for one report and one action", async () => {
    const renew = await reportLinkToken(7, "renew", secret);
    expect(await isReportLinkToken(7, "renew", renew, secret)).toBe(true);
    expect(await isReportLinkToken(8, "renew", renew, secret)).toBe(false);
    expect(await isReportLinkToken(7, "close", renew, secret)).toBe(false);
    expect(await isReportLinkToken(7, "renew", renew, "another-secret")).toBe(false);
    expect(await isReportLinkToken(7, "renew", "", secret)).toBe(false);
  });

  it("make the path of each page", async () => {
    expect(await reportLinkPath(7, "close", secret)).toMatch(/^\/lost-found\/7\/close\?token=[A-Za-z0-9_-]{43}$/);
  });
});
