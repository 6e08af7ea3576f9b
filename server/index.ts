import type { ServerBuild } from "@remix-run/cloudflare";
// @ts-expect-error -- untyped JavaScript that `remix vite:build` writes before wrangler bundles this entry.
import * as build from "../build/server/index.js";
import { registeredEmailLanguages } from "#app/lib/email/emails";
import { runScheduled } from "./scheduled";
import { testCronAnswer, testCronPath } from "./test-cron";
import { createWorkerHandler } from "./worker";

const handleRequest = createWorkerHandler(build as ServerBuild);
// The edge cache for public pages (decision 019). (The DOM's CacheStorage type, also in scope, has no `default`.)
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** The Cron Triggers of wrangler.toml: holds ending, new-pet alerts, housekeeping (server/scheduled.ts). */
function scheduledRun(env: Env, cron: string, scheduledTime: number) {
  // Its emails are written with the Remix build's catalogues, which the build registered as it loaded:
  // wrangler bundles this entry from source and cannot compile the .po files (decision 057).
  return runScheduled(env, cron, scheduledTime, registeredEmailLanguages(), edgeCache());
}

export default {
  async fetch(request, env, ctx) {
    // The e2e tests' Cron Trigger at a chosen time, on a server started for them only (server/test-cron.ts).
    if (new URL(request.url).pathname === testCronPath) {
      const answer = await testCronAnswer(request, env, (cron, time) => scheduledRun(env, cron, time));
      if (answer) return answer;
    }
    return handleRequest(request, env, ctx, edgeCache());
  },
  async scheduled(controller, env) {
    await scheduledRun(env, controller.cron, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
