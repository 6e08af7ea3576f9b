import { describe, expect, test } from "vitest";
import { closeOfNextBusinessDay, formatHoldEnd, formatShelterTime, type OpeningHours } from "./business-hours";

// Tuesday to Sunday, 11 am to 5 pm; closed Mondays and on the listed holidays (as app/config/shelter.ts).
const open = { opens: "11:00", closes: "17:00" };
const hours: OpeningHours = {
  timeZone: "America/Los_Angeles",
  days: { 0: open, 2: open, 3: open, 4: open, 5: open, 6: open },
  holidays: ["2026-11-26", "2026-12-25"],
};

const end = (iso: string) => closeOfNextBusinessDay(new Date(iso), hours).toISOString();

describe("closeOfNextBusinessDay", () => {
  test("a hold set on a weekday ends at the close of the next day (5 pm PST is 01:00 UTC)", () => {
    // Tuesday 24 November 2026, 2 pm shelter time (Los Angeles).
    expect(end("2026-11-24T22:00:00Z")).toBe("2026-11-26T01:00:00.000Z");
  });

  test("a hold set on Saturday ends on Sunday, which is a business day", () => {
    expect(end("2026-11-28T19:00:00Z")).toBe("2026-11-30T01:00:00.000Z");
  });

  test("a hold set on Sunday skips the closed Monday and ends on Tuesday", () => {
    expect(end("2026-11-29T19:00:00Z")).toBe("2026-12-02T01:00:00.000Z");
  });

  test("a hold set on the closed Monday ends on Tuesday", () => {
    expect(end("2026-11-30T19:00:00Z")).toBe("2026-12-02T01:00:00.000Z");
  });

  test("a holiday is skipped: set the day before Thanksgiving, it ends the day after", () => {
    // Wednesday 25 November, noon; Thursday 26 is a holiday, so Friday 27 at 5 pm.
    expect(end("2026-11-25T20:00:00Z")).toBe("2026-11-28T01:00:00.000Z");
  });

  test("a holiday next to a closed day skips both", () => {
    const closedTuesday = { ...hours, holidays: ["2026-12-01"] };
    // Sunday 29 November: Monday closed, Tuesday a holiday, so Wednesday 2 December.
    expect(closeOfNextBusinessDay(new Date("2026-11-29T19:00:00Z"), closedTuesday).toISOString()).toBe(
      "2026-12-03T01:00:00.000Z",
    );
  });

  test("a hold set after closing time counts from that local day, not from the UTC date", () => {
    // Tuesday 24 November at 8 pm shelter time (Los Angeles) is already Wednesday 04:00 in UTC; it still ends Wednesday.
    expect(end("2026-11-25T04:00:00Z")).toBe("2026-11-26T01:00:00.000Z");
    // Tuesday 11:59 pm likewise.
    expect(end("2026-11-25T07:59:00Z")).toBe("2026-11-26T01:00:00.000Z");
  });

  test("a hold set just after local midnight counts from the new day", () => {
    // Wednesday 25 November, 00:01 shelter time (Los Angeles): ends Friday (Thursday is a holiday).
    expect(end("2026-11-25T08:01:00Z")).toBe("2026-11-28T01:00:00.000Z");
  });

  test("a hold set before opening still ends at the next day's close", () => {
    // Tuesday 24 November, 9 am.
    expect(end("2026-11-24T17:00:00Z")).toBe("2026-11-26T01:00:00.000Z");
  });

  test("autumn: set the day before daylight saving ends, it ends at 5 pm PST (UTC-8)", () => {
    // Saturday 31 October 2026 at noon PDT (UTC-7); clocks go back on Sunday 1 November at 2 am.
    expect(end("2026-10-31T19:00:00Z")).toBe("2026-11-02T01:00:00.000Z");
  });

  test("spring: set the day before daylight saving starts, it ends at 5 pm PDT (UTC-7)", () => {
    // Saturday 7 March 2026 at noon PST (UTC-8); clocks go forward on Sunday 8 March at 2 am.
    expect(end("2026-03-07T20:00:00Z")).toBe("2026-03-09T00:00:00.000Z");
  });

  test("set during the repeated hour of the autumn change, it ends the next business day", () => {
    // Sunday 1 November 2026, 1:30 am PST (the second 1:30): Monday closed, so Tuesday 5 pm PST.
    expect(end("2026-11-01T09:30:00Z")).toBe("2026-11-04T01:00:00.000Z");
  });

  test("extending from an end moves it to the following business day's close", () => {
    const first = closeOfNextBusinessDay(new Date("2026-11-24T22:00:00Z"), hours);
    // Wednesday 5 pm + one business day: Thursday is a holiday, so Friday 5 pm.
    expect(closeOfNextBusinessDay(first, hours).toISOString()).toBe("2026-11-28T01:00:00.000Z");
  });

  test("opening hours with no business day are refused rather than looped over", () => {
    expect(() => closeOfNextBusinessDay(new Date("2026-11-24T22:00:00Z"), { ...hours, days: {} })).toThrow(
      /no business day/,
    );
  });
});

describe("formatHoldEnd", () => {
  test("shows the day and hour in the shelter's zone", () => {
    expect(formatHoldEnd("2026-11-26T01:00:00.000Z", hours.timeZone)).toBe("Wed Nov 25, 5 pm");
  });

  test("shows minutes when there are any, and the morning", () => {
    expect(formatHoldEnd(new Date("2026-11-25T17:30:00Z"), hours.timeZone)).toBe("Wed Nov 25, 9:30 am");
  });
});

describe("formatShelterTime", () => {
  test("says a moment in the shelter's time zone, minutes when there are any (never a raw UTC timestamp)", () => {
    expect(formatShelterTime("2026-11-24T17:05:22Z", "America/Los_Angeles")).toBe("Tue Nov 24, 9:05 am");
    expect(formatShelterTime(new Date("2026-07-04T19:00:00Z"), "America/Los_Angeles")).toBe("Sat Jul 4, 12 pm");
  });
});
