import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixConfig from "../../remix.config.js";
import { serviceWorkerSource } from "../../scripts/lib/service-worker-source";
import { lingui } from "@lingui/vite-plugin";
import { linguiMacros } from "../../scripts/lib/lingui-macros";

/**
 * The app as Vite serves it, without the Cloudflare dev proxy: tests load Remix's server build from
 * it and answer requests with their own load context (fresh Miniflare bindings).
 */
export default defineConfig({
  root: new URL("../..", import.meta.url).pathname,
  logLevel: "error",
  // Lingui's macros and catalogues, as in vite.config.ts (decision 057).
  plugins: [linguiMacros(), lingui(), remix(remixConfig), serviceWorkerSource()],
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
  // As on Workers: the web-stream build of react-dom/server.
  ssr: {
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker", "browser"] },
  },
});
