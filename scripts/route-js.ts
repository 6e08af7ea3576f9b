/**
 * Per-route JavaScript of the last build, without running the whole benchmark:
 *   tsx scripts/route-js.ts [client build folder, default build/client]
 */
import path from "node:path";
import { routeScriptSizes } from "./lib/route-js";

const clientDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../build/client"));
console.table(
  routeScriptSizes(clientDir).map(({ route, jsKb, onDemandKb }) => ({
    route,
    "JS on load (KB gzip)": jsKb,
    "loaded on first use (KB gzip)": onDemandKb,
  })),
);
