/**
 * What the service worker (app/service-worker/worker.ts) and the page (entry.client.tsx) agree on for
 * offline browsing (decision 050): the names they share and the few pure rules both apply. No DOM, no
 * service worker API here, so each rule is tested in Node.
 */

/** The script's address: at the site's root, so its scope is the whole site. */
export const serviceWorkerUrl = "/sw.js";

/**
 * On `<html>`: the page asks the browser to register the service worker at this address. Absent when
 * the site runs without one (SERVICE_WORKER = "off"): the page then unregisters any it finds.
 */
export const registerAttribute = "data-service-worker";

/** On `<html>` of a page the worker answers from its copy: the notice's words. */
export const offlineAttribute = "data-offline-notice";

/** The notice the worker writes into a kept page, which the page takes over once it is hydrated. */
export const offlineNoticeId = "offline-notice";

/** Every cache the site's workers make starts so (a build's caches add its version). */
export const offlineCachePrefix = "site-offline-";

/**
 * Who a page was rendered for: a digest of the session cookie, on every answer to a request that
 * carries one (server/worker.ts). The worker keeps what a session saw apart from what anyone may see,
 * and drops a session's pages when the header changes (signed out, or someone else signed in).
 */
export const viewerHeader = "X-Viewer-Key";

/** On a kept copy: when the network answered it (ISO time). */
export const savedAtHeader = "X-Offline-Saved-At";

/**
 * When the visitor saw a page, in the shelter's time zone: "3:12 pm" today, "3:12 pm on Nov 24"
 * another day.
 */
export function seenAtWords(savedAt: Date, now: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" })
    .format(savedAt)
    .replace(/\s?AM$/, " am")
    .replace(/\s?PM$/, " pm");
  const day = (date: Date) => new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" }).format(date);
  return day(savedAt) === day(now) ? time : `${time} on ${day(savedAt)}`;
}

/** The words at the top of a page served from the phone's copy. */
export function offlineNoticeText(savedAt: Date, now: Date, timeZone: string): string {
  return `You're offline: this is what you saw at ${seenAtWords(savedAt, now, timeZone)}.`;
}

/** What the page says when a form could not be sent because the network did not answer. */
export const notSentText =
  "You're offline, so this could not be sent. Everything you typed is still here: send it again when you are back online.";

/** A Remix data request (single fetch): `/adopt/dog.data`, `/_root.data`. */
export function isDataPath(pathname: string): boolean {
  return pathname.endsWith(".data");
}

/**
 * The page a data request stands for, the reverse of Remix's `singleFetchUrl`: `/adopt/dog.data?x=1`
 * is `/adopt/dog?x=1`, `/_root.data` is `/`, and Remix's own `_routes` parameter goes.
 */
export function pageUrlOfData(url: URL): URL | null {
  if (!isDataPath(url.pathname)) return null;
  const page = new URL(url);
  page.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
  page.searchParams.delete("_routes");
  return page;
}

/**
 * A Remix data answer (turbo-stream) saying an action returned nothing: `{ data: null }`. With status
 * 503 Remix neither shows an error boundary nor reloads the page's data, so the form stays as it was
 * typed (entry.client.tsx answers a post the network dropped with it).
 */
export const noActionDataBody = '[{"_1":-5},"data"]\n';

/** Paths whose pages are never kept: one-time links, sign-in hand-offs and development tools. */
const neverKept = [/^\/auth\//, /^\/logout/, /^\/dev\//, /^\/confirm-email/, /^\/verify-email/, /^\/reset-password/, /^\/newsletter\//, /^\/alerts\//];

/** Whether the worker may keep a copy of the page at this path for offline reading. */
export function mayKeepPage(pathname: string): boolean {
  return !neverKept.some((pattern) => pattern.test(pathname));
}

/** The copies kept: scripts and styles of a build (names carry a content hash) and photo copies. */
export function isKeptFile(pathname: string): "assets" | "photos" | null {
  if (pathname.startsWith("/assets/")) return "assets";
  if (pathname.startsWith("/photos/")) return "photos";
  return null;
}
