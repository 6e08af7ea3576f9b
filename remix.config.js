// Options of the Remix Vite plugin. vite.config.ts imports them, so this is the one place they live.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  // Helpers that serve only some routes sit beside them as *.server.ts modules; they are not routes.
  ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/*.server.*"],
  // Every page of the main layout, the e-mailed confirmation link and the flyer, at its English address and under
  // /es/ (decision 057): the layout's path is the optional segment "es?", declared here once for all of
  // its child routes, which keep their ids and files.
  routes: async (defineRoutes) =>
    defineRoutes((route) => {
      route("es?", "routes/_main.tsx", { id: "routes/_main" });
      route("es?/confirm-email", "routes/confirm-email.tsx", { id: "routes/confirm-email" });
      // The printable flyer (outside the layout) prints in Spanish too, its QR code to the Spanish page.
      route("es?/adopt/flyer", "routes/adopt.flyer.tsx", { id: "routes/adopt.flyer" });
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
