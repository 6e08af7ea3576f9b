import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("writes the day in the shelter's time zone, with the clock time when asked", () => {
    // 03:30 UTC on the 25th is still the evening of the 24th in Los Angeles.
    expect(formatDate("2026-11-25T03:30:00Z")).toBe("November 24, 2026");
    expect(formatDate(new Date("2026-11-25T03:30:00Z"), { time: true })).toBe("November 24, 2026, 7:30 pm");
    expect(formatDate(Date.UTC(2026, 6, 1, 16), { time: true })).toBe("July 1, 2026, 9 am");
    expect(formatDate("2026-11-25T03:30:00Z", { timeZone: "UTC" })).toBe("November 25, 2026");
  });

  it("is empty for no date", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
  });
});
