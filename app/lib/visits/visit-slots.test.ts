import { describe, expect, test } from "vitest";
import type { OpeningHours } from "./business-hours";
import {
  findSlot,
  formatSlotTime,
  formatVisitTime,
  formatWaited,
  freeSlots,
  groupByDay,
  replyDue,
  slotsInWindow,
} from "./visit-slots";

// Tuesday to Sunday, 11 am to 5 pm, as app/config/shelter.ts; Thanksgiving closed.
const open = { opens: "11:00", closes: "17:00" };
const hours: OpeningHours = {
  timeZone: "America/Los_Angeles",
  days: { 0: open, 2: open, 3: open, 4: open, 5: open, 6: open },
  holidays: ["2026-11-26"],
};
const tz = hours.timeZone;

const slots = (now: string, until: string, slotMinutes = 30) =>
  slotsInWindow({ now: new Date(now), until: new Date(until), hours, slotMinutes }).map((slot) =>
    slot.start.toISOString(),
  );

describe("slotsInWindow", () => {
  test("a whole business day has twelve 30-minute slots, 11 am to 4:30 pm local, stored in UTC (PST is UTC-8)", () => {
    // From Tuesday 24 Nov, 8 am local, to that day's close.
    const day = slots("2026-11-24T16:00:00Z", "2026-11-25T01:00:00Z");
    expect(day).toHaveLength(12);
    expect(day[0]).toBe("2026-11-24T19:00:00.000Z");
    expect(day.at(-1)).toBe("2026-11-25T00:30:00.000Z");
  });

  test("a slot already started is not offered, nor one starting right now", () => {
    const day = slots("2026-11-24T22:10:00Z", "2026-11-25T01:00:00Z");
    // 2:10 pm local: the next is 2:30 pm.
    expect(day[0]).toBe("2026-11-24T22:30:00.000Z");
    expect(slots("2026-11-24T22:30:00Z", "2026-11-25T01:00:00Z")[0]).toBe("2026-11-24T23:00:00.000Z");
  });

  test("a holiday and a closed Monday have no slots; the window runs to the hold's end", () => {
    // Wednesday 25 Nov at 4 pm local, hold until Friday 27 at 5 pm: the last slot of Wednesday, none on Thanksgiving, all of Friday.
    const window = slots("2026-11-26T00:00:00Z", "2026-11-28T01:00:00Z");
    expect(window[0]).toBe("2026-11-26T00:30:00.000Z");
    expect(window.filter((start) => start.startsWith("2026-11-26T1") || start.startsWith("2026-11-26T2"))).toEqual([]);
    expect(window).toHaveLength(13);
    // Sunday to Tuesday skips Monday 30 November.
    const overMonday = slots("2026-11-30T00:00:00Z", "2026-12-02T01:00:00Z");
    expect(overMonday.every((start) => !start.startsWith("2026-11-30T1") && !start.startsWith("2026-11-30T2"))).toBe(
      true,
    );
    expect(overMonday).toHaveLength(13);
  });

  test("November's change: on Sunday 1 Nov 2026 (back to PST) 11 am local is 19:00 UTC; on Saturday it was 18:00 UTC (PDT)", () => {
    const window = slots("2026-10-31T15:00:00Z", "2026-11-02T01:00:00Z");
    expect(window).toHaveLength(24);
    expect(window[0]).toBe("2026-10-31T18:00:00.000Z");
    expect(window[12]).toBe("2026-11-01T19:00:00.000Z");
    expect(formatVisitTime(window[12]!, tz)).toBe("Sun Nov 1, 11 am");
    expect(formatVisitTime(window[0]!, tz)).toBe("Sat Oct 31, 11 am");
  });

  test("March's change: on Sunday 14 Mar 2027 (to PDT) 11 am local is 18:00 UTC; on Saturday it was 19:00 UTC", () => {
    const window = slots("2027-03-13T16:00:00Z", "2027-03-15T00:00:00Z");
    expect(window).toHaveLength(24);
    expect(window[0]).toBe("2027-03-13T19:00:00.000Z");
    expect(window[12]).toBe("2027-03-14T18:00:00.000Z");
    expect(window.at(-1)).toBe("2027-03-14T23:30:00.000Z");
    expect(formatSlotTime(window.at(-1)!, tz)).toBe("4:30 pm");
  });

  test("a slot must end by the hold's end; an empty or reversed window has none; the length comes from config", () => {
    expect(slots("2026-11-24T16:00:00Z", "2026-11-24T20:15:00Z")).toEqual([
      "2026-11-24T19:00:00.000Z",
      "2026-11-24T19:30:00.000Z",
    ]);
    expect(slots("2026-11-25T01:00:00Z", "2026-11-24T16:00:00Z")).toEqual([]);
    expect(slots("2026-11-24T16:00:00Z", "2026-11-25T01:00:00Z", 60)).toHaveLength(6);
    expect(slots("2026-11-24T16:00:00Z", "2026-11-25T01:00:00Z", 0)).toEqual([]);
  });
});

describe("freeSlots", () => {
  const window = slotsInWindow({
    now: new Date("2026-11-24T16:00:00Z"),
    until: new Date("2026-11-24T20:00:00Z"),
    hours,
    slotMinutes: 30,
  });
  const first = window[0]!.start.getTime();

  test("a full slot is not offered; the others show the places left", () => {
    const free = freeSlots(window, new Map([[first, 2]]), 2);
    expect(free.map((slot) => slot.start.toISOString())).toEqual(["2026-11-24T19:30:00.000Z"]);
    expect(free[0]!.left).toBe(2);
    expect(freeSlots(window, new Map([[first, 1]]), 2)[0]!.left).toBe(1);
  });

  test("the adopter's own slot stays offered when full", () => {
    expect(freeSlots(window, new Map([[first, 2]]), 2, first)).toHaveLength(2);
  });

  test("findSlot accepts only a real slot's start", () => {
    expect(findSlot(window, first)).toBeDefined();
    expect(findSlot(window, first + 60_000)).toBeUndefined();
  });

  test("groupByDay heads slots with their local day (late evening UTC is still the same local day)", () => {
    const two = slotsInWindow({
      now: new Date("2026-11-24T16:00:00Z"),
      until: new Date("2026-11-26T01:00:00Z"),
      hours,
      slotMinutes: 30,
    });
    expect(groupByDay(two, tz).map((group) => [group.day, group.slots.length])).toEqual([
      ["Tuesday, November 24", 12],
      ["Wednesday, November 25", 12],
    ]);
  });
});

describe("reply times", () => {
  test("two business days after Tuesday noon is Thursday's close, but Thanksgiving pushes it to Saturday", () => {
    expect(replyDue(new Date("2026-11-24T20:00:00Z"), 2, hours).toISOString()).toBe("2026-11-28T01:00:00.000Z");
    expect(replyDue(new Date("2026-12-01T20:00:00Z"), 2, hours).toISOString()).toBe("2026-12-04T01:00:00.000Z");
  });

  test("formatWaited", () => {
    const now = new Date("2026-11-24T20:00:00Z");
    expect(formatWaited(new Date("2026-11-24T19:59:00Z"), now)).toBe("1 minute");
    expect(formatWaited(new Date("2026-11-24T17:00:00Z"), now)).toBe("3 hours");
    expect(formatWaited(new Date("2026-11-21T20:00:00Z"), now)).toBe("3 days");
  });
});
