import { describe, expect, it } from "vitest";
import { checkInDay, dueFollowUps } from "./follow-ups";

const pet = (overrides: Partial<Parameters<typeof dueFollowUps>[0]> = {}) => ({
  adoptedOn: "2026-11-02",
  vaccinations: [],
  fixed: "unknown",
  fixedDueOn: null,
  ...overrides,
});
const kinds = (today: string, overrides?: Partial<Parameters<typeof dueFollowUps>[0]>) =>
  dueFollowUps(pet(overrides), today).map((followUp) => `${followUp.kind}:${followUp.item}`);

describe("follow-ups after an adoption", () => {
  it("check in three days, three weeks and three months after, each for a week from its day", () => {
    expect(
      ["check-in-3d", "check-in-3w", "check-in-3m"].map((kind) => checkInDay(kind as "check-in-3d", "2026-11-02")),
    ).toEqual(["2026-11-05", "2026-11-23", "2027-02-02"]);
    expect(kinds("2026-11-04")).toEqual([]);
    expect(kinds("2026-11-05")).toEqual(["check-in-3d:"]);
    expect(kinds("2026-11-12")).toEqual(["check-in-3d:"]);
    expect(kinds("2026-11-13")).toEqual([]);
    expect(kinds("2027-02-02")).toEqual(["check-in-3m:"]);
  });

  it("remind a week before the latest dose's next due date, until that day, for what falls due after the adoption", () => {
    const vaccinations = [
      { id: 1, disease: "rabies" as const, otherName: null, givenOn: "2025-12-20", nextDueOn: "2026-12-20" },
      { id: 2, disease: "dhpp" as const, otherName: null, givenOn: "2025-10-01", nextDueOn: "2026-10-01" },
      { id: 3, disease: "dhpp" as const, otherName: null, givenOn: "2026-10-01", nextDueOn: "2027-10-01" },
    ];
    expect(kinds("2026-12-12", { vaccinations })).toEqual([]);
    expect(kinds("2026-12-13", { vaccinations })).toEqual(["vaccine-due:1"]);
    expect(kinds("2026-12-19", { vaccinations })).toEqual(["vaccine-due:1"]);
    // On the due day (and up to three days late) the second reminder, unless the adopter said "done".
    expect(kinds("2026-12-20", { vaccinations })).toEqual(["vaccine-due-day:1"]);
    expect(kinds("2026-12-23", { vaccinations })).toEqual(["vaccine-due-day:1"]);
    expect(kinds("2026-12-24", { vaccinations })).toEqual([]);
    expect(kinds("2027-09-24", { vaccinations })).toEqual(["vaccine-due:3"]);
  });

  it('send no reminder of an item the adopter answered "done", and still the others', () => {
    const vaccinations = [
      { id: 1, disease: "rabies" as const, otherName: null, givenOn: "2025-12-20", nextDueOn: "2026-12-20" },
      { id: 4, disease: "bordetella" as const, otherName: null, givenOn: "2025-12-20", nextDueOn: "2026-12-20" },
    ];
    const done = new Set(["vaccine-due:1"]);
    expect(kinds("2026-12-20", { vaccinations, done })).toEqual(["vaccine-due-day:4"]);
    expect(kinds("2026-12-13", { vaccinations, done })).toEqual(["vaccine-due:4"]);
    expect(kinds("2027-02-01", { fixed: "no", fixedDueOn: "2027-02-01", done: new Set(["fixed-due:"]) })).toEqual([]);
  });

  it("remind of a spay or neuter date set for a pet adopted too young, unless it is done", () => {
    expect(kinds("2027-01-25", { fixed: "no", fixedDueOn: "2027-02-01" })).toEqual(["fixed-due:"]);
    expect(kinds("2027-02-01", { fixed: "no", fixedDueOn: "2027-02-01" })).toEqual(["fixed-due-day:"]);
    expect(kinds("2027-01-25", { fixed: "yes", fixedDueOn: "2027-02-01" })).toEqual([]);
  });
});
