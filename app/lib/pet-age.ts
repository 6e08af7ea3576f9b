import type { I18n } from "@lingui/core";

/** A pet's age in months, said the way people say it: "4 months", "1 year", "2 years 3 months". */
export function formatAge(ageMonths: number): string {
  const months = Math.max(0, Math.floor(ageMonths));
  if (months === 0) return "Under 1 month";
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts: string[] = [];
  if (years > 0) parts.push(`${years} ${years === 1 ? "year" : "years"}`);
  if (rest > 0) parts.push(`${rest} ${rest === 1 ? "month" : "months"}`);
  return parts.join(" ");
}

/** `formatAge` in the page's language, with ICU plurals: "2 years 3 months" / "2 años 3 meses". */
export function formatAgeIn(i18n: I18n, ageMonths: number): string {
  const months = Math.max(0, Math.floor(ageMonths));
  if (months === 0) return i18n._("Under 1 month");
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years > 0 && rest > 0) {
    return i18n._("{years, plural, one {# year} other {# years}} {rest, plural, one {# month} other {# months}}", { years, rest });
  }
  if (years > 0) return i18n._("{years, plural, one {# year} other {# years}}", { years });
  return i18n._("{rest, plural, one {# month} other {# months}}", { rest });
}
