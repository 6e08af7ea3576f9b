/**
 * D1 read replication through the Sessions API (decision 046): each request reads through one D1
 * session, so its reads are sequentially consistent, from the nearest replica when it can. A visitor
 * who wrote carries the bookmark of that write in a cookie, and their next requests start from it:
 * they see their own change (a staff edit, a favorite, an application) on the next page, wherever
 * they are read. Requests without the cookie read unconstrained (any replica); posts start at the
 * primary, where their writes go anyway.
 */
export const bookmarkCookieName = "__Host-d1-bookmark";
/** Long enough for any replica to catch up with the write; short, since the cookie skips the edge cache (decision 019). */
export const bookmarkMaxAgeSeconds = 300;

/** D1 bookmarks are hex groups joined by hyphens; anything else is ignored, never passed to D1. */
const bookmarkPattern = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){0,7}$/;

export function readBookmark(request: Request): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === bookmarkCookieName) {
      const bookmark = value.join("=");
      return bookmarkPattern.test(bookmark) ? bookmark : null;
    }
  }
  return null;
}

const writes = (request: Request) => request.method !== "GET" && request.method !== "HEAD";

/** The session a request reads and writes through. */
export function openSession(d1: D1Database, request: Request): D1DatabaseSession {
  return d1.withSession(readBookmark(request) ?? (writes(request) ? "first-primary" : "first-unconstrained"));
}

/**
 * After a request that may have written (anything but GET and HEAD), the cookie carrying the
 * session's latest bookmark; null otherwise, when D1 gave none, and when it is the one the visitor sent.
 */
export function bookmarkCookieAfter(request: Request, session: Pick<D1DatabaseSession, "getBookmark">): string | null {
  if (!writes(request)) return null;
  const bookmark = session.getBookmark();
  // None (no query ran), or the one the visitor already has: nothing to send.
  if (!bookmark || !bookmarkPattern.test(bookmark) || bookmark === readBookmark(request)) return null;
  return `${bookmarkCookieName}=${bookmark}; Path=/; Max-Age=${bookmarkMaxAgeSeconds}; Secure; HttpOnly; SameSite=Lax`;
}
