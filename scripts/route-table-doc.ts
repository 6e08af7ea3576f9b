/**
 * Writes the URL → file table of docs/architecture.md from app/route-table.ts (decision 069), between
 * its two marker comments. Run `npx tsx scripts/route-table-doc.ts` after changing the table; a unit
 * test (scripts/route-table-doc.test.ts) checks the page is current.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { flatRouteTable } from "../app/route-table";

export const architecturePage = path.resolve(import.meta.dirname, "../docs/architecture.md");
const start = "<!-- route table: written by scripts/route-table-doc.ts -->";
const end = "<!-- end of the route table -->";

/** The table as Markdown: one row per route, URL as a visitor types it (the Spanish prefix shown as /es). */
export function routeTableMarkdown(): string {
  const rows = flatRouteTable().map((entry) => {
    const url = `/${entry.fullPath}`
      .replace(/^\/es\?(\/|$)/, "(/es)$1")
      .replace(/\/\*$/, "/… (anything else)")
      .replace(/:(\w+)/g, "{$1}");
    const kind = entry.children ? "layout" : entry.index ? "index" : "";
    return `| \`${url === "(/es)" ? "(/es)/" : url}\` | [\`app/${entry.file}\`](../app/${entry.file}) | ${kind} |`;
  });
  return [start, "| URL | file | |", "| --- | --- | --- |", ...rows, end].join("\n");
}

/** The page with its table replaced by the current one. */
export function withCurrentTable(page: string): string {
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`docs/architecture.md has no route table markers (${start})`);
  return page.slice(0, from) + routeTableMarkdown() + page.slice(to + end.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(architecturePage, withCurrentTable(readFileSync(architecturePage, "utf8")));
}
