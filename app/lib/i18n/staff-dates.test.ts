import { describe, expect, it } from "vitest";
import { formatShelterTime } from "../visits/business-hours";
import { formatDate } from "./dates";
import { calendarDateIn, shelterTimeIn, staffDateIn, waitedIn } from "./staff-dates";
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

describe("calendar days", () => {
  it("writes an ISO date as the site writes dates, the same day in every language and time zone", () => {
    expect(calendarDateIn("en", "2027-01-10")).toBe("January 10, 2027");
    expect(calendarDateIn("es", "2027-01-10")).toBe("10 de enero de 2027");
    expect(calendarDateIn("en", "2027-01-01")).toBe("January 1, 2027");
    expect(calendarDateIn("en", "soon")).toBe("soon");
  });
});

describe("waited", () => {
  const now = new Date("2026-11-24T17:05:00Z");
  const before = (minutes: number) => new Date(now.getTime() - minutes * 60000);
  it("counts as formatWaited does, in both languages", async () => {
    const { setupI18n } = await import("@lingui/core");
    const { messages } = await import("#app/locales/es/messages.po");
    const { formatWaited } = await import("../visits/visit-slots");
    const en = setupI18n({ locale: "en", messages: { en: {} } });
    const es = setupI18n({ locale: "es", messages: { es: messages } });
    for (const minutes of [0, 1, 5, 60, 61, 120, 47 * 60, 48 * 60, 72 * 60 + 5])
      expect(waitedIn(en, before(minutes), now)).toBe(formatWaited(before(minutes), now));
    expect(waitedIn(es, before(1), now)).toBe("1 minuto");
    expect(waitedIn(es, before(60), now)).toBe("1 hora");
    expect(waitedIn(es, before(72 * 60), now)).toBe("3 días");
  });
});

describe("visit days and slot times", () => {
  it("keep the English wording and say Spanish through Intl", async () => {
    const { formatSlotTime, formatVisitDay } = await import("../visits/visit-slots");
    const { visitDayIn, slotTimeIn } = await import("./staff-dates");
    const instant = new Date("2026-11-24T22:30:00Z");
    const zone = shelter.openingHours.timeZone;
    expect(visitDayIn("en", instant)).toBe(formatVisitDay(instant, zone));
    expect(slotTimeIn("en", instant)).toBe(formatSlotTime(instant, zone));
    expect(visitDayIn("es", instant)).toBe("martes, 24 de noviembre");
    expect(slotTimeIn("es", instant)).toBe("14:30");
  });
});
