import { reportSent } from "#app/components/connection-notices";
import {
  isDataPath,
  noActionDataBody,
  offlineCachePrefix,
  offlineNoticeId,
  pageUrlOfData,
  registerAttribute,
} from "#app/lib/http/offline-pages";

/**
 * The page's side of offline browsing (decision 050), started by entry.client.tsx before hydration.
 */

declare global {
  interface Window {
    /** Remix's data router (set by RemixBrowser). */
    __remixRouter?: { state: { navigation: { location?: { pathname: string } } } };
  }
}

/** The notice the service worker wrote into a kept page: React would not recognise it (OfflineNotice shows it again). */
export function takeOutOfflineNotice() {
  document.getElementById(offlineNoticeId)?.remove();
}

/**
 * Remix's data requests when the network does not answer:
 * - a form's post: answered "no data" with 503, so Remix shows no error page and reloads nothing, the
 *   form keeps what was typed, and NotSentNotice says it was not sent;
 * - a navigation's data: the whole page is loaded instead, which the service worker answers with its
 *   copy and the offline notice, or its offline page.
 * Every other request, and an aborted one, fails as before.
 */
export function answerDroppedDataRequests() {
  const networkFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const ours = url.origin === window.location.origin && isDataPath(url.pathname);
    try {
      const response = await networkFetch(input, init);
      if (ours) reportSent(true);
      return response;
    } catch (error) {
      const aborted = (error instanceof DOMException && error.name === "AbortError") || init?.signal?.aborted;
      if (!ours || aborted) throw error;
      const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
      if (method !== "GET") {
        reportSent(false);
        return new Response(noActionDataBody, { status: 503, headers: { "Content-Type": "text/x-script" } });
      }
      const page = pageUrlOfData(url);
      const navigatingTo = window.__remixRouter?.state.navigation.location?.pathname;
      if (!page || navigatingTo !== page.pathname) throw error;
      window.location.assign(page.href);
      return new Promise<Response>(() => {});
    }
  };
}

/**
 * Once the page has loaded (never before hydration), registers the service worker the page names,
 * or, when the site has retired it ("off"), unregisters any and deletes its caches. The first page a
 * worker sees was loaded before it: the worker is sent its address and files to keep.
 */
export function manageServiceWorker() {
  const wanted = document.documentElement.getAttribute(registerAttribute);
  if (!wanted || !("serviceWorker" in navigator)) return;
  const start = async () => {
    const { serviceWorker } = navigator;
    if (wanted === "off") {
      for (const registration of await serviceWorker.getRegistrations()) await registration.unregister();
      for (const key of await caches.keys()) if (key.startsWith(offlineCachePrefix)) await caches.delete(key);
      return;
    }
    const controlled = serviceWorker.controller !== null;
    await serviceWorker.register(wanted);
    if (controlled) return;
    const { active } = await serviceWorker.ready;
    const files = performance.getEntriesByType("resource").map((entry) => entry.name);
    active?.postMessage({ keep: [window.location.href, ...files] });
  };
  const later = () => setTimeout(() => void start().catch(() => undefined), 0);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
