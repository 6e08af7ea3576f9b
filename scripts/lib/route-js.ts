import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}

/** The routes of the pages whose JavaScript has a budget (DESIGN.md §5), and the pages with forms. */
export const weighedRoutes = [
  "routes/_main._index",
  "routes/_main.adopt.$species",
  "routes/_main.adopt.pet",
  "routes/match",
  "routes/_main.register",
  "routes/_main.sign-in",
  "routes/_main.petadmin.create",
] as const;

/**
 * The JavaScript a route's page loads from the build (the entry and every module of
 * the route and its parents, with their static imports; gzip level 6 as in the benchmark), and what it
 * may load later on demand (the form checks of docs/decisions/037). Inline scripts are not counted:
 * `npm run bench` weighs whole pages.
 */
export function routeScriptSizes(clientDir: string, routeIds: readonly string[] = weighedRoutes) {
  const assets = path.join(clientDir, "assets");
  const manifestFile = readdirSync(assets).find((file) => /^manifest-.*\.js$/.test(file));
  if (!manifestFile) throw new Error(`no Remix manifest in ${assets}: build first`);
  const source = readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, ManifestRoute>;
  };
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(clientDir, file)), { level: 6 }).byteLength / 1024;
  const round = (value: number) => Math.round(value * 10) / 10;
  return routeIds.map((id) => {
    // Not the manifest file: with lazy route discovery the page carries its own routes inline.
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    for (
      let route: ManifestRoute | undefined = manifest.routes[id];
      route;
      route = route.parentId ? manifest.routes[route.parentId] : undefined
    ) {
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    const onLoad = [...files].reduce((sum, file) => sum + gzipKb(file), 0);
    const lazy = lazyImportsOf(clientDir, [...files]);
    return { route: id, jsKb: round(onLoad), onDemandKb: round(lazy.reduce((sum, file) => sum + gzipKb(file), 0)) };
  });
}

/** Files the page's modules import with `import()` (and theirs), not already loaded. */
function lazyImportsOf(clientDir: string, loaded: string[]) {
  const seen = new Set(loaded);
  const queue = [...loaded];
  const lazy: string[] = [];
  while (queue.length > 0) {
    const code = readFileSync(path.join(clientDir, queue.shift()!), "utf8");
    for (const [, name] of code.matchAll(/"\.\/([\w.$-]+\.js)"/g)) {
      const file = `/assets/${name}`;
      if (seen.has(file)) continue;
      seen.add(file);
      lazy.push(file);
      queue.push(file);
    }
  }
  return lazy;
}
