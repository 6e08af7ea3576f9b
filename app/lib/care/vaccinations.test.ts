import { describe, expect, it } from "vitest";
import { addDays, addMonths, dayIn, isCalendarDay } from "./calendar";
import { publicCareFacts } from "./public-facts";
import {
  overdueVaccinations,
  reminderDayFor,
  upcomingDueDates,
  vaccinationsUpToDate,
  vaccineName,
  vaccinesFor,
  type VaccinationRecord,
} from "./vaccinations";

const shot = (
  disease: VaccinationRecord["disease"],
  givenOn: string,
  nextDueOn: string | null,
  otherName: string | null = null,
): VaccinationRecord => ({ disease, otherName, givenOn, nextDueOn });

describe("vaccine choices", () => {
  it("list each species' vaccines, then another", () => {
    expect(vaccinesFor("Dog")).toEqual(["rabies", "dhpp", "bordetella", "leptospirosis", "canine-influenza", "other"]);
    expect(vaccinesFor("Cat")).toEqual(["rabies", "fvrcp", "felv", "other"]);
    expect(vaccinesFor("Rabbit")).toEqual(["rabies", "other"]);
    expect(vaccineName(shot("other", "2026-01-01", null, " RHDV2 "))).toBe("RHDV2");
  });
});

describe("up to date", () => {
  const today = "2026-11-28";
  it("is up to date with at least one vaccination and none overdue", () => {
    expect(vaccinationsUpToDate([], today)).toBe(false);
    expect(vaccinationsUpToDate([shot("rabies", "2026-01-10", "2027-01-10")], today)).toBe(true);
    expect(vaccinationsUpToDate([shot("rabies", "2026-01-10", null)], today)).toBe(true);
    // Due today is not overdue yet; due yesterday is.
    expect(vaccinationsUpToDate([shot("dhpp", "2025-11-28", "2026-11-28")], today)).toBe(true);
    expect(vaccinationsUpToDate([shot("dhpp", "2025-11-27", "2026-11-27")], today)).toBe(false);
  });

  it("counts only the latest dose of each disease: a booster meets the earlier dose's due date", () => {
    const doses = [
      shot("dhpp", "2026-08-01", "2026-09-01"),
      shot("dhpp", "2026-09-01", "2027-09-01"),
      shot("rabies", "2025-01-01", "2026-01-01"),
    ];
    expect(overdueVaccinations(doses, today).map((dose) => dose.disease)).toEqual(["rabies"]);
    expect(upcomingDueDates(doses, today).map((dose) => dose.nextDueOn)).toEqual(["2027-09-01"]);
  });

  it("reminds a week before a due date", () => {
    expect(reminderDayFor("2027-01-03")).toBe("2026-12-27");
  });
});

describe("calendar days", () => {
  it("are real YYYY-MM-DD days", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    for (const wrong of ["2027-02-29", "2027-13-01", "2027-1-1", "27-01-01", "", "2027-01-01T00:00"])
      expect(isCalendarDay(wrong), wrong).toBe(false);
  });

  it("move by days and months, kept within the month", () => {
    expect(addDays("2026-12-29", 3)).toBe("2027-01-01");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-11-28", 3)).toBe("2027-02-28");
  });

  it("are the shelter's day, not UTC's", () => {
    // 2026-11-28 at 06:00 UTC is still the 27th in California.
    expect(dayIn("America/Los_Angeles", new Date("2026-11-28T06:00:00Z"))).toBe("2026-11-27");
    expect(dayIn("America/Los_Angeles", new Date("2026-11-28T09:00:00Z"))).toBe("2026-11-28");
  });
});

describe("the public facts", () => {
  it("say spayed for a female, neutered for a male", () => {
    const care = { fixed: "yes" as const, microchipped: true };
    const facts = publicCareFacts({ sex: "Female" }, care, [shot("rabies", "2026-01-10", "2027-01-10")], "2026-11-28");
    expect(facts).toEqual({ fixed: "spayed", vaccinated: true, microchipped: true });
    expect(publicCareFacts({ sex: "Male" }, care, [], "2026-11-28")).toEqual({
      fixed: "neutered",
      vaccinated: false,
      microchipped: true,
    });
    expect(publicCareFacts({ sex: "Male" }, null, [], "2026-11-28")).toEqual({
      fixed: null,
      vaccinated: false,
      microchipped: false,
    });
    expect(publicCareFacts({ sex: "Male" }, { fixed: "no", microchipped: false }, [], "2026-11-28").fixed).toBeNull();
  });
});
