import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * HTTP caching of pages (decision 019). A page is shared-cacheable only when it is the same for every
 * visitor who is not signed in: the route says so with `headers = publicPageHeaders`, and the Worker
 * keeps it public only for a request without cookies whose response sets none. Everything else that
 * Remix renders is private and never stored.
 */
export const edgeFreshSeconds = 60;
export const edgeStaleSeconds = 300;
export const publicPageCacheControl = `public, max-age=0, s-maxage=${edgeFreshSeconds}, stale-while-revalidate=${edgeStaleSeconds}`;
/**
 * Every page that is not public, and every response that sets a cookie: kept by no cache at all, not
 * even the browser's (decision 028). Such a page may show who is signed in, their favorites, a staff
 * page or a token from an emailed link; a public page with a cookie in the request may too.
 */
export const personalCacheControl = "private, no-store";

/** The `headers` export of a page that does not depend on who is looking (when no one is signed in). */
export const publicPageHeaders: HeadersFunction = () => ({ "Cache-Control": publicPageCacheControl });

/** Remix's documents and their single-fetch data (`.data`): the responses this policy decides. */
function isPage(response: Response) {
  const type = response.headers.get("Content-Type") ?? "";
  return type.startsWith("text/html") || type.startsWith("text/x-script");
}

/**
 * Sets the final Cache-Control of a response, returning whether shared caches may keep it. A request
 * with any cookie, or a response setting one, is never public: the visitor may be signed in, or have
 * remembered filters or match answers that shape the page.
 */
export function applyCachePolicy(request: Request, response: Response): boolean {
  const headers = response.headers;
  const setsCookie = headers.has("Set-Cookie");
  if (!isPage(response)) {
    if (setsCookie) headers.set("Cache-Control", personalCacheControl);
    return false;
  }
  const shareable =
    request.method === "GET" &&
    !request.headers.has("Cookie") &&
    !setsCookie &&
    response.status === 200 &&
    headers.get("Cache-Control") === publicPageCacheControl;
  headers.set("Cache-Control", shareable ? publicPageCacheControl : personalCacheControl);
  return shareable;
}

/** A weak entity tag of the body: equal bodies, equal tags. */
export async function weakEtag(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body)).slice(0, 16);
  return `W/"${btoa(String.fromCharCode(...digest)).replace(/=+$/, "")}"`;
}

/** If-None-Match against an entity tag, by weak comparison (RFC 9110 §13.1.2): `*` or any listed tag. */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
