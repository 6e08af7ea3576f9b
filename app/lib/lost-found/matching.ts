import { milesBetween, type Position } from "./geo";
import { normalisedMicrochip, type ReportKind } from "./report";

/**
 * The matching of lost and found pets (issue 46, decision 066): a lost report against found reports
 * and the shelter's animals, a found report against lost reports. Pure, so one new report is scored
 * against thousands of open ones in memory.
 */
export interface MatchSubject extends Position {
  /** "report:12" or "pet:7": unique across both sides. */
  key: string;
  kind: ReportKind;
  species: string;
  sex: string;
  size: string;
  /** Colour words (report `colourWords`); empty when not known (the shelter's animals). */
  colours: readonly string[];
  /** The local calendar day it was lost or found ("2026-11-20"). */
  date: string;
  microchip: string | null;
  /** False for a closed, hidden or ended report. */
  open: boolean;
}

export interface MatchReasons {
  certain: boolean;
  /** Colours both have. */
  colours: string[];
  miles: number;
  days: number;
  sameSex: boolean;
  sameSize: boolean;
}

export interface Match {
  score: number;
  reasons: MatchReasons;
}

export const matchRules = {
  /** The dates of the two may be at most this many days apart. */
  maxDays: 14,
  /** Beyond this distance the distance earns no points (it does not exclude: pets travel, and cars carry them). */
  milesForNoPoints: 30,
  /** A score from which a match is "likely" and its reporters are told. */
  likelyFrom: 50,
  points: {
    colours: 30,
    unknownColours: 10,
    sameSex: 15,
    unknownSex: 5,
    sameSize: 15,
    nearSize: 5,
    unknownSize: 5,
    date: 20,
    distance: 20,
  },
} as const;

const sizeOrder = ["small", "medium", "large"];

/** Whole days between two calendar days, whatever the time zone of the machine. */
export function daysBetween(a: string, b: string): number {
  // "YYYY-MM-DD" read by position: no arrays made, since matching compares thousands of days at once.
  const day = (value: string) =>
    Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)));
  return Math.round(Math.abs(day(a) - day(b)) / (24 * 60 * 60 * 1000));
}

/** The calendar day of an instant in the shelter's time zone: a pet taken in at 11 pm in California is that day's. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/**
 * How well two subjects match, or null when they cannot be the same animal: the same subject, the
 * same kind, a closed one, another species, sexes or sizes that contradict each other, colours that
 * share nothing (when both are known), dates more than `maxDays` apart. An equal microchip number is
 * a certain match whatever else differs (score 100). Symmetric: `scoreMatch(a, b)` equals `scoreMatch(b, a)`.
 */
export function scoreMatch(a: MatchSubject, b: MatchSubject): Match | null {
  if (a.key === b.key || a.kind === b.kind || !a.open || !b.open) return null;
  const reasons = () => ({
    colours: a.colours.filter((colour) => b.colours.includes(colour)).sort(),
    miles: Math.round(milesBetween(a, b) * 10) / 10,
    days: daysBetween(a.date, b.date),
    sameSex: a.sex === b.sex && a.sex !== "unknown",
    sameSize: a.size === b.size && a.size !== "unknown",
  });
  const chipA = a.microchip ? normalisedMicrochip(a.microchip) : "";
  if (chipA !== "" && b.microchip && chipA === normalisedMicrochip(b.microchip))
    return { score: 100, reasons: { certain: true, ...reasons() } };
  // The cheap refusals first: most pairs end here, before any distance or date is worked out.
  if (a.species !== b.species) return null;
  if (a.sex !== b.sex && a.sex !== "unknown" && b.sex !== "unknown") return null;
  const sizeGap =
    a.size === "unknown" || b.size === "unknown" ? 0 : Math.abs(sizeOrder.indexOf(a.size) - sizeOrder.indexOf(b.size));
  if (sizeGap > 1) return null;
  const { colours, miles, days, sameSex, sameSize } = reasons();
  const coloursKnown = a.colours.length > 0 && b.colours.length > 0;
  if (coloursKnown && colours.length === 0) return null;
  if (days > matchRules.maxDays) return null;
  const points = matchRules.points;
  const colourPoints = coloursKnown
    ? (points.colours * colours.length) / Math.min(a.colours.length, b.colours.length)
    : points.unknownColours;
  const sexPoints = sameSex ? points.sameSex : points.unknownSex;
  const sizePoints = sameSize
    ? points.sameSize
    : a.size === "unknown" || b.size === "unknown"
      ? points.unknownSize
      : points.nearSize;
  const datePoints = points.date * (1 - days / (matchRules.maxDays + 1));
  const distancePoints = points.distance * Math.max(0, 1 - miles / matchRules.milesForNoPoints);
  const score = Math.round(colourPoints + sexPoints + sizePoints + datePoints + distancePoints);
  return { score, reasons: { certain: false, colours, miles, days, sameSex, sameSize } };
}

/** The likely matches of `subject` among `candidates`, best first (certain ones before all). */
export function findMatches<T extends MatchSubject>(
  subject: MatchSubject,
  candidates: readonly T[],
): { candidate: T; match: Match }[] {
  const found: { candidate: T; match: Match }[] = [];
  for (const candidate of candidates) {
    const match = scoreMatch(subject, candidate);
    if (match && (match.reasons.certain || match.score >= matchRules.likelyFrom)) found.push({ candidate, match });
  }
  return found.sort(
    (x, y) => Number(y.match.reasons.certain) - Number(x.match.reasons.certain) || y.match.score - x.match.score,
  );
}
