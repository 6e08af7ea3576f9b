import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { flatRouteTable } from "../app/route-table";
import { architecturePage, withCurrentTable } from "./route-table-doc";

const appDir = path.resolve(import.meta.dirname, "../app");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe("the route table (app/route-table.ts)", () => {
  const table = flatRouteTable();

  it("is printed in docs/architecture.md as it is now (run `npx tsx scripts/route-table-doc.ts` after changing it)", () => {
    const page = readFileSync(architecturePage, "utf8");
    expect(page).toBe(withCurrentTable(page));
  });

  it("names files that exist, each once, with ids and URLs each once", () => {
    for (const entry of table) expect(existsSync(path.join(appDir, entry.file)), entry.file).toBe(true);
    expect(new Set(table.map((entry) => entry.file)).size).toBe(table.length);
    expect(new Set(table.map((entry) => entry.id)).size).toBe(table.length);
    const urls = table.map((entry) => `${entry.fullPath}${entry.index ? " (index)" : ""}`);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("lists every route module in app/routes: any module with a loader, action or meta of its own (a page, layout or resource left out would answer nothing)", () => {
    const routesDir = path.join(appDir, "routes");
    const listed = new Set(table.map((entry) => path.join(appDir, entry.file)));
    const looksLikeRoute = (file: string) =>
      /\.tsx?$/.test(file) &&
      !/\.(server|test)\.tsx?$/.test(file) &&
      /export\s+((async\s+)?function\s+(loader|action|meta)\b|const\s+(loader|action|meta)\b|\{[^}]*\b(loader|action|meta)\b[^}]*\}\s+from)/.test(
        readFileSync(file, "utf8"),
      );
    const unlisted = filesUnder(routesDir).filter((file) => looksLikeRoute(file) && !listed.has(file));
    expect(unlisted.map((file) => path.relative(appDir, file))).toEqual([]);
    // Every module sits in an area folder: none loose in app/routes.
    expect(
      readdirSync(routesDir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name),
    ).toEqual([]);
  });
});
