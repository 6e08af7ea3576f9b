import { describe, expect, it } from "vitest";
import { reportMonthChoices, reportMonthOf } from "./report-month";

describe("the report's month", () => {
  it("is the month asked for, or the last whole month for anything else", () => {
    expect(reportMonthOf("2026-10", "2026-11-28")).toBe("2026-10");
    expect(reportMonthOf("2026-11", "2026-11-28")).toBe("2026-11");
    for (const value of [null, "", "2026-12", "2026-13", "2026-00", "2016-01", "x", "2026-1", "__proto__"])
      expect(reportMonthOf(value, "2026-11-28"), String(value)).toBe("2026-10");
    expect(reportMonthOf(null, "2026-01-03")).toBe("2025-12");
  });

  it("offers this month and the 35 before it", () => {
    const choices = reportMonthChoices("2026-11-28");
    expect(choices).toHaveLength(36);
    expect([choices[0], choices.at(-1)]).toEqual(["2026-11", "2023-12"]);
  });
});
