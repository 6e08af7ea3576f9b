import { shelter } from "#app/config/shelter";
import { clockTime } from "../visits/business-hours";
import { languageTag, type Locale } from "./locale";

/**
 * "November 24, 2026" (with `time`: "November 24, 2026, 9:05 am") in the shelter's time zone: how the
 * site shows when something happened (sent, adopted, a note, a sign-in). The one date format of the
 * site's pages; empty for no date. In Spanish (`locale`): "24 de noviembre de 2026, 9:05 a. m.".
 */
export function formatDate(
  instant: Date | string | number | null | undefined,
  {
    time = false,
    timeZone = shelter.openingHours.timeZone as string,
    locale = "en",
  }: { time?: boolean; timeZone?: string; locale?: Locale } = {},
): string {
  if (instant === null || instant === undefined || instant === "") return "";
  const date = new Date(instant);
  const day = new Intl.DateTimeFormat(locale === "en" ? "en-US" : languageTag[locale], {
    timeZone,
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(date);
  return time ? `${day}, ${clockTime(date, timeZone, locale)}` : day;
}
