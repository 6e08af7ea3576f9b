import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-expect-error -- untyped JavaScript that `remix vite:build` writes before wrangler bundles this entry.
import * as build from "./build/server/index.js";
import { getLoadContext } from "./load-context";
import { servePage } from "./app/services/page-cache.server";

const handleRemixRequest = createRequestHandler(build as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const loadContext = getLoadContext({
      request,
      context: { cloudflare: { env, ctx, cf: request.cf as never, caches: caches as never } },
    });
    // Cache policy, ETags and the edge cache for public pages (decision 019).
    // (The DOM's CacheStorage type, also in scope, has no `default`.)
    const edgeCache = (caches as unknown as { default: Cache }).default;
    const pageCache = { cache: edgeCache, waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise) };
    return servePage(request, pageCache, () => handleRemixRequest(request, loadContext));
  },
} satisfies ExportedHandler<Env>;
