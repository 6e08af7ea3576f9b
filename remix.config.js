import { routeTable } from "./app/route-table";

// Options of the Remix Vite plugin. vite.config.ts imports them, so this is the one place they live.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  // Every route is in the table of app/route-table.ts (decision 069): the file-name convention is off, so
  // a module sits in app/routes/<area>/ under a plain name and the table says which URL it answers.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    defineRoutes((route) => {
      /** @param {import("./app/route-table").RouteEntry[]} entries */
      const add = (entries) => {
        for (const entry of entries) {
          const options = { id: entry.id, index: entry.index ?? false };
          if (entry.children) route(entry.path, entry.file, options, () => add(entry.children ?? []));
          else route(entry.path, entry.file, options);
        }
      };
      add(routeTable);
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
