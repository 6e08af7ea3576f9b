import type { ServerBuild } from "@remix-run/cloudflare";
// @ts-expect-error -- untyped JavaScript that `remix vite:build` writes before wrangler bundles this entry.
import * as build from "../build/server/index.js";
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
    await runScheduled(env, controller.cron, controller.scheduledTime, (caches as unknown as { default: Cache }).default);
  },
} satisfies ExportedHandler<Env>;
