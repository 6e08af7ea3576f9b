import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FullResult, TestCase, TestResult } from "@playwright/test/reporter";
import { afterEach, describe, expect, it, vi } from "vitest";
import ServerLogReporter from "./e2e-server-log-reporter";
import { parseRequestLine } from "./local-worker";

const test = (title: string) =>
  ({ titlePath: () => ["", "js", "pages.spec.ts", title], expectedStatus: "passed" }) as unknown as TestCase;
const result = (status: TestResult["status"], start: string, duration: number, trace?: string) =>
  ({
    status,
    errors:
      status === "passed"
        ? []
        : [
            {
              message: "\x1b[31mError: expect(locator).toBeVisible() failed\x1b[39m\n\nLocator: getByRole('button')",
              location: { file: "/repo/tests/e2e/pages.spec.ts", line: 74, column: 5 },
            },
          ],
    startTime: new Date(start),
    duration,
    attachments: trace ? [{ name: "trace", path: trace, contentType: "application/zip" }] : [],
  }) as unknown as TestResult;

function logFile(lines: string[]) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "e2e-log-")), "server.log");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

function printed(reporter: ServerLogReporter, status: FullResult["status"]) {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  reporter.onEnd({ status } as FullResult);
  const text = log.mock.calls.map((call) => call.join(" ")).join("\n");
  log.mockRestore();
  return text;
}

afterEach(() => vi.restoreAllMocks());

describe("the e2e server log reporter", () => {
  const lines = [
    "2026-11-28T02:00:00.000Z [wrangler:info] GET /adopt 200 OK (40ms)",
    "2026-11-28T02:00:05.000Z [wrangler:info] GET /adopt/dog 200 OK (12500ms)",
    "2026-11-28T02:00:40.000Z [wrangler:info] GET /sign-in 200 OK (30ms)",
  ];

  it("reads wrangler's request line", () => {
    expect(parseRequestLine(lines[1]!)).toEqual({
      at: new Date("2026-11-28T02:00:05.000Z"),
      method: "GET",
      path: "/adopt/dog",
      status: 200,
      ms: 12500,
    });
    expect(parseRequestLine("2026-11-28T02:00:00.000Z ⎔ Starting local server...")).toBeUndefined();
  });

  it("after a failed test, prints its trace, the server's lines while it ran, the requests over 10 s and the log's tail", () => {
    const reporter = new ServerLogReporter({ log: logFile(lines) });
    reporter.onTestEnd(test("lists dogs"), result("passed", "2026-11-28T01:59:00.000Z", 1000));
    reporter.onTestEnd(
      test("shows the dog list"),
      result("timedOut", "2026-11-28T02:00:01.000Z", 30_000, "test-results/x/trace.zip"),
    );
    const text = printed(reporter, "failed");
    expect(text).toContain("✘ js › pages.spec.ts › shows the dog list (timedOut)");
    expect(text).not.toContain("lists dogs");
    expect(text).toContain("trace: test-results/x/trace.zip");
    expect(text).toContain(
      "  | Error: expect(locator).toBeVisible() failed\n  | Locator: getByRole('button')\n  | at /repo/tests/e2e/pages.spec.ts:74",
    );
    expect(text).toMatch(
      /while it ran \(1\):\n {4}2026-11-28T02:00:05.000Z \[wrangler:info\] GET \/adopt\/dog 200 OK \(12500ms\)\n/,
    );
    expect(text).toContain(
      "Requests that took over 10 s (1):\n  2026-11-28T02:00:05.000Z [wrangler:info] GET /adopt/dog",
    );
    expect(text).toContain("The log's last 3 lines:");
  });

  it("prints nothing after a run without a failure", () => {
    const reporter = new ServerLogReporter({ log: logFile(lines) });
    reporter.onTestEnd(test("lists dogs"), result("passed", "2026-11-28T02:00:00.000Z", 1000));
    expect(printed(reporter, "passed")).toBe("");
  });
});
