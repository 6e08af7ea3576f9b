/**
 * Writes docs/decisions/README.md: every decision record with its title, date and status, and what
 * amended it (the "> Amended by" / "> Extended by" line a record carries under its title).
 * Run `npx tsx scripts/decisions-index.ts` after adding or amending a record; a unit test checks it is current.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const folder = path.resolve(import.meta.dirname, "../docs/decisions");

export function decisionsIndex(files: { name: string; text: string }[]): string {
  const rows = files
    .filter(({ name }) => /^\d{3}-.+\.md$/.test(name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ name, text }) => {
      const title = (text.match(/^# \d{3}: (.+)$/m)?.[1] ?? name).replaceAll("|", "\\|");
      const meta = text.match(/^Date: ([\d-]+).*?Status: ([^\n]+)$/m);
      const note = text.match(/^> ((?:Amended|Extended|Replaced) by [^\n]+)$/m)?.[1];
      const status = [meta?.[2]?.trim() ?? "accepted", note].filter(Boolean).join(". ").replaceAll("|", "\\|");
      return `| [${name.slice(0, 3)}](${name}) | ${title} | ${meta?.[1] ?? ""} | ${status} |`;
    });
  return [
    "# Decision records",
    "",
    "Each record says what we chose, why, and what follows (context, decision, consequences). A record that a",
    "later one changed says so under its title and points to it. Written by `scripts/decisions-index.ts`.",
    "",
    "| # | decision | date | status |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

export function readDecisions() {
  return readdirSync(folder).map((name) => ({ name, text: readFileSync(path.join(folder, name), "utf8") }));
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(path.join(folder, "README.md"), decisionsIndex(readDecisions()));
}
