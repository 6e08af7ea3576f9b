import { tagsForPage } from "#app/lib/http/page-tags";
import {
  applyCachePolicy,
  edgeFreshSeconds,
  edgeStaleSeconds,
  ifNoneMatchHits,
  publicPageCacheControl,
  weakEtag,
} from "#app/lib/http/http-cache";

const storedAtHeader = "X-Page-Cache-Stored-At";
/** HIT, STALE or MISS on the public pages that went through the edge cache; absent on all others. */
export const cacheStatusHeader = "X-Page-Cache";

export interface PageCacheContext {
  /** The Workers edge cache (`caches.default`); absent where there is none. */
  cache?: Pick<Cache, "match" | "put" | "delete">;
  waitUntil: (promise: Promise<unknown>) => void;
  now?: () => number;
  /** Makes a stored copy this answer's own (the Worker gives it a fresh CSP nonce); 304s are left alone. */
  ownCopy?: (page: Response) => Response;
  /**
   * The build this Worker runs (the Remix assets version). Pages are stored per build: a page
   * rendered by the last deploy names script files this one no longer serves.
   */
  build?: string;
  /**
   * Notes a stored page's tags where a purge must find them itself (no Cloudflare zone: decision 034);
   * false when the index is full or a tag was purged since the page began to render (epoch ms), and the
   * page is then not stored.
   */
  remember?: (key: string, tags: readonly string[], renderedAt: number) => Promise<boolean>;
  /** With `remember`: whether a tag was purged since the page began to render; the stored copy is then dropped. */
  purgedSince?: (tags: readonly string[], renderedAt: number) => Promise<boolean>;
}

type Render = () => Promise<Response>;

/**
 * Answers a request with `render`, applying the cache policy of app/lib/http/http-cache.ts. Public pages
 * for visitors without cookies carry a weak ETag (a matching If-None-Match gets a 304) and are kept
 * in the edge cache by URL: fresh for 60 s, then served stale for up to 5 minutes more while a fresh
 * copy renders in the background. Each stored page carries the Cache-Tag of what it shows, and a
 * staff change purges those tags, so it shows on the next request (decision 034); the freshness
 * bound is what remains when a purge fails (decision 019).
 */
export async function servePage(request: Request, context: PageCacheContext, render: Render): Promise<Response> {
  const now = context.now ?? Date.now;
  const { cache } = context;
  if (request.method !== "GET" || request.headers.has("Cookie")) {
    const response = mutable(await render());
    applyCachePolicy(request, response);
    return response;
  }

  const key = cacheKeyOf(request.url, context.build);
  if (cache) {
    const cached = await cache.match(key);
    const ageSeconds = cached ? (now() - Number(cached.headers.get(storedAtHeader))) / 1000 : NaN;
    if (cached && ageSeconds >= 0 && ageSeconds < edgeFreshSeconds + edgeStaleSeconds) {
      const stale = ageSeconds >= edgeFreshSeconds;
      if (stale)
        context.waitUntil(
          refresh(request, key, context, cache, render, now).catch((error: unknown) =>
            console.error("page not refreshed in the cache", key, error),
          ),
        );
      const served = answer(request, cached, stale ? "STALE" : "HIT", ageSeconds);
      return served.status === 304 || !context.ownCopy ? served : context.ownCopy(served);
    }
  }

  const renderedAt = now();
  const response = mutable(await render());
  if (!applyCachePolicy(request, response)) return response;
  const page = await withEtag(response);
  // After the answer, so nobody else handles its failure (a D1 or cache call cut short as the visitor leaves).
  if (cache)
    context.waitUntil(
      store(context, cache, key, new URL(request.url), page.clone(), { renderedAt, storedAt: now() }).catch(
        (error: unknown) => console.error("page not kept in the cache", key, error),
      ),
    );
  return answer(request, page, cache ? "MISS" : undefined, 0);
}

/** The page's URL, marked with the build that rendered it (the page's own query is left as it is). */
function cacheKeyOf(url: string, build: string | undefined) {
  if (!build) return url;
  const key = new URL(url);
  key.searchParams.append("__build", build);
  return key.toString();
}

function mutable(response: Response) {
  return new Response(response.body, response);
}

async function withEtag(response: Response) {
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.set("ETag", await weakEtag(body));
  return new Response(body, { status: response.status, headers });
}

/** Renders the page again for the cache; drops the old copy if it is no longer public (say, now a 404). */
async function refresh(
  request: Request,
  key: string,
  context: PageCacheContext,
  cache: NonNullable<PageCacheContext["cache"]>,
  render: Render,
  now: () => number,
) {
  const renderedAt = now();
  const response = mutable(await render());
  if (applyCachePolicy(request, response))
    await store(context, cache, key, new URL(request.url), await withEtag(response), { renderedAt, storedAt: now() });
  else await cache.delete(key);
}

/**
 * The index is written before the page, so a purge that finds no row finds no stored page either; a
 * page the full index does not take is not stored (decision 034). A purge of the page's tags after it
 * began to render may have come before the page was noted (then it is not noted, nor stored) or between
 * noting and storing it (then the stored copy is dropped at once): either way what the purge removed is
 * not left in the cache with nothing left to purge it.
 */
async function store(
  context: PageCacheContext,
  cache: NonNullable<PageCacheContext["cache"]>,
  key: string,
  url: URL,
  page: Response,
  { renderedAt, storedAt }: { renderedAt: number; storedAt: number },
) {
  const tags = tagsForPage(url);
  const headers = new Headers(page.headers);
  headers.set("Cache-Control", `public, max-age=${edgeFreshSeconds + edgeStaleSeconds}`);
  headers.set(storedAtHeader, String(storedAt));
  if (tags.length > 0) headers.set("Cache-Tag", tags.join(","));
  const { remember, purgedSince }: Pick<PageCacheContext, "remember" | "purgedSince"> = tags.length > 0 ? context : {};
  if (remember && !(await remember(key, tags, renderedAt))) return;
  await cache.put(key, new Response(page.body, { status: page.status, headers }));
  if (remember && purgedSince && (await purgedSince(tags, renderedAt))) await cache.delete(key);
}

function answer(request: Request, page: Response, status: "HIT" | "STALE" | "MISS" | undefined, ageSeconds: number) {
  const headers = new Headers(page.headers);
  headers.delete(storedAtHeader);
  headers.delete("Cache-Tag");
  headers.set("Cache-Control", publicPageCacheControl);
  headers.set("Vary", "Cookie");
  headers.set("Age", String(Math.floor(ageSeconds)));
  if (status) headers.set(cacheStatusHeader, status);
  const etag = headers.get("ETag");
  if (etag && ifNoneMatchHits(request.headers.get("If-None-Match"), etag)) {
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(page.body, { status: page.status, headers });
}
