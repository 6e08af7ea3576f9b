import type { Plugin } from "vite";

const esm = "/node_modules/@remix-run/react/dist/esm/";

/**
 * Remix's browser code carries, besides the paths our configuration takes, those of the modes it does
 * not: data fetched per route (`?_data`, deferred streams) before single fetch, SPA mode, and routes
 * known up front instead of discovered. Each branch is chosen at run time from `window.__remixContext`,
 * so the minifier keeps them all. This plugin writes the answers in, for the browser build only, and the
 * minifier drops the rest: 2.0 KB gzip less on every page (decision 061). It refuses to build with a
 * configuration whose answers differ, and fails loudly when Remix's code no longer reads as expected.
 */
const edits: [file: string, from: string | RegExp, to: string][] = [
  ["browser.js", /window\.__remixContext\.isSpaMode/g, "false"],
  ["browser.js", /window\.__remixContext\.future\.v3_singleFetch/g, "true"],
  ["routeModules.js", /window\.__remixContext\.isSpaMode/g, "false"],
  ["components.js", /\bfuture\.v3_singleFetch\b/g, "true"],
  ["links.js", /\bfuture\.v3_singleFetch\b/g, "true"],
  ["fog-of-war.js", "future.v3_lazyRouteDiscovery === true", "true"],
  // With single fetch every loader and action gets the `singleFetch` function: the `?_data` request is never made.
  [
    "routes.js",
    "let result = await fetchServerHandler(request, route);\n      return unwrap ? unwrapServerResponse(result) : result;",
    'throw new Error("single fetch only");',
  ],
];

/** `isSpaMode` where it decides something, in the modules that take it as a parameter: never true here. */
const spaModeUses: [RegExp, string][] = [
  [/\bif \(isSpaMode\)/g, "if (false)"],
  [/\bisSpaMode &&/g, "false &&"],
  [/!isSpaMode\b/g, "true"],
  [/\bisSpaMode \?/g, "false ?"],
];
const takesSpaMode = new Set(["routes.js", "components.js", "fog-of-war.js", "scroll-restoration.js"]);

export function remixSingleFetchOnly(config: { ssr?: boolean; future?: Record<string, unknown> }): Plugin {
  const { ssr = true, future = {} } = config;
  if (!ssr || future.v3_singleFetch !== true || future.v3_lazyRouteDiscovery !== true) {
    throw new Error(
      "remix-single-fetch-only: written for server rendering with v3_singleFetch and v3_lazyRouteDiscovery on; remove it from vite.config.ts to change them",
    );
  }
  return {
    name: "remix-single-fetch-only",
    apply: "build",
    transform(code, id, options) {
      if (options?.ssr || !id.includes(esm)) return undefined;
      const file = id.slice(id.indexOf(esm) + esm.length).split("?")[0] ?? "";
      let out = code;
      for (const [target, from, to] of edits) {
        if (target !== file) continue;
        const next = out.replace(from, to);
        if (next === out)
          throw new Error(
            `remix-single-fetch-only: ${String(from)} not found in ${file}; check it after updating @remix-run/react`,
          );
        out = next;
      }
      if (takesSpaMode.has(file)) for (const [from, to] of spaModeUses) out = out.replace(from, to);
      return out === code ? undefined : { code: out, map: null };
    },
  };
}
