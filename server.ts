import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-expect-error -- untyped JavaScript that `remix vite:build` writes before wrangler bundles this entry.
import * as build from "./build/server/index.js";
import { getLoadContext } from "./load-context";

const handleRemixRequest = createRequestHandler(build as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const loadContext = getLoadContext({
      request,
      context: { cloudflare: { env, ctx, cf: request.cf as never, caches: caches as never } },
    });
    return handleRemixRequest(request, loadContext);
  },
} satisfies ExportedHandler<Env>;
