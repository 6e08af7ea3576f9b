import { shelter } from "#app/config/shelter";
import { formatShelterTime } from "./business-hours";
import { formatDate } from "./dates";
import { formatDateIn } from "./intl";
import { languageTag, type Locale } from "./locale";

/**
 * Dates on the staff pages in the page's language (decision 057), in the shelter's time zone. English
 * keeps the site's own wording (lib/dates.ts, lib/business-hours.ts); Spanish goes through `Intl`.
 */
const timeZone = shelter.openingHours.timeZone as string;

/** "November 24, 2026" / "24 de noviembre de 2026"; nothing for no date. */
export function staffDateIn(locale: Locale, instant: Date | string | number | null | undefined, { time = false }: { time?: boolean } = {}): string {
  if (instant === null || instant === undefined || instant === "") return "";
  return locale === "en" ? formatDate(instant, { time }) : formatDateIn(locale, instant, { time });
}

/** A moment coming soon: "Tue Nov 24, 5 pm" / "mar, 24 nov, 17:00". */
export function shelterTimeIn(locale: Locale, instant: Date | string): string {
  if (locale === "en") return formatShelterTime(instant, timeZone);
  return new Intl.DateTimeFormat(languageTag[locale], { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(new Date(instant));
}
