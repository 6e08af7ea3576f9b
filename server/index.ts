import type { ServerBuild } from "@remix-run/cloudflare";
// @ts-expect-error -- untyped JavaScript that `remix vite:build` writes before wrangler bundles this entry.
import * as build from "../build/server/index.js";
import { registeredEmailLanguages } from "#app/lib/email/emails";
import { runScheduled } from "./scheduled";
import { createWorkerHandler } from "./worker";

const handleRequest = createWorkerHandler(build as ServerBuild);

export default {
  fetch(request, env, ctx) {
    // The edge cache for public pages (decision 019). (The DOM's CacheStorage type, also in scope, has no `default`.)
    const edgeCache = (caches as unknown as { default: Cache }).default;
    return handleRequest(request, env, ctx, edgeCache);
  },
  /** The Cron Triggers of wrangler.toml: holds ending, new-pet alerts, housekeeping (server/scheduled.ts). */
  async scheduled(controller, env) {
    // Its emails are written with the Remix build's catalogues, which the build registered as it loaded:
    // wrangler bundles this entry from source and cannot compile the .po files (decision 057).
    await runScheduled(
      env,
      controller.cron,
      controller.scheduledTime,
      registeredEmailLanguages(),
      (caches as unknown as { default: Cache }).default,
    );
  },
} satisfies ExportedHandler<Env>;
