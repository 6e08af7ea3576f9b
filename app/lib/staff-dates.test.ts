import { describe, expect, it } from "vitest";
import { formatShelterTime } from "./business-hours";
import { formatDate } from "./dates";
import { shelterTimeIn, staffDateIn } from "./staff-dates";
import { shelter } from "#app/config/shelter";

describe("staff dates", () => {
  const instant = new Date("2026-11-24T17:05:00Z");
  it("keeps the English wording and writes Spanish through Intl", () => {
    expect(staffDateIn("en", instant)).toBe(formatDate(instant));
    expect(staffDateIn("es", instant)).toBe("24 de noviembre de 2026");
    expect(staffDateIn("es", null)).toBe("");
    expect(shelterTimeIn("en", instant)).toBe(formatShelterTime(instant, shelter.openingHours.timeZone));
    expect(shelterTimeIn("es", instant)).toMatch(/^mar, 24 nov, 9:05/);
  });
});
