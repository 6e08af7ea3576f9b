import path from "node:path";
import { expect, type APIRequestContext, type TestInfo } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../..");

/** The end-to-end server's state folder (playwright.config.ts starts scripts/serve.ts on it). */
export function e2eState(info: TestInfo) {
  return path.join(root, `tests/.state/e2e-${new URL(String(info.project.use.baseURL)).port}`);
}

/**
 * Runs the end-to-end server's scheduled jobs at `scheduledTime`: the code its Cron Trigger runs
 * (`scheduledRun` in server/index.ts) with `scheduledTime` as the run's clock, through
 * POST /dev/scheduled, which only a server started for the e2e run answers (server/test-cron.ts).
 * `wrangler dev` fires a trigger only at the wall clock. The run happens in the server's own process, on
 * its own D1 connection: a second workerd on the same SQLite file (how this was done before) made either
 * side's writes fail with SQLITE_BUSY when another test wrote at the same moment (decision 048, amended
 * 2026-11-30). Email goes to the server's outbox, /dev/outbox.
 */
export async function runScheduledAt(request: APIRequestContext, cron: string, scheduledTime: Date) {
  const answer = await request.post(`/dev/scheduled?cron=${encodeURIComponent(cron)}&time=${scheduledTime.getTime()}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { outcome: string; steps: { step: string; ok: boolean }[] };
}
