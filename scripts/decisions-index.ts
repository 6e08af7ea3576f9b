/**
 * Writes docs/decisions/README.md: every decision record with its title, date and status, and what
 * changed it since: the "> Amended by" / "> Extended by" / "> Superseded by" lines a record carries
 * under its title, the later records whose own status says they amend or extend it, and a part its
 * text says was superseded ("Superseded by decision NNN: …"). A number with no record is listed with
 * the reason it has none (`unusedNumbers`; a unit test fails on a gap without one).
 * Run `npx tsx scripts/decisions-index.ts` after adding or amending a record; a unit test checks it is current.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const folder = path.resolve(import.meta.dirname, "../docs/decisions");

/**
 * Numbers without a record, and why. No commit in the repository's history ever held a file with these
 * numbers (`git log --all -- 'docs/decisions/044*'` and the others are empty) and no record, commit
 * message or issue names them. A number is handed to a parallel branch with its task, before the work
 * (045 was committed before 043); a branch that only amended existing records left its number unused.
 */
export const unusedNumbers: Record<string, string> = {
  "044":
    "never written: no commit has a record with this number and nothing names it (numbers go to parallel branches with their tasks; this one was not used)",
  "049":
    "never written: no commit has a record with this number and nothing names it (numbers go to parallel branches with their tasks; this one was not used)",
  "054":
    "never written: no commit has a record with this number and nothing names it (numbers go to parallel branches with their tasks; this one was not used)",
  "056":
    "never written: no commit has a record with this number and nothing names it (numbers go to parallel branches with their tasks; this one was not used)",
};

interface DecisionRecord {
  number: string;
  name: string;
  title: string;
  date: string;
  /** The status paragraph after "Status:", however many lines it runs to. */
  status: string;
  /** The record's own "> … by …" lines under its title. */
  notes: string[];
  /** Numbers this record's status says it amends or extends. */
  amends: string[];
  /** "Superseded by decision NNN: what" lines in the record's text (a part of it no longer holds). */
  supersededParts: { by: string; what: string }[];
}

const escapeCells = (text: string) => text.replaceAll("|", "\\|");

function parse({ name, text }: { name: string; text: string }): DecisionRecord {
  const number = name.slice(0, 3);
  const title = text.match(/^# \d{3}: (.+)$/m)?.[1] ?? name;
  // The paragraph that starts with "Date:": a status may run on to the next lines (053's amendment).
  const metaParagraph = text.match(/^Date: [^\n]*(?:\n(?!\s*\n)(?!#)[^\n]+)*/m)?.[0].replace(/\s*\n\s*/g, " ") ?? "";
  const date = metaParagraph.match(/^Date: ([\d-]+)/)?.[1] ?? "";
  const status = metaParagraph.match(/Status: (.+)$/)?.[1]?.trim() ?? "accepted";
  const notes = [...text.matchAll(/^> ((?:Amended|Extended|Replaced|Superseded)(?: in part)? by [^\n]+)$/gm)].map(
    (match) => match[1]!,
  );
  const amends = [...status.matchAll(/\b(?:amends|extends)\b([^;)]*)/g)].flatMap(
    (match) => match[1]!.match(/\b\d{3}\b/g) ?? [],
  );
  const supersededParts = [
    ...text.matchAll(/^\s*-?\s*Superseded by decision (\d{3}):\s*([^\n]+(?:\n(?!\s*-|\s*\n)[^\n]+)*)/gm),
  ].map((match) => ({
    by: match[1]!,
    what: match[2]!.replace(/\s*\n\s*/g, " ").trim(),
  }));
  return { number, name, title, date, status, notes, amends, supersededParts };
}

export function decisionsIndex(files: { name: string; text: string }[]): string {
  const records = files
    .filter(({ name }) => /^\d{3}-.+\.md$/.test(name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(parse);
  const byNumber = new Map(records.map((record) => [record.number, record]));
  const link = (number: string) => {
    const record = byNumber.get(number);
    return record ? `[${number}](${record.name})` : number;
  };
  const rows: { number: string; row: string }[] = records.map((record) => {
    // Later records that say they amend this one, where this one does not already point to them.
    const named = new Set(record.notes.flatMap((note) => note.match(/\b\d{3}\b/g) ?? []));
    const amendedBy = records.filter(
      (other) => other.number !== record.number && other.amends.includes(record.number) && !named.has(other.number),
    );
    // Wholly superseded: its own status or a note under its title says so.
    const superseded =
      /^superseded/i.test(record.status) || record.notes.some((note) => /^(?:Superseded|Replaced) by/.test(note));
    const status = [
      superseded && !/^superseded/i.test(record.status)
        ? `**superseded**; ${record.status}`
        : record.status.replace(/^superseded/i, "**superseded**"),
      ...record.notes,
      ...(amendedBy.length > 0
        ? [`Amended by ${amendedBy.map((other) => link(other.number)).join(", ")} (as their status says)`]
        : []),
      ...record.supersededParts.map(({ by, what }) => `**Superseded in part** by ${link(by)}: ${what}`),
    ]
      .filter(Boolean)
      .map((part) => part!.replace(/\.$/, ""))
      .join(". ");
    return {
      number: record.number,
      row: `| [${record.number}](${record.name}) | ${escapeCells(record.title)} | ${record.date} | ${escapeCells(status)} |`,
    };
  });
  const numbers = records.map((record) => Number(record.number));
  for (let number = Math.min(...numbers); number <= Math.max(...numbers); number++) {
    const key = String(number).padStart(3, "0");
    if (byNumber.has(key)) continue;
    rows.push({
      number: key,
      row: `| ${key} | (no record) | | ${escapeCells(unusedNumbers[key] ?? "missing: no record and no reason given in scripts/decisions-index.ts")} |`,
    });
  }
  rows.sort((a, b) => a.number.localeCompare(b.number));
  return [
    "# Decision records",
    "",
    "Each record says what we chose, why, and what follows (context, decision, consequences). A record that a",
    "later one changed says so under its title and points to it; the index adds the later records whose status",
    "says they amend it, and marks **superseded** a record (or the part of one) that a later one replaced.",
    "Numbers without a record say why. Written by `scripts/decisions-index.ts`.",
    "",
    "| # | decision | date | status |",
    "| --- | --- | --- | --- |",
    ...rows.map(({ row }) => row),
    "",
  ].join("\n");
}

/** Numbers between the first and the last record that have neither a record nor a reason in `unusedNumbers`. */
export function unexplainedGaps(names: string[]): string[] {
  const numbers = names.filter((name) => /^\d{3}-.+\.md$/.test(name)).map((name) => Number(name.slice(0, 3)));
  const gaps: string[] = [];
  for (let number = Math.min(...numbers); number <= Math.max(...numbers); number++) {
    const key = String(number).padStart(3, "0");
    if (!numbers.includes(number) && !unusedNumbers[key]) gaps.push(key);
  }
  return gaps;
}

export function readDecisions() {
  return readdirSync(folder).map((name) => ({ name, text: readFileSync(path.join(folder, name), "utf8") }));
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(path.join(folder, "README.md"), decisionsIndex(readDecisions()));
}
