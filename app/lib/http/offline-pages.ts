/**
 * What the service worker (app/service-worker/worker.ts) and the page (entry.client.tsx) agree on for
 * offline browsing (decision 050): the names they share and the few pure rules both apply. No DOM, no
 * service worker API here, so each rule is tested in Node.
 */
import { unprefixedPath } from "#app/lib/i18n/locale";

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
 * The service worker's own words, in each language of the site (decision 057): it is built apart from
 * the app and carries no catalogue, so its few sentences are here, the Spanish as the glossary says
 * (docs/glossary-es.md). A kept page's language is its `<html lang>`; a page never seen, its address's.
 */
/** A sentence ended by one period, whether or not its last word is an abbreviation that has one ("p. m."). */
export function withFullStop(sentence: string): string {
  return sentence.endsWith(".") ? sentence : `${sentence}.`;
}

export const offlineWords = {
  en: {
    timeLocale: "en-US",
    notice: (seen: string) => withFullStop(`You're offline: this is what you saw at ${seen}`),
    onDay: (time: string, day: string) => `${time} on ${day}`,
    title: "You're offline",
    notSeen:
      "This page has not been opened on this phone before, so there is no copy of it to show. It will open once the signal is back.",
    kept: "Pages kept on this phone",
    noneKept: "No pages are kept on this phone yet.",
    home: (site: string) => `${site} home page`,
    brand: (site: string) => `${site}, home`,
  },
  es: {
    timeLocale: "es-US",
    // "a la 1:05", "a las 3:12".
    // The period of "p. m." ends the sentence too: never "p. m..".
    notice: (seen: string) =>
      withFullStop(`Estás sin conexión: esto es lo que viste ${seen.startsWith("1:") ? "a la" : "a las"} ${seen}`),
    onDay: (time: string, day: string) => `${time} del ${day}`,
    title: "Estás sin conexión",
    notSeen:
      "Esta página no se ha abierto antes en este teléfono, así que no hay una copia que mostrar. Se abrirá cuando vuelva la señal.",
    kept: "Páginas guardadas en este teléfono",
    noneKept: "Todavía no hay páginas guardadas en este teléfono.",
    home: (site: string) => `Página de inicio de ${site}`,
    brand: (site: string) => `${site}, inicio`,
  },
} as const;
export type OfflineLanguage = keyof typeof offlineWords;

/** The language of a kept page: its `<html lang>`. */
export function offlineLanguageOfPage(html: string): OfflineLanguage {
  return /<html\b[^>]*\slang="es/i.test(html.slice(0, 500)) ? "es" : "en";
}

/** The language of a page asked for: Spanish under /es (decision 057). */
export function offlineLanguageOfPath(pathname: string): OfflineLanguage {
  return /^\/es(\/|$)/.test(pathname) ? "es" : "en";
}

/**
 * When the visitor saw a page, in the shelter's time zone: "3:12 pm" today, "3:12 pm on Nov 24"
 * another day ("3:12 p. m.", "3:12 p. m. del 24 nov" in Spanish).
 */
export function seenAtWords(savedAt: Date, now: Date, timeZone: string, language: OfflineLanguage = "en"): string {
  const words = offlineWords[language];
  const time = new Intl.DateTimeFormat(words.timeLocale, { timeZone, hour: "numeric", minute: "2-digit" })
    .format(savedAt)
    .replace(/\s?AM$/, " am")
    .replace(/\s?PM$/, " pm");
  const day = (date: Date) =>
    new Intl.DateTimeFormat(words.timeLocale, { timeZone, month: "short", day: "numeric" }).format(date);
  return day(savedAt) === day(now) ? time : words.onDay(time, day(savedAt));
}

/** The words at the top of a page served from the phone's copy. */
export function offlineNoticeText(
  savedAt: Date,
  now: Date,
  timeZone: string,
  language: OfflineLanguage = "en",
): string {
  return offlineWords[language].notice(seenAtWords(savedAt, now, timeZone, language));
}

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

/**
 * Pages never kept, matched on the path without its language prefix (`unprefixedPath`, decision 057), so
 * `/es/reset-password` is `/reset-password` and a language added later cannot reopen one: one-time
 * links and what an e-mailed link opens (their tokens work for whoever holds the phone), sign-in
 * hand-offs, development tools, and staff pages (on a shared tablet they would outlive the session
 * that saw them: addresses and phone numbers of applicants, the foster roster).
 */
const neverKept = [
  /^\/auth\//,
  /^\/logout/,
  /^\/dev\//,
  /^\/confirm-email/,
  /^\/verify-email/,
  /^\/reset-password/,
  /^\/newsletter\//,
  /^\/alerts\//,
  /^\/join(\/|$)/,
  /^\/volunteer\/confirm(\/|$)/,
  // Lost and found (issue 46): the confirmation and the reporter's one-click pages (renew, close), done or not.
  /^\/lost-found\/confirm(\/|$)/,
  /^\/lost-found\/[^/]+\/[^/]+/,
  /^\/petadmin(\/|$)/,
];

/** A query parameter that carries a secret: any whose name says token (`?token=`, `?reset_token=`). */
const secretParameter = /token/i;

/**
 * Whether the worker may keep, and list on the offline page, the page at this address (path and query,
 * as `url.pathname + url.search` gives them). Never a page above, never an address with a token. The
 * path is read as the router reads it: decoded and in any case (`/ES/Reset%2Dpassword` is the reset page).
 */
export function mayKeepPage(address: string): boolean {
  const url = new URL(address, "http://offline.invalid");
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not a path the router would match either: judged as written.
  }
  const bare = unprefixedPath(path.toLowerCase());
  if (neverKept.some((pattern) => pattern.test(bare))) return false;
  return ![...url.searchParams.keys()].some((name) => secretParameter.test(name));
}

/** The copies kept: scripts and styles of a build (names carry a content hash) and photo copies. */
export function isKeptFile(pathname: string): "assets" | "photos" | null {
  if (pathname.startsWith("/assets/")) return "assets";
  if (pathname.startsWith("/photos/")) return "photos";
  return null;
}
