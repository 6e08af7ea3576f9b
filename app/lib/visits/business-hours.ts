import type { Locale } from "../i18n/locale";
/**
 * Business days of the shelter, in its own time zone, whatever zone the Worker runs in (UTC on
 * Cloudflare). Pure: the opening hours come in as an argument (app/config/shelter.ts in the app).
 */
export interface OpeningHours {
  /** An IANA zone, e.g. "America/Los_Angeles". */
  timeZone: string;
  /** Open days, 0 = Sunday … 6 = Saturday, with local "HH:MM" times; a day not listed is closed. */
  days: Readonly<Partial<Record<number, { readonly opens: string; readonly closes: string }>>>;
  /** Closed local dates ("YYYY-MM-DD"), whatever the day. */
  holidays: readonly string[];
}

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const dayMs = 24 * 60 * 60 * 1000;

function localParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms (negative west of Greenwich). */
function zoneOffsetMs(instant: Date, timeZone: string) {
  const local = localParts(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a local wall-clock time happens. Opening and closing times are never in the hour a
 * daylight-saving change skips or repeats (those are at 2 am), so two corrections are exact.
 */
export function localTimeToInstant(date: LocalDate, time: string, timeZone: string): Date {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  let instant = wall - zoneOffsetMs(new Date(wall), timeZone);
  instant = wall - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

const isoDate = ({ year, month, day }: LocalDate) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

function nextDate({ year, month, day }: LocalDate): LocalDate {
  const next = new Date(Date.UTC(year, month - 1, day) + dayMs);
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

function hoursOn(date: LocalDate, hours: OpeningHours) {
  if (hours.holidays.includes(isoDate(date))) return undefined;
  return hours.days[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()];
}

/**
 * The close of the first business day on a later local date than `from`: when a hold set at `from`
 * ends, and where extending a hold ending at `from` moves it (decision 030). A hold set at any time of
 * a day, before opening, during the day or after closing, lasts until the close of the next business
 * day: the adopter always has one whole business day to come.
 */
export function closeOfNextBusinessDay(from: Date, hours: OpeningHours): Date {
  const { year, month, day } = localParts(from, hours.timeZone);
  let date = nextDate({ year, month, day });
  // A year of closed days would be a configuration mistake; stop rather than loop forever.
  for (let tries = 0; tries < 366; tries += 1) {
    const open = hoursOn(date, hours);
    if (open) return localTimeToInstant(date, open.closes, hours.timeZone);
    date = nextDate(date);
  }
  throw new Error("The opening hours have no business day in a year");
}

/** "Tue Nov 24, 5 pm" in the shelter's time zone: how the site shows a hold's end. */
export function formatHoldEnd(instant: Date | string, timeZone: string, locale: Locale = "en"): string {
  return formatShelterTime(instant, timeZone, locale);
}

/** "9:05 am", "5 pm": the clock time in the zone. */
export function clockTime(date: Date, timeZone: string, locale: Locale = "en"): string {
  const { hour, minute } = localParts(date, timeZone);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const half = locale === "es" ? (hour < 12 ? "a. m." : "p. m.") : hour < 12 ? "am" : "pm";
  return `${hour12}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${half}`;
}

/** "Tue Nov 24, 9:05 am" in the shelter's time zone: how the site shows a moment coming soon (a hold's end, a visit). */
export function formatShelterTime(instant: Date | string, timeZone: string, locale: Locale = "en"): string {
  const date = new Date(instant);
  if (locale === "es") {
    // "mié 25 de nov, 5 p. m." (the glossary's form, docs/glossary-es.md).
    const parts = new Intl.DateTimeFormat("es", {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
    }).formatToParts(date);
    const part = (type: string) => (parts.find((p) => p.type === type)?.value ?? "").replace(/\.$/, "");
    return `${part("weekday")} ${part("day")} de ${part("month")}, ${clockTime(date, timeZone, locale)}`;
  }
  const day = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric" }).format(
    date,
  );
  return `${day.replace(",", "")}, ${clockTime(date, timeZone)}`;
}

/** The instant the local day containing `instant` began (midnight in the zone). */
export function startOfLocalDay(instant: Date, timeZone: string): Date {
  const { year, month, day } = localParts(instant, timeZone);
  return localTimeToInstant({ year, month, day }, "00:00", timeZone);
}

/**
 * The opening periods (open to close, as instants) of the business days whose local date falls
 * between the local dates of `from` and `until`, both included: where visits can be booked.
 */
export function openPeriodsBetween(from: Date, until: Date, hours: OpeningHours): { opens: Date; closes: Date }[] {
  const last = isoDate(localParts(until, hours.timeZone));
  const periods: { opens: Date; closes: Date }[] = [];
  const { year, month, day } = localParts(from, hours.timeZone);
  let date: LocalDate = { year, month, day };
  for (let tries = 0; tries < 366 && isoDate(date) <= last; tries += 1) {
    const open = hoursOn(date, hours);
    if (open)
      periods.push({
        opens: localTimeToInstant(date, open.opens, hours.timeZone),
        closes: localTimeToInstant(date, open.closes, hours.timeZone),
      });
    date = nextDate(date);
  }
  return periods;
}
