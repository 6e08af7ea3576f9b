import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decisionsIndex, readDecisions } from "./decisions-index";

describe("the decision records' index", () => {
  it("lists every record as it is now (run `npx tsx scripts/decisions-index.ts` after changing one)", () => {
    const written = readFileSync(path.resolve(import.meta.dirname, "../docs/decisions/README.md"), "utf8");
    expect(written).toBe(decisionsIndex(readDecisions()));
  });

  it("shows a record's amendment beside its status", () => {
    const index = decisionsIndex([
      { name: "001-first.md", text: "# 001: First\n\n> Amended by [002](002-second.md): more.\n\nDate: 2026-11-22 · Status: accepted\n" },
      { name: "002-second.md", text: "# 002: Second | piped\n\nDate: 2026-11-23 · Status: accepted (amends 001)\n" },
    ]);
    expect(index).toContain("| [001](001-first.md) | First | 2026-11-22 | accepted. Amended by [002](002-second.md): more. |");
    expect(index).toContain("| [002](002-second.md) | Second \\| piped | 2026-11-23 | accepted (amends 001) |");
  });
});
