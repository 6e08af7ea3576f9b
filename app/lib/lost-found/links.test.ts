import { describe, expect, it } from "vitest";
import {
  isReplyLinkToken,
  isReportLinkToken,
  replyLinkPath,
  replyLinkToken,
  reportLinkPath,
  reportLinkToken,
} from "./links";

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

describe("answer links of a relayed conversation", () => {
  it("are signed for one conversation and one side, apart from the report links", async () => {
    const reporter = await replyLinkToken(3, "reporter", secret);
    expect(await isReplyLinkToken(3, "reporter", reporter, secret)).toBe(true);
    expect(await isReplyLinkToken(3, "sender", reporter, secret)).toBe(false);
    expect(await isReplyLinkToken(4, "reporter", reporter, secret)).toBe(false);
    expect(await isReplyLinkToken(3, "reporter", reporter, "another-secret")).toBe(false);
    expect(await isReportLinkToken(3, "renew", reporter, secret)).toBe(false);
    expect(await replyLinkPath(3, "sender", secret)).toMatch(
      /^\/lost-found\/messages\/3\?as=sender&token=[A-Za-z0-9_-]{43}$/,
    );
  });
});
