import type { Database } from "#app/db/client.server";
import {
  deleteExpiredCachedPageTags,
  purgedSince,
  rememberCachedPage,
  takeCachedPagesTagged,
} from "#app/models/cached-page-tags.server";
import { edgeFreshSeconds, edgeStaleSeconds } from "#app/lib/http/http-cache";

/** Cloudflare's purge API, for the zone the site is served from (decision 034). */
export interface PurgeZone {
  id: string;
  token: string;
}

export interface PagePurger {
  /**
   * Where stored pages' tags must be noted for a later purge (no zone); undefined when Cloudflare keeps
   * them. False when the index is full (`cachedPageIndexLimit`) or a tag was purged since `renderedAt`
   * (epoch ms): the page is then not stored.
   */
  remember?: (key: string, tags: readonly string[], renderedAt: number) => Promise<boolean>;
  /**
   * With `remember`: whether a tag was purged since `renderedAt`, asked once a page is stored, as a
   * purge may have run between noting the page and storing it (decision 034).
   */
  purgedSince?: (tags: readonly string[], renderedAt: number) => Promise<boolean>;
  purge: (tags: readonly string[]) => Promise<void>;
}

/**
 * Purges by tag. With a zone, through Cloudflare's API: pages stored with `cache.put` keep their
 * `Cache-Tag`, and a purge by tag reaches every data centre. Without one (`npm start`, tests), the
 * keys noted in D1 when each page was stored are deleted from the local cache: the same behaviour,
 * testable here. Without a cache there is nothing to purge.
 */
export function pagePurger({
  zone,
  cache,
  db,
}: {
  zone: PurgeZone | null;
  cache: Pick<Cache, "delete"> | undefined;
  db: Database;
}): PagePurger {
  if (zone) return { purge: (tags) => purgeZone(zone, tags) };
  if (!cache) return { purge: async () => {} };
  return {
    remember: (key, tags, renderedAt) => {
      const now = new Date();
      return rememberCachedPage(db, key, tags, now, {
        limit: cachedPageIndexLimit,
        expiredBefore: pageLifetimeAgo(now),
        renderedAt: new Date(renderedAt),
      });
    },
    purgedSince: (tags, renderedAt) => purgedSince(db, tags, new Date(renderedAt)),
    purge: async (tags) => {
      const keys = await takeCachedPagesTagged(db, tags, new Date());
      await Promise.all(keys.map((key) => cache.delete(key)));
    },
  };
}

/** Cloudflare accepts up to 30 tags a call; a change names far fewer. */
async function purgeZone(zone: PurgeZone, tags: readonly string[]) {
  const response = await fetch(`https://api.cloudflare.com/client/v4/zones/${zone.id}/purge_cache`, {
    method: "POST",
    headers: { Authorization: `Bearer ${zone.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ tags }),
  });
  if (!response.ok)
    throw new Error(`Cloudflare purge by tag answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
}

/** The zone from the environment: both the zone id (a var) and the API token (a secret) must be set. */
export function purgeZoneOf(env: Env): PurgeZone | null {
  return env.CLOUDFLARE_ZONE_ID && env.CLOUDFLARE_PURGE_TOKEN
    ? { id: env.CLOUDFLARE_ZONE_ID, token: env.CLOUDFLARE_PURGE_TOKEN }
    : null;
}

/**
 * At most this many index rows (one a stored page: each has one tag). Every query string is a page of
 * its own, so anonymous requests could otherwise add rows without end; a shelter's pets, lists and
 * home pages in two languages are far fewer within one page lifetime (6 minutes). When full, pages
 * are served without being stored until rows expire (decision 034).
 */
export const cachedPageIndexLimit = 500;

/** When a page stored now would have left every cache: its fresh and stale lifetime ago. */
const pageLifetimeAgo = (now: Date) => new Date(now.getTime() - (edgeFreshSeconds + edgeStaleSeconds) * 1000);

/** Index rows of pages no cache keeps any longer (their lifetime has passed): nightly housekeeping. */
export function deleteExpiredPageTags(db: Database, now: Date) {
  return deleteExpiredCachedPageTags(db, pageLifetimeAgo(now));
}

/**
 * Runs a purge after a save without holding up or failing it: a failed purge is logged, and the
 * pages it missed still follow their normal freshness bound (fresh 60 s, stale 5 minutes more).
 */
export function purgeInBackground(
  purger: PagePurger,
  waitUntil: (promise: Promise<unknown>) => void,
  tags: readonly string[],
) {
  waitUntil(
    purger.purge(tags).catch((error: unknown) => console.error("page purge failed for tags", tags.join(","), error)),
  );
}
