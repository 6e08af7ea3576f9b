import path from "node:path";
import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin, type ViteDevServer } from "vite";
import type { GetModuleInfo, RollupOptions } from "rollup";
import remixConfig from "./remix.config.js";
import type { getLoadContext } from "./server/load-context";
import { remixClientScripts } from "./scripts/lib/remix-client-scripts";
import { serviceWorkerSource } from "./scripts/lib/service-worker-source";
import { remixSingleFetchOnly } from "./scripts/lib/remix-single-fetch-only";
import { lingui } from "@lingui/vite-plugin";
import { linguiMacros } from "./scripts/lib/lingui-macros";
import { routeMessages } from "./scripts/lib/route-messages";
import { shelterTextId, shelterTextsEs } from "./app/config/shelter-es";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** The modules every page runs: the browser entry, the root route and the layout of every public page. */
const everyPageEntries = /\/app\/(entry\.client|root|routes\/site\/layout)\.tsx$/;
type ChunkApi = { getModuleInfo: GetModuleInfo; getModuleIds: () => IterableIterator<string> };
let everyPage: Set<string> | undefined;

/** What the entries above import statically, directly or not (a dynamic import loads later, on its own). */
function everyPageModules({ getModuleInfo, getModuleIds }: ChunkApi) {
  if (everyPage) return everyPage;
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const imported of getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  for (const id of getModuleIds()) if (everyPageEntries.test(id)) visit(id);
  everyPage = found;
  return found;
}

/**
 * React, the Remix runtime and our own code that every page runs (the entries above and what they
 * import) go in one file: one file compresses better than several, and each file costs a request and
 * its import lines (decision 039). The entries stay files of their own: Remix loads each by its file.
 */
function runtimeChunk(id: string, api: ChunkApi) {
  if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run|turbo-stream)\//.test(id))
    return "runtime";
  if (!everyPageEntries.test(id) && everyPageModules(api).has(id)) return "runtime";
  // The root and layout routes' own code too: their route files stay, as re-exports Remix loads by address.
  if (/\/app\/(root|routes\/site\/layout)\.tsx$/.test(id) || id.endsWith("/app/components/ui/use-hydrated.ts"))
    return "runtime";
  // Vite's helper for dynamic imports: most pages load a view or a form's check later.
  if (id.includes("vite/preload-helper")) return "runtime";
  // The pieces of a form a visitor fills (field, submit button, server form, its constraints, the
  // honeypot, the live check's loader), in one file: the home page's forms and every other form.
  // The form alert stays alone: /match shows one without a form of these; the message translation
  // both use goes with it (else Rollup puts it in `forms`, which /match would then load).
  if (/\/app\/(components\/ui\/form-alert|lib\/i18n\/form-messages)\.tsx?$/.test(id)) return "form-alert";
  if (
    /\/app\/(components\/(ui\/(field|submit-button|use-server-form|live-validation|error-summary)|honeypot)|lib\/forms\/(form-constraint|honeypot))\.tsx?$/.test(
      id,
    )
  )
    return "forms";
  // The lists' filter controls (sort, checkboxes) in one file, the page links (and the query they
  // carry) in another: the match results show pages, and load their filters' form only when it is
  // opened (decision 061).
  // The pet page shows the actions and a size, none of the list controls; the lists a size, not the
  // actions. The new-pet alerts form loads on its own, when shown (/match, the account page).
  if (/\/app\/components\/(sort-select|checkbox-group)\.tsx$/.test(id)) return "pet-lists";
  if (/\/app\/(components\/pagination\.tsx|lib\/pets\/filters-query\.ts)$/.test(id)) return "pagination";
  if (id.endsWith("/app/components/pet-actions.tsx")) return "pet-actions";
  if (id.endsWith("/app/lib/pets/pet-sizes.ts")) return "pet-sizes";
  // The pet cards of the home page, the adoption lists and the matches, in one file (pet photos go
  // alone: the application form shows one without a card). A card's facts are a static part, loaded
  // on their own with the breeds' names (decision 061).
  if (id.endsWith("/app/components/pet-photo.tsx")) return "pet-photo";
  if (/\/app\/(components\/(pet-card|favorite-button)|lib\/http\/fetch-priority)\.tsx?$/.test(id)) return "pet-cards";
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

/**
 * The dev proxy's load context, loaded through Vite itself: the app modules it reaches use Lingui's
 * macros, which only Vite's pipeline (the plugin below) compiles; Node cannot import them as they are.
 */
let devServer: ViteDevServer | undefined;
const keepDevServer: Plugin = { name: "keep-dev-server", configureServer: (server) => void (devServer = server) };
const devLoadContext = async (args: Parameters<typeof getLoadContext>[0]) => {
  if (!devServer) throw new Error("The Vite dev server is not running");
  const loadContext = (await devServer.ssrLoadModule("/server/load-context.ts")) as {
    getLoadContext: typeof getLoadContext;
  };
  return loadContext.getLoadContext(args);
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // The dev proxy starts workerd; only `vite dev` needs it (a build would never exit).
    command === "serve" && keepDevServer,
    command === "serve" && cloudflareDevProxyVitePlugin({ getLoadContext: devLoadContext as never }),
    // Messages in two languages (decision 057): the macros compiled away, each catalogue compiled to a module.
    linguiMacros(),
    lingui(),
    remix(remixConfig),
    // The browser's catalogues split by route and lazy module, one language a page (decision 059).
    // After Remix's plugin, whose client route modules it adds to.
    // The shelter's Spanish texts go the same way, each into the catalogue of the code that shows it.
    routeMessages({
      root: import.meta.dirname,
      texts: { file: "app/config/shelter-es.ts", locale: "es", entries: shelterTextsEs, id: shelterTextId },
    }),
    serviceWorkerSource(),
    remixClientScripts(),
    remixSingleFetchOnly(remixConfig),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
    // The browser's Lingui is the part of it that our compiled messages need (decision 060); the
    // server's (and the dev server's, and the tests') is Lingui itself. The macros' imports resolve here too.
    alias:
      command !== "build" || isSsrBuild
        ? []
        : [
            { find: /^@lingui\/core$/, replacement: path.join(import.meta.dirname, "app/locales/browser/core.ts") },
            { find: /^@lingui\/react$/, replacement: path.join(import.meta.dirname, "app/locales/browser/react.tsx") },
          ],
  },
  build: {
    // Browsers from 2021 on (Chrome 94, Safari 15, Firefox 93): optional chaining, class fields and
    // top-level await stay as written, a little less code (decision 039).
    target: "es2022",
    // Terser: 3.6 KB less gzip on the runtime chunk than esbuild's minifier; `pure_getters` (reading
    // a property runs no code: true of React, Remix and ours) 0.5 KB more (decision 039).
    minify: "terser",
    terserOptions: { compress: { passes: 2, pure_getters: true } },
    rollupOptions: isSsrBuild
      ? // Rollup hoists a chunk's transitive imports as bare `import "pkg"` lines (a head start for
        // browsers); wrangler's esbuild, which bundles the server, drops each with a warning.
        { onwarn: quietWarnings, output: { hoistTransitiveImports: false } }
      : { onwarn: quietWarnings, output: { manualChunks: runtimeChunk } },
  },
}));
