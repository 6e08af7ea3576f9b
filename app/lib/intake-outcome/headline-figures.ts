/**
 * The home page's headline figures from the data (decision 064): a count plus the configured "before
 * this site" base, rounded down the way the spec shows them: "2.5K+" from 2,534, "500+" from 517,
 * "40+" from 47, and a small count as it is. Never more than the true count. Pure.
 */
export function headlineFigure(count: number, languageTag = "en"): string {
  const whole = Math.max(0, Math.floor(count));
  const number = (value: number) => new Intl.NumberFormat(languageTag, { maximumFractionDigits: 1 }).format(value);
  if (whole >= 1_000_000) return `${number(Math.floor(whole / 100_000) / 10)}M+`;
  if (whole >= 1000) return `${number(Math.floor(whole / 100) / 10)}K+`;
  if (whole >= 100) return `${Math.floor(whole / 100) * 100}+`;
  if (whole >= 10) return `${Math.floor(whole / 10) * 10}+`;
  return String(whole);
}
