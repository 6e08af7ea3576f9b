/**
 * Intakes and outcomes happen on a day of the shelter's calendar (its time zone): stored as
 * "YYYY-MM-DD", so a month is the shelter's month whatever zone the Worker runs in. Pure.
 */

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

/** One formatter per zone: making one costs far more than using it (thousands of days in the demo history). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The shelter's calendar day at an instant: "2026-11-28". */
export function shelterDayOf(instant: Date | number, timeZone: string): string {
  const parts = dayFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Whether a typed value is a real calendar day ("2026-02-30" is not). */
export function isShelterDay(value: string): boolean {
  const match = isoDay.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day's number since 1970-01-01, from its digits (no date string parsed: the statistics count thousands). */
function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
}

/** Whole days from one calendar day to another (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** "2026-11" of "2026-11-28". */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}
