/**
 * The service worker (decision 050): keeps the pages, scripts, styles and photos a visitor has seen so
 * they open without a signal, with a notice saying when they were seen.
 * - Pages: network first, always. A copy is kept only when the network answered 200; the copy is
 *   used only when the network does not answer. What a signed-in session saw is kept apart, under its
 *   viewer key (a digest of the session cookie the Worker sends as X-Viewer-Key), and is dropped as soon
 *   as an answer comes for another viewer (signed out, someone else signed in) or a sign-out is posted.
 * - Remix data requests (`.data`): network only, never kept; the page turns a failed one into a whole
 *   page load, which comes here (entry.client.tsx).
 * - `/assets/*` (names carry a content hash) and `/photos/*` (copies never change): cache first.
 *   Other same-origin images (logo, sponsors' logos): network first, the copy when offline. Nothing
 *   else is touched (feeds, downloads).
 * - Every cache is named after the build it serves; activating a new build's worker deletes the rest.
 * app/service-worker/source.server.ts builds this file into one script and fills in the placeholders.
 */
import {
  isDataPath,
  isKeptFile,
  mayKeepPage,
  offlineAttribute,
  offlineCachePrefix,
  offlineNoticeId,
  offlineLanguageOfPage,
  offlineLanguageOfPath,
  offlineNoticeText,
  offlineWords,
  savedAtHeader,
  viewerHeader,
  type OfflineLanguage,
} from "#app/lib/http/offline-pages";

// The service worker's own API, as much of it as this file uses (the project's types are the DOM's and Workers').
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwFetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface SwMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: SwFetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: SwMessageEvent) => void): void;
}
const worker = self as unknown as ServiceWorkerScope;
const storage = caches as unknown as CacheStorage;

// Filled in when the script is served (source.server.ts).
const build = "__BUILD__";
const timeZone = "__TIME_ZONE__";
const siteName = "__SITE_NAME__";

const cacheName = (part: string) => `${offlineCachePrefix}${build}-${part}`;
const publicPages = cacheName("pages");
const personalPages = cacheName("pages-of-");
const stateKey = "/__viewer";
/** The viewers signed out on this phone: a request sent with the old cookie just before the sign-out is answered for it after. */
const signedOutKey = "/__signed-out";
const publicViewer = "";
/** The most copies kept per cache; the oldest go first. */
const limits = { pages: 60, photos: 240, assets: 200, files: 40 } as const;
const matchOptions = { ignoreVary: true };
/**
 * Bumped by a sign-out and by the first answer for another viewer: an answer to a request sent before
 * (a slow page of the last account) neither changes the viewer nor is kept.
 */
let epoch = 0;

worker.addEventListener("install", (event) => event.waitUntil(worker.skipWaiting()));

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await storage.keys())
        if (key.startsWith(offlineCachePrefix) && !key.startsWith(cacheName(""))) await storage.delete(key);
      await worker.clients.claim();
    })(),
  );
});

/** The page that registered the worker was loaded before the worker: it sends its address and files to keep. */
worker.addEventListener("message", (event) => {
  const urls = (event.data as { keep?: unknown } | null)?.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil(
    Promise.all(
      urls.map(async (href: unknown) => {
        if (typeof href !== "string") return;
        const url = new URL(href, worker.location.href);
        if (url.origin !== worker.location.origin) return;
        const kind = isKeptFile(url.pathname);
        const started = epoch;
        if (kind) await fromCacheFirst(new Request(url), kind, event);
        else if (!isDataPath(url.pathname))
          await keepPage(url, await fetch(url, { credentials: "same-origin", cache: "no-cache" }), started);
      }),
    ).catch(() => undefined),
  );
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.method !== "GET") {
    // Signing out: the session's pages go before the request does, whatever its answer.
    if (url.pathname === "/logout" || url.pathname === "/logout.data")
      event.respondWith(forgetViewer().then(() => fetch(request)));
    return;
  }
  if (request.mode === "navigate") event.respondWith(page(request, url, event));
  else if (isDataPath(url.pathname)) event.respondWith(data(request, event));
  else {
    const kind = isKeptFile(url.pathname);
    if (kind) event.respondWith(fromCacheFirst(request, kind, event));
    // The logo and sponsors' logos; anything else (feeds, downloads) goes to the network untouched.
    else if (request.destination === "image") event.respondWith(fromNetworkFirst(request, event));
  }
});

