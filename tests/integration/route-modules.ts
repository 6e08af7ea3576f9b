import { readFileSync } from "node:fs";
import path from "node:path";
import { flatRouteTable } from "#app/route-table";

const routesDir = path.resolve(import.meta.dirname, "../../app/routes");

/**
 * Every route module, as the route table (app/route-table.ts, decision 069) names it, relative to
 * app/routes (`site/join.tsx`, `petadmin/edit/route.tsx`).
 */
export function routeModules(): string[] {
  return flatRouteTable()
    .map((entry) => path.relative("routes", entry.file))
    .sort();
}

/** The route modules whose source matches `pattern` (an export of `action` or `loader`). */
export function routeModulesMatching(pattern: RegExp): string[] {
  return routeModules().filter((file) => pattern.test(readFileSync(path.join(routesDir, file), "utf8")));
}
