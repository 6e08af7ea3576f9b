import source from "virtual:service-worker-source";
import { shelter } from "#app/config/shelter";
import { offlineCachePrefix } from "#app/lib/http/offline-pages";

/**
 * What a worker script says once the site retires its service worker (SERVICE_WORKER = "off",
 * decision 050): it takes over at once, deletes every cache the site's workers made and unregisters
 * itself. It has no fetch handler, so until the page is next loaded every request goes to the network.
 */
export const retiringWorker = `self.addEventListener("install", (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const key of await caches.keys()) if (key.startsWith("${offlineCachePrefix}")) await caches.delete(key);
  await self.registration.unregister();
})()));
`;

/** A value written into a string literal of the built script, whatever its quotes: anything but plain characters as \\u escapes. */
const literal = (value: string) =>
  value.replace(/[^\w ./-]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * The service worker script of this build: app/service-worker/worker.ts as vite.config.ts built it,
 * with the build's version (its caches' names: a new deploy gets new caches and deletes the old),
 * the shelter's time zone and name filled in. The retiring script when the worker is off.
 */
export function serviceWorkerScript(enabled: boolean, build: string): string {
  if (!enabled) return retiringWorker;
  return source
    .replaceAll("__BUILD__", literal(build))
    .replaceAll("__TIME_ZONE__", literal(shelter.openingHours.timeZone))
    .replaceAll("__SITE_NAME__", literal(shelter.name));
}