async function page(request: Request, url: URL, event: ExtendableEvent): Promise<Response> {
  const started = epoch;
  let response: Response;
  try {
    // Past the browser's own cache, whose copy of a public page may be minutes old (stale-while-revalidate
    // is meant for the edge): the server answers 304 when the copy is still the page.
    response = await fetch(request, { cache: "no-cache" });
  } catch {
    return (await keptPage(url)) ?? (await offlinePage(offlineLanguageOfPath(url.pathname)));
  }
  event.waitUntil(keepPage(url, response.clone(), started).catch(() => undefined));
  return response;
}

async function data(request: Request, event: ExtendableEvent): Promise<Response> {
  const started = epoch;
  const response = await fetch(request);
  if (response.type === "basic") event.waitUntil(noteViewer(viewerOf(response), started).catch(() => undefined));
  return response;
}

/** Who an answer of the Worker was rendered for ("" for anyone). */
const viewerOf = (response: Response) => response.headers.get(viewerHeader) ?? publicViewer;

async function currentViewer(): Promise<string> {
  const stored = await (await storage.open(cacheName("state"))).match(stateKey);
  return stored ? await stored.text() : publicViewer;
}

/**
 * An answer for `viewer` came, to a request sent at `started`: every other session's pages go. Returns
 * the epoch the answer belongs to, or null when a sign-out or another viewer came since it was sent.
 */
async function noteViewer(viewer: string, started: number): Promise<number | null> {
  if (started !== epoch || (await signedOut()).includes(viewer)) return null;
  const current = await currentViewer();
  if (started !== epoch) return null;
  if (current !== viewer) {
    epoch += 1;
    await (await storage.open(cacheName("state"))).put(stateKey, new Response(viewer));
  }
  const mine = epoch;
  await dropPersonalPages(viewer);
  return mine;
}

async function signedOut(): Promise<string[]> {
  const stored = await (await storage.open(cacheName("state"))).match(signedOutKey);
  return stored ? (await stored.text()).split(" ").filter(Boolean) : [];
}

async function forgetViewer() {
  epoch += 1;
  const state = await storage.open(cacheName("state"));
  const viewer = await currentViewer();
  if (viewer !== publicViewer)
    await state.put(signedOutKey, new Response([...(await signedOut()).slice(-19), viewer].join(" ")));
  await dropPersonalPages(publicViewer);
  await state.put(stateKey, new Response(publicViewer));
}

async function dropPersonalPages(except: string) {
  for (const key of await storage.keys())
    if (key.startsWith(personalPages) && key !== personalPages + except) await storage.delete(key);
}

const pagesOf = (viewer: string) => (viewer === publicViewer ? publicPages : personalPages + viewer);
const pageKey = (url: URL) => url.origin + url.pathname + url.search;

/** Keeps a page the network answered (to a request sent at `started`), for the viewer it was rendered for. */
async function keepPage(url: URL, response: Response, started: number) {
  const type = response.headers.get("Content-Type") ?? "";
  if (response.type !== "basic" || response.redirected || !type.startsWith("text/html")) return;
  const viewer = viewerOf(response);
  const keep = response.status === 200 && mayKeepPage(url.pathname + url.search);
  const body = keep ? await response.arrayBuffer() : null;
  const mine = await noteViewer(viewer, started);
  if (mine === null || !body) return;
  const title = new TextDecoder().decode(body).match(/<title>([^<]*)<\/title>/)?.[1] ?? url.pathname;
  const headers = new Headers(response.headers);
  headers.set(savedAtHeader, new Date().toISOString());
  headers.set("X-Offline-Title", encodeURIComponent(title));
  await put(pagesOf(viewer), pageKey(url), new Response(body, { status: 200, headers }), limits.pages);
  // Signed out (or someone else's answer came) while it was being written: it goes again.
  if (epoch !== mine) {
    if (viewer === publicViewer) await (await storage.open(publicPages)).delete(pageKey(url));
    else await storage.delete(pagesOf(viewer));
  }
}

async function put(name: string, key: Request | string, response: Response, limit: number) {
  const cache = await storage.open(name);
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old);
}

