import { describe, expect, it } from "vitest";
import { uncaughtErrors } from "./local-worker";

describe("uncaughtErrors", () => {
  it("finds every kind of uncaught error workerd reports in a Worker's log, and nothing else", () => {
    const log = [
      "[wrangler:info] GET /adopt/pet?pet_id=25 200 OK (41ms)",
      "✘ [ERROR] Uncaught Error: Network connection lost.",
      "✘ [ERROR] Uncaught (in promise) Error: Network connection lost.",
      "X [ERROR] Uncaught (in response) TypeError: boom",
      "page purge failed for tags home Error: 429",
      "",
    ].join("\n");
    expect(uncaughtErrors(log)).toEqual([
      "✘ [ERROR] Uncaught Error: Network connection lost.",
      "✘ [ERROR] Uncaught (in promise) Error: Network connection lost.",
      "X [ERROR] Uncaught (in response) TypeError: boom",
    ]);
    expect(uncaughtErrors("[wrangler:info] Ready on http://127.0.0.1:8787\r\n")).toEqual([]);
  });
});
