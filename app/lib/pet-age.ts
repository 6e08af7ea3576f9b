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
