import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const routesDir = path.resolve(import.meta.dirname, "../../app/routes");

/**
 * Every route module as Remix's flat routes find it: a file in app/routes (`_main.join.tsx`), or a
 * folder's `route.tsx` (`_main.match/route.tsx`; the other files of a folder are its own views and
 * helpers, not routes). Helpers (`*.server.ts`) and tests are not routes.
 */
export function routeModules(): string[] {
  return readdirSync(routesDir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isDirectory()) {
        const route = readdirSync(path.join(routesDir, entry.name)).find((file) => /^route\.tsx?$/.test(file));
        return route ? [`${entry.name}/${route}`] : [];
      }
      return /\.tsx?$/.test(entry.name) && !/\.(test|server)\.tsx?$/.test(entry.name) ? [entry.name] : [];
    })
    .sort();
}

/** The route modules whose source matches `pattern` (an export of `action` or `loader`). */
export function routeModulesMatching(pattern: RegExp): string[] {
  return routeModules().filter((file) => pattern.test(readFileSync(path.join(routesDir, file), "utf8")));
}