/** The copy of a page this viewer may see, with the offline notice written in. */
async function keptPage(url: URL): Promise<Response | null> {
  const viewer = await currentViewer();
  const names = viewer === publicViewer ? [publicPages] : [pagesOf(viewer), publicPages];
  for (const name of names) {
    const copy = (await storage.has(name))
      ? await (await storage.open(name)).match(pageKey(url), matchOptions)
      : undefined;
    if (copy) return withNotice(copy);
  }
  return null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

async function withNotice(copy: Response): Promise<Response> {
  let html = await copy.text();
  const notice = escapeHtml(
    offlineNoticeText(
      new Date(copy.headers.get(savedAtHeader) ?? Date.now()),
      new Date(),
      timeZone,
      offlineLanguageOfPage(html),
    ),
  );
  const element = `<p id="${offlineNoticeId}" class="offline-notice" role="status">${notice}</p>`;
  html = html.replace(/<html\b/, `<html ${offlineAttribute}="${notice}"`);
  html = /<main\b[^>]*>/.test(html)
    ? html.replace(/<main\b[^>]*>/, (tag) => tag + element)
    : html.replace(/<body\b[^>]*>/, (tag) => tag + element);
  const headers = new Headers(copy.headers);
  headers.delete("Content-Length");
  headers.set("Cache-Control", "no-store");
  return new Response(html, { status: 200, headers });
}

/**
 * A page never seen, without a signal: what it is, and links to what is kept (each page once, never one
 * the rules would not keep), in the page's language, under the site's header and with its stylesheet.
 */
async function offlinePage(language: OfflineLanguage): Promise<Response> {
  const words = offlineWords[language];
  const home = language === "es" ? "/es" : "/";
  const viewer = await currentViewer();
  const names = viewer === publicViewer ? [publicPages] : [pagesOf(viewer), publicPages];
  const links: string[] = [];
  // The home page has its own link below.
  const listed = new Set([home]);
  let stylesheet: string | undefined;
  for (const name of names) {
    if (!(await storage.has(name))) continue;
    const cache = await storage.open(name);
    for (const request of [...(await cache.keys())].reverse()) {
      const url = new URL(request.url);
      const address = url.pathname + url.search;
      if (listed.has(address) || !mayKeepPage(address)) continue;
      const copy = await cache.match(request, matchOptions);
      if (!copy) continue;
      listed.add(address);
      stylesheet ??= (await copy.clone().text()).match(/<link rel="stylesheet" href="(\/assets\/app-[^"]+\.css)"/)?.[1];
      const title = decodeURIComponent(copy.headers.get("X-Offline-Title") ?? url.pathname).replace(/ \| .*$/, "");
      links.push(`<li><a href="${escapeHtml(address)}">${escapeHtml(title)}</a></li>`);
    }
  }
  // No page kept (or none listed): the stylesheet a page loaded before, from the kept files.
  stylesheet ??= (await keptStylesheet()) ?? undefined;
  const site = escapeHtml(siteName);
  const page = `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${words.title} | ${site}</title>
${stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : ""}
</head>
<body>
<header class="site-header">
<div class="site-header__bar container">
<a class="brand" href="${home}" aria-label="${escapeHtml(words.brand(siteName))}"><img src="/logo.svg" width="40" height="40" alt=""><span class="brand__name">${site}</span></a>
</div>
</header>
<main id="main" class="standalone offline-page">
<h1>${words.title}</h1>
<p>${words.notSeen}</p>
${
  links.length > 0
    ? `<h2>${words.kept}</h2>\n<ul class="offline-page__list">\n${links.join("\n")}\n</ul>`
    : `<p>${words.noneKept}</p>`
}
<p><a href="${home}">${escapeHtml(words.home(siteName))}</a></p>
</main>
</body>
</html>
`;
  return new Response(page, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    },
  });
}

/** The site's stylesheet (app.css, built as `app-<hash>.css`) among the kept built files, if a page loaded it. */
async function keptStylesheet(): Promise<string | null> {
  if (!(await storage.has(cacheName("assets")))) return null;
  for (const request of await (await storage.open(cacheName("assets"))).keys()) {
    const { pathname } = new URL(request.url);
    if (/^\/assets\/app-[^/]*\.css$/.test(pathname)) return pathname;
  }
  return null;
}

async function fromCacheFirst(request: Request, kind: "assets" | "photos", event: ExtendableEvent): Promise<Response> {
  const cache = await storage.open(cacheName(kind));
  const hit = await cache.match(request, matchOptions);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.type === "basic" && response.status === 200)
    event.waitUntil(put(cacheName(kind), request, response.clone(), limits[kind]).catch(() => undefined));
  return response;
}

async function fromNetworkFirst(request: Request, event: ExtendableEvent): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.type === "basic" && response.status === 200)
      event.waitUntil(put(cacheName("files"), request, response.clone(), limits.files).catch(() => undefined));
    return response;
  } catch (error) {
    const copy = await (await storage.open(cacheName("files"))).match(request, matchOptions);
    if (copy) return copy;
    throw error;
  }
}
