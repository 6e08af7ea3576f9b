import { describe, expect, it } from "vitest";
import { daysBetween, isShelterDay, monthOf, shelterDayOf } from "./shelter-day";

describe("shelter days", () => {
  it("are the shelter's calendar days, whatever zone the Worker runs in", () => {
    expect(shelterDayOf(Date.UTC(2026, 10, 1, 6, 59), "America/Los_Angeles")).toBe("2026-10-31");
    expect(shelterDayOf(Date.UTC(2026, 10, 1, 7, 0), "America/Los_Angeles")).toBe("2026-11-01");
    expect(shelterDayOf(Date.UTC(2026, 6, 1, 6, 59), "America/Los_Angeles")).toBe("2026-06-30");
  });

  it("take real calendar days only", () => {
    expect(["2026-02-28", "2028-02-29"].every(isShelterDay)).toBe(true);
    expect(["2026-02-29", "2026-13-01", "2026-1-1", "", "2026-01-01T00:00"].some(isShelterDay)).toBe(false);
  });

  it("count whole days across a daylight-saving change and name the month", () => {
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-01-01", "2026-01-01")).toBe(0);
    expect(monthOf("2026-11-28")).toBe("2026-11");
  });
});
