import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { hasPermission } from "#app/lib/accounts/permissions";
import { hasOpenPlacement } from "#app/models/foster-placements.server";
import { isFosterNoteRequest, withinBodyLimit } from "./body-limit";
import { bookmarkCookieAfter } from "./d1-session";
import { isUploadRequest } from "#app/lib/photos/upload-answer";
import { getLoadContext } from "./load-context";
import { answerUpload } from "./upload-answer";
import { servePage } from "./page-cache";
import { originOf, renderWithNonce, respondSecurely, withFreshNonce } from "./security";
import { withViewerKey } from "./viewer-key";
import { withHandledBackgroundWork } from "./background";
import { languageFirst } from "./language";

/**
 * The Worker's answer to every request that is not a static asset, given the Remix build: the
 * cross-site check and security headers outside (decisions 016, 017), then the body size limit
 * (decision 028), the page cache (decision 019), and Remix rendering each page with a fresh CSP
 * nonce; a page from the cache gets a fresh nonce too. Integration tests run the built app through
 * this same function.
 */
export function createWorkerHandler(build: ServerBuild) {
  const handleRemixRequest = createRequestHandler(build);
  return async (
    request: Request,
    env: Env,
    runtimeCtx: ExecutionContext,
    edgeCache: Cache | undefined,
  ): Promise<Response> => {
    // Work after the answer never fails unhandled, whoever starts it (server/background.ts).
    const ctx = withHandledBackgroundWork(runtimeCtx);
    const loadContext = getLoadContext({
      request,
      context: {
        cloudflare: { env, ctx, cf: request.cf as never, caches: (globalThis as { caches?: unknown }).caches as never },
      },
    });
    // Forms may lead to Google's sign-in and to the payment provider's page (a gift's post is redirected there, decision 065).
    const security = {
      formActionOrigins: [
        ...new Set([
          ...originOf(loadContext.config.google?.authorizationEndpoint),
          ...originOf(loadContext.config.payments?.checkoutOrigin),
        ]),
      ],
    };
    const pageCache = {
      cache: edgeCache,
      waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise),
      ownCopy: withFreshNonce,
      build: build.assets.version,
      remember: loadContext.pages.purger.remember,
      purgedSince: loadContext.pages.purger.purgedSince,
    };
    // Who is posting to a staff page (the same session lookup the actions then reuse): strangers get
    // the small limit there, and only staff who may save pets the pet form's (issue 22); a note's
    // photos only from a foster with a pet at home now (issue 39).
    const sender = async () => {
      const viewer = await loadContext.auth.viewer();
      const role = viewer?.role ?? null;
      const fostering =
        viewer !== null && isFosterNoteRequest(request) && (await hasOpenPlacement(loadContext.db, viewer.id));
      return {
        staff: role !== null,
        mayPostPhotos: hasPermission(role, "create:pet") || hasPermission(role, "update:pet"),
        fostering,
      };
    };
    return respondSecurely(
      request,
      security,
      async () =>
        // A first visit in Spanish, or a remembered Spanish, goes to the /es page before any cache (decision 057).
        languageFirst(request) ??
        withinBodyLimit(
          request,
          (limited) =>
            servePage(limited, pageCache, () =>
              renderWithNonce(security, async (cspNonce) => {
                const handle = (request: Request) =>
                  handleRemixRequest(request, { ...loadContext, cspNonce, assetsVersion: build.assets.version });
                // The pet form's XHR upload runs its action alone, no page's loaders (server/upload-answer.ts).
                const answer = isUploadRequest(limited) ? await answerUpload(limited, handle) : await handle(limited);
                // Who the answer is for, so the offline service worker keeps each session's pages apart, and
                // an ended session's cookie cleared (decision 050).
                return withViewerKey(limited, withBookmark(limited, answer, loadContext.d1Session), loadContext.auth);
              }),
            ),
          sender,
        ),
    );
  };
}

/** After a write, the visitor's D1 bookmark goes with the answer (read replication, decision 046). */
function withBookmark(request: Request, response: Response, session: Pick<D1DatabaseSession, "getBookmark">): Response {
  const cookie = bookmarkCookieAfter(request, session);
  if (!cookie) return response;
  const answer = new Response(response.body, response);
  answer.headers.append("Set-Cookie", cookie);
  return answer;
}
