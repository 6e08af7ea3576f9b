import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { parseRequestLine } from "./local-worker";

/** A request that took longer than this is named after a failed run. */
const slowMs = 10_000;

interface Failure {
  title: string;
  status: TestResult["status"];
  start: Date;
  end: Date;
  traces: string[];
  /** What the test said when it failed (the assertion and its line), without colour codes. */
  error: string[];
}

/** At most this many lines of each failure's error are printed (CI keeps only the output's tail). */
const errorLines = 12;
// eslint-disable-next-line no-control-regex -- terminal colour codes are control characters
const colourCodes = /\x1b\[[0-9;]*m/g;

/**
 * After an e2e run with a failure, prints what is needed to name a stalled request (decision 036): each
 * failed test's trace (kept by `trace: "retain-on-failure"`), the e2e server's requests while that
 * test ran (from the log `scripts/serve.ts --log` writes), every request of the run that took over
 * 10 s, and the log's last lines. Each failure's own error (its first lines) is printed beside it, since
 * a CI log may be cut to its tail, where the list reporter's errors are gone. A run without a failure prints nothing. wrangler logs a request
 * when its answer's headers are ready, so a request that never got them is not in the log: the test's
 * trace shows it (Network, and the action that waited).
 */
export default class ServerLogReporter implements Reporter {
  private readonly failures: Failure[] = [];
  private readonly log: string;

  constructor({ log }: { log: string }) {
    this.log = path.resolve(log);
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus || result.status === "skipped") return;
    this.failures.push({
      // The project, the file, the describe blocks and the test.
      title: test.titlePath().filter(Boolean).join(" › "),
      status: result.status,
      start: result.startTime,
      end: new Date(result.startTime.getTime() + result.duration),
      traces: result.attachments
        .filter((attachment) => attachment.name === "trace" && attachment.path)
        .map((attachment) => attachment.path!),
      error: result.errors
        .flatMap((error) => [
          error.message ?? error.value ?? "",
          error.location ? `at ${error.location.file}:${error.location.line}` : "",
        ])
        .join("\n")
        .replace(colourCodes, "")
        .split("\n")
        .filter((line) => line.trim())
        .slice(0, errorLines),
    });
  }

  onEnd(result: FullResult) {
    if (this.failures.length === 0 && result.status === "passed") return;
    const lines = existsSync(this.log) ? readFileSync(this.log, "utf8").split("\n").filter(Boolean) : [];
    const out: string[] = [
      "",
      `The e2e server's log: ${path.relative(process.cwd(), this.log)}${lines.length ? "" : " (missing or empty)"}`,
    ];
    const timeOf = (line: string) => new Date(line.slice(0, line.indexOf(" ")));
    for (const failure of this.failures) {
      out.push("", `✘ ${failure.title} (${failure.status})`);
      for (const trace of failure.traces)
        out.push(
          `  trace: ${path.relative(process.cwd(), trace)}  (npx playwright show-trace ${path.relative(process.cwd(), trace)})`,
        );
      if (failure.traces.length === 0) out.push("  no trace kept");
      for (const line of failure.error) out.push(`  | ${line}`);
      const during = lines.filter((line) => {
        const at = timeOf(line).getTime();
        return at >= failure.start.getTime() && at <= failure.end.getTime() + 1_000;
      });
      out.push(`  the server's lines while it ran (${during.length}${during.length > 40 ? ", the last 40" : ""}):`);
      for (const line of during.slice(-40)) out.push(`    ${line}`);
    }
    const slow = lines
      .map((line) => ({ line, request: parseRequestLine(line) }))
      .filter(({ request }) => request && request.ms > slowMs);
    out.push(
      "",
      slow.length
        ? `Requests that took over ${slowMs / 1000} s (${slow.length}):`
        : `No request in the log took over ${slowMs / 1000} s.`,
    );
    for (const { line } of slow) out.push(`  ${line}`);
    out.push(
      "",
      `The log's last ${Math.min(20, lines.length)} lines:`,
      ...lines.slice(-20).map((line) => `  ${line}`),
      "",
    );
    console.log(out.join("\n"));
  }

  printsToStdio() {
    return true;
  }
}
