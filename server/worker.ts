import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { getLoadContext } from "./load-context";
import { servePage } from "./page-cache";
import { originOf, renderWithNonce, respondSecurely } from "./security";

/**
 * The Worker's answer to every request that is not a static asset, given the Remix build: the
 * cross-site check and security headers outside (decisions 016, 017), the page cache inside them
 * (decision 019), and Remix rendering each page with a fresh CSP nonce. Integration tests run the
 * built app through this same function.
 */
export function createWorkerHandler(build: ServerBuild) {
  const handleRemixRequest = createRequestHandler(build);
  return async (request: Request, env: Env, ctx: ExecutionContext, edgeCache: Cache | undefined): Promise<Response> => {
    const loadContext = getLoadContext({
      request,
      context: { cloudflare: { env, ctx, cf: request.cf as never, caches: (globalThis as { caches?: unknown }).caches as never } },
    });
    const security = { formActionOrigins: originOf(loadContext.config.google?.authorizationEndpoint) };
    const pageCache = { cache: edgeCache, waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise) };
    return respondSecurely(request, security, () =>
      servePage(request, pageCache, () =>
        renderWithNonce(security, (cspNonce) => handleRemixRequest(request, { ...loadContext, cspNonce })),
      ),
    );
  };
}
