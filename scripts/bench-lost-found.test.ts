import { describe, expect, it } from "vitest";
import { findMatches } from "#app/lib/lost-found/matching";
import { reportSubject } from "#app/lib/lost-found/subject";
import { measureLostFoundMatching, newLostReport, openFoundReports } from "./bench-lost-found";

describe("the lost and found bench", () => {
  it("generates open found reports the new lost dog matches some of, the same on every machine", () => {
    const rows = openFoundReports(2_000);
    expect(rows).toEqual(openFoundReports(2_000));
    expect(new Set(rows.map((row) => row.species))).toEqual(new Set(["dog", "cat", "other"]));
    const found = findMatches(reportSubject(newLostReport), rows.map(reportSubject));
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(rows.length / 4);
  });

  it("measures the matching as a ratio to a read-only pass over the same reports", () => {
    const result = measureLostFoundMatching({ openReports: 1_000, runs: 5 });
    expect(result).toMatchObject({ openReports: 1_000, runs: 5 });
    expect(result.matchesPerRun).toBeGreaterThan(0);
    expect(result.floorMs).toBeGreaterThan(0);
    expect(result.ratio).toBeGreaterThan(1);
    // The ratio is of the unrounded times; the printed times are rounded (the floor, a few hundredths of a
    // millisecond, to a thousandth: up to 2 % off), so the two agree within a few per cent, not to a unit.
    expect(Math.abs(result.ratio / (result.quietMs / result.floorMs) - 1)).toBeLessThan(0.05);
  });
});
