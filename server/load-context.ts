import type { PlatformProxy } from "wrangler";
import { createDb, type Database } from "#app/db/client.server";
import { resilientR2 } from "#app/db/resilient-bindings.server";
import { readConfig, type AppConfig } from "#app/services/config.server";
import { createMailer, type Mailer } from "#app/services/mail.server";
import { findViewer, sessionWasJustReplaced, type Viewer } from "#app/services/session.server";
import { openSession } from "./d1-session";
import { pagePurger, purgeInBackground, purgeZoneOf, type PagePurger } from "./page-purge";

// vite.config.ts imports this file and Vite bundles its config with plain Node resolution: imports
// here and in what it reaches use package.json `imports` (#app/*), which Node, Vite, esbuild
// (wrangler) and TypeScript all resolve alike (decision 024).

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    db: Database;
    photos: R2Bucket;
    /** Signed adoption contracts and scans (decision 070): private, apart from the public photos. */
    papers: R2Bucket;
    /** Cloudflare Images: resizes uploaded photos (sharp behind it locally). */
    images: ImagesBinding;
    config: AppConfig;
    mailer: Mailer;
    /**
     * Who is signed in; looked up once per request, whichever loaders ask. And whether the cookie names a
     * session just given a new id (server/viewer-key.ts leaves such a cookie alone).
     */
    auth: { viewer: () => Promise<Viewer | null>; replaced: () => Promise<boolean> };
    /**
     * The Content-Security-Policy nonce of this rendering, for Remix's inline scripts (decision 016).
     * The Worker sets a fresh one for every page it renders; empty under the Vite dev server, which sends no policy.
     */
    cspNonce: string;
    /** The Remix build's assets version, which names the service worker's caches (decision 050); absent under the Vite dev server. */
    assetsVersion?: string;
    /**
     * Cached public pages (decision 034): `purgeAfterSave(tags)` purges what a staff change affects
     * once the response is on its way (ctx.waitUntil); a failed purge is logged and never fails the save.
     */
    pages: { purger: PagePurger; purgeAfterSave: (tags: readonly string[]) => void };
    /** Whether a D1 or R2 call of this request failed for good: the error page then answers 503, not 500. */
    storage: { failed: boolean };
    /** The D1 session this request reads through (read replication, decision 046); the Worker sends its bookmark after a write. */
    d1Session: Pick<D1DatabaseSession, "getBookmark">;
  }
}

/**
 * Builds what one request needs from the Worker's bindings. Bindings exist only per request on
 * Workers, so nothing here may be read at module scope.
 */
export function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }) {
  const { env } = context.cloudflare;
  const storage = { failed: false };
  const onStorageFailure = (error: Error) => {
    storage.failed = true;
    console.error("storage call failed", error.cause ?? error);
  };
  const d1Session = openSession(env.DB, request);
  const db = createDb(d1Session as unknown as D1Database, onStorageFailure);
  const config = readConfig(env);
  let viewer: Promise<Viewer | null> | undefined;
  const edgeCache = (context.cloudflare.caches as unknown as { default?: Cache } | undefined)?.default;
  const purger = pagePurger({ zone: purgeZoneOf(env), cache: edgeCache, db });
  return {
    cloudflare: context.cloudflare,
    db,
    photos: resilientR2(env.PHOTOS, onStorageFailure),
    papers: resilientR2(env.PAPERS, onStorageFailure),
    images: env.IMAGES,
    config,
    mailer: createMailer(config.mail, db),
    auth: { viewer: () => (viewer ??= findViewer(db, request)), replaced: () => sessionWasJustReplaced(db, request) },
    cspNonce: "",
    pages: {
      purger,
      purgeAfterSave: (tags: readonly string[]) =>
        purgeInBackground(purger, (promise) => context.cloudflare.ctx.waitUntil(promise), tags),
    },
    storage,
    d1Session,
  };
}
