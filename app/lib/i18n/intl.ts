import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import { languageTag, type Locale } from "./locale";

/**
 * Dates, numbers, money and counted words in the page's language (decision 057), through `Intl` and
 * ICU plural rules, always in the shelter's time zone (a visitor abroad reads the shelter's clock).
 * Pure: the language and, for words, the request's Lingui instance are given. Messages are written as
 * `i18n._("English with ICU", values)` (no macros: scripts load lib/ in Node).
 */
const timeZone = shelter.openingHours.timeZone as string;

/** "November 24, 2026" / "24 de noviembre de 2026" (with `time`: and the time, "9:05 AM" / "9:05 a.m."). */
export function formatDateIn(
  locale: Locale,
  instant: Date | string | number,
  { time = false }: { time?: boolean } = {},
): string {
  return new Intl.DateTimeFormat(languageTag[locale], {
    timeZone,
    year: "numeric",
    month: "long",
    day: "numeric",
    ...(time ? { hour: "numeric", minute: "2-digit" } : {}),
  }).format(new Date(instant));
}

/** 1,234.5 / 1234,5 (Spanish groups from five digits). */
export function formatNumberIn(locale: Locale, value: number): string {
  return new Intl.NumberFormat(languageTag[locale]).format(value);
}

/**
 * A weight in pounds with the page's decimal sign, as its fees have: "18.7" / "18,7" (so a Spanish
 * page never says "150,00 US$" beside "18.7 lbs"). `language` is a Lingui instance's `locale`.
 */
export function formatPoundsIn(language: string, weightLbs: number): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(weightLbs);
}

/** US dollars, from cents: "$25.00" / "25,00 US$". */
export function formatMoneyIn(locale: Locale, cents: number): string {
  return new Intl.NumberFormat(languageTag[locale], { style: "currency", currency: "USD" }).format(cents / 100);
}

/** How long to wait, in whole minutes (at least one): "1 minute", "5 minutes" / "1 minuto", "5 minutos". */
export function minutesIn(i18n: I18n, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return i18n._("{minutes, plural, one {# minute} other {# minutes}}", { minutes });
}

/** "1 pet", "3 pets" / "1 mascota", "3 mascotas". */
export function petsIn(i18n: I18n, count: number): string {
  return i18n._("{count, plural, one {# pet} other {# pets}}", { count });
}
