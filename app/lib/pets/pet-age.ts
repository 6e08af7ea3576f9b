import type { I18n } from "@lingui/core";

/**
 * From this age on, a pet's age is said in years first ("7 years", "2 years 3 months"); younger,
 * in months ("4 months", "18 months"), as people speak of puppies and kittens (issue 40: "84 months
 * (7 years)" made staff and adopters count).
 */
export const ageInYearsFromMonths = 24;

/** A pet's age in months, said the way people say it: "4 months", "18 months", "2 years", "7 years 3 months". */
export function formatAge(ageMonths: number): string {
  const months = Math.max(0, Math.floor(ageMonths));
  if (months === 0) return "Under 1 month";
  const plural = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;
  if (months < ageInYearsFromMonths) return plural(months, "month", "months");
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return rest > 0
    ? `${plural(years, "year", "years")} ${plural(rest, "month", "months")}`
    : plural(years, "year", "years");
}

/** `formatAge` in the page's language, with ICU plurals: "2 years 3 months" / "2 años y 3 meses". */
export function formatAgeIn(i18n: I18n, ageMonths: number): string {
  const months = Math.max(0, Math.floor(ageMonths));
  if (months === 0) return i18n._("Under 1 month");
  if (months < ageInYearsFromMonths) return i18n._("{rest, plural, one {# month} other {# months}}", { rest: months });
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (rest > 0) {
    return i18n._("{years, plural, one {# year} other {# years}} {rest, plural, one {# month} other {# months}}", {
      years,
      rest,
    });
  }
  return i18n._("{years, plural, one {# year} other {# years}}", { years });
}
