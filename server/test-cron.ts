import { readConfig } from "#app/services/config.server";
import type { StepOutcome } from "./scheduled";

/** Where the end-to-end tests fire a Cron Trigger at the running server (tests/e2e/scheduled-run.ts). */
export const testCronPath = "/dev/scheduled";

/**
 * POST /dev/scheduled?cron=…&time=<epoch ms>: runs this Worker's own `scheduled` handler with that cron and
 * that scheduledTime as the run's clock, in this process, and answers what each step did. Only in
 * development on a server started for the e2e run (`E2E_TEST_DATA = "on"`, the rule of POST /dev/test-data);
 * everywhere else null: the request goes on to the site, which answers as for any unknown address.
 * `wrangler dev` fires a trigger only at the wall clock; a second workerd on the server's SQLite file made
 * either side's writes fail with SQLITE_BUSY when they met (decision 048, amended 2026-11-30).
 */
export async function testCronAnswer(
  request: Request,
  env: Env,
  run: (cron: string, scheduledTime: number) => Promise<StepOutcome[]>,
): Promise<Response | null> {
  if (request.method !== "POST" || !readConfig(env).testData) return null;
  const url = new URL(request.url);
  const cron = url.searchParams.get("cron");
  const time = Number(url.searchParams.get("time"));
  if (!cron || !Number.isSafeInteger(time) || time <= 0)
    return new Response("Give cron and time (epoch milliseconds).", { status: 400 });
  return Response.json({ outcome: "ok", steps: await run(cron, time) });
}
