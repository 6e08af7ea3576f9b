import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import { formatShelterTime } from "../visits/business-hours";
import { formatDate } from "./dates";
import { formatSlotTime, formatVisitDay } from "../visits/visit-slots";
import { formatDateIn } from "./intl";
import { languageTag, type Locale } from "./locale";

/**
 * Dates on the staff pages in the page's language (decision 057), in the shelter's time zone. English
 * keeps the site's own wording (lib/i18n/dates.ts, lib/visits/business-hours.ts); Spanish goes through `Intl`.
 */
const timeZone = shelter.openingHours.timeZone as string;

/** "November 24, 2026" / "24 de noviembre de 2026"; nothing for no date. */
export function staffDateIn(
  locale: Locale,
  instant: Date | string | number | null | undefined,
  { time = false }: { time?: boolean } = {},
): string {
  if (instant === null || instant === undefined || instant === "") return "";
  return locale === "en" ? formatDate(instant, { time }) : formatDateIn(locale, instant, { time });
}

/**
 * A calendar day typed as an ISO date ("2027-01-10", a foster's dates away): "January 10, 2027" /
 * "10 de enero de 2027", the same day wherever it is read (it is no moment, so no time zone moves it).
 * Anything else is shown as it is.
 */
export function calendarDateIn(locale: Locale, isoDate: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? formatDate(isoDate, { timeZone: "UTC", locale }) : isoDate;
}

/** A moment coming soon: "Tue Nov 24, 5 pm" / "mar, 24 nov, 17:00". */
export function shelterTimeIn(locale: Locale, instant: Date | string): string {
  if (locale === "en") return formatShelterTime(instant, timeZone);
  return new Intl.DateTimeFormat(languageTag[locale], {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(instant));
}

/**
 * How long an inbox item has waited, in the page's language: "5 minutes", "1 hour", "3 days" /
 * "5 minutos", "1 hora", "3 días" (lib/visits/visit-slots.ts's formatWaited, counted the same way).
 */
export function waitedIn(i18n: I18n, from: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60000));
  if (minutes < 60) return i18n._("{minutes, plural, one {# minute} other {# minutes}}", { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return i18n._("{hours, plural, one {# hour} other {# hours}}", { hours });
  const days = Math.floor(hours / 24);
  return i18n._("{days, plural, one {# day} other {# days}}", { days });
}

/** A visit's day: "Tuesday, November 24" / "martes, 24 de noviembre". */
export function visitDayIn(locale: Locale, instant: Date | string): string {
  if (locale === "en") return formatVisitDay(instant, timeZone);
  return new Intl.DateTimeFormat(languageTag[locale], {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
  }).format(new Date(instant));
}

/** A slot's time of day: "2:30 pm" / "14:30". */
export function slotTimeIn(locale: Locale, instant: Date | string): string {
  if (locale === "en") return formatSlotTime(instant, timeZone);
  return new Intl.DateTimeFormat(languageTag[locale], { timeZone, hour: "numeric", minute: "2-digit" }).format(
    new Date(instant),
  );
}
