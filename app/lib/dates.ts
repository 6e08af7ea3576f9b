import { shelter } from "#app/config/shelter";
import { clockTime } from "./business-hours";

/**
 * "November 24, 2026" (with `time`: "November 24, 2026, 9:05 am") in the shelter's time zone: how the
 * site shows when something happened (sent, adopted, a note, a sign-in). The one date format of the
 * site's pages; empty for no date.
 */
export function formatDate(
  instant: Date | string | number | null | undefined,
  { time = false, timeZone = shelter.openingHours.timeZone as string }: { time?: boolean; timeZone?: string } = {},
): string {
  if (instant === null || instant === undefined || instant === "") return "";
  const date = new Date(instant);
  const day = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "long", day: "numeric" }).format(date);
  return time ? `${day}, ${clockTime(date, timeZone)}` : day;
}
