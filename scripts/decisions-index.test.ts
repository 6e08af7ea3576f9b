import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decisionsIndex, readDecisions, unexplainedGaps } from "./decisions-index";

describe("the decision records' index", () => {
  it("lists every record as it is now (run `npx tsx scripts/decisions-index.ts` after changing one)", () => {
    const written = readFileSync(path.resolve(import.meta.dirname, "../docs/decisions/README.md"), "utf8");
    expect(written).toBe(decisionsIndex(readDecisions()));
  });

  it("shows a record's amendment beside its status", () => {
    const index = decisionsIndex([
      {
        name: "001-first.md",
        text: "# 001: First\n\n> Amended by [002](002-second.md): more.\n\nDate: 2026-11-22 · Status: accepted\n",
      },
      { name: "002-second.md", text: "# 002: Second | piped\n\nDate: 2026-11-23 · Status: accepted (amends 001)\n" },
    ]);
    expect(index).toContain(
      "| [001](001-first.md) | First | 2026-11-22 | accepted. Amended by [002](002-second.md): more |",
    );
    expect(index).toContain("| [002](002-second.md) | Second \\| piped | 2026-11-23 | accepted (amends 001) |");
  });
});

describe("what the index says beyond each record's own lines", () => {
  const record = (name: string, head: string, body = "") => ({
    name,
    text: `# ${name.slice(0, 3)}: Title ${name.slice(0, 3)}\n\n${head}\n\n## Context\n${body}`,
  });

  it("reads a status that runs over several lines to its end", () => {
    const index = decisionsIndex([
      record(
        "001-a.md",
        "Date: 2026-11-25 · Status: accepted (issue 25) · Amended 2026-11-26:\nplacements, notes\napproved by staff.",
      ),
    ]);
    expect(index).toContain(
      "| 2026-11-25 | accepted (issue 25) · Amended 2026-11-26: placements, notes approved by staff |",
    );
  });

  it("lists every amendment line under the title, and the later records whose status says they amend it", () => {
    const index = decisionsIndex([
      record(
        "001-a.md",
        "> Amended by [002](002-b.md): one.\n\n> Amended by [003](003-c.md): two.\n\nDate: 2026-11-22 · Status: accepted",
      ),
      record("002-b.md", "Date: 2026-11-23 · Status: accepted (amends 001)"),
      record("003-c.md", "Date: 2026-11-23 · Status: accepted (amends 001)"),
      record("004-d.md", 'Date: 2026-11-24 · Status: accepted (issue 9; amends 001\'s "No purge", 003)'),
    ]);
    expect(index).toContain(
      "| accepted. Amended by [002](002-b.md): one. Amended by [003](003-c.md): two. Amended by [004](004-d.md) (as their status says) |",
    );
    expect(index).toContain(
      "| [003](003-c.md) | Title 003 | 2026-11-23 | accepted (amends 001). Amended by [004](004-d.md) (as their status says) |",
    );
  });

  it("marks a record superseded, wholly or in part", () => {
    const index = decisionsIndex([
      record(
        "001-a.md",
        "Date: 2026-11-22 · Status: accepted",
        "- Superseded by decision 002: one nonce\n  for six minutes; now one per answer.\n- Other.\n",
      ),
      record("002-b.md", "> Superseded by [003](003-c.md): all of it.\n\nDate: 2026-11-23 · Status: accepted"),
      record("003-c.md", "Date: 2026-11-24 · Status: accepted"),
    ]);
    expect(index).toContain(
      "| accepted. **Superseded in part** by [002](002-b.md): one nonce for six minutes; now one per answer |",
    );
    expect(index).toContain("| **superseded**; accepted. Superseded by [003](003-c.md): all of it |");
  });

  it("says why a number has no record, and names a gap nobody explained", () => {
    const index = decisionsIndex([
      record("043-a.md", "Date: 2026-11-24 · Status: accepted"),
      record("047-b.md", "Date: 2026-11-24 · Status: accepted"),
    ]);
    expect(index).toMatch(/\| 044 \| \(no record\) \| \| never written: /);
    expect(index).toContain(
      "| 045 | (no record) | | missing: no record and no reason given in scripts/decisions-index.ts |",
    );
    expect(unexplainedGaps(["043-a.md", "047-b.md"])).toEqual(["045", "046"]);
  });

  it("leaves no number of the real records unexplained", () => {
    expect(unexplainedGaps(readDecisions().map(({ name }) => name))).toEqual([]);
  });
});
