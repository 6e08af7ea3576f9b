// Options of the Remix Vite plugin. vite.config.ts imports them, so this is the one place they live.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  // Helpers that serve only some routes sit beside them as *.server.ts modules; they are not routes.
  ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/*.server.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
