import {
  cloudflareDevProxyVitePlugin,
  vitePlugin as remix,
} from "@remix-run/dev";
import { defineConfig } from "vite";
import type { RollupOptions } from "rollup";
import remixConfig from "./remix.config.js";
import { getLoadContext } from "./server/load-context";
import { serviceWorkerSource } from "./scripts/lib/service-worker-source";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** React and the Remix runtime load on every page: one file compresses better than several. */
function runtimeChunk(id: string) {
  if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run|turbo-stream)\//.test(id)) return "runtime";
  return undefined;
}

/**
 * Two notices every build printed that say nothing about our code: a published package's comment that
 * looks like a misplaced `@__PURE__` (zod's own), and the empty client chunk of each resource route.
 */
const quietWarnings: RollupOptions["onwarn"] = (warning, warn) => {
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
  if (warning.code === "EMPTY_BUNDLE") return;
  warn(warning);
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // The dev proxy starts workerd; only `vite dev` needs it (a build would never exit).
    command === "serve" && cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix(remixConfig),
    serviceWorkerSource(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    // Terser: 3.6 KB less gzip on the runtime chunk than esbuild's minifier (decision 039).
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild
      ? // Rollup hoists a chunk's transitive imports as bare `import "pkg"` lines (a head start for
        // browsers); wrangler's esbuild, which bundles the server, drops each with a warning.
        { onwarn: quietWarnings, output: { hoistTransitiveImports: false } }
      : { onwarn: quietWarnings, output: { manualChunks: runtimeChunk } },
  },
}));
