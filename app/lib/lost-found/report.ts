/**
 * What a lost or found pet's report is made of (issue 46, decision 066): the words of its lists and
 * how long it stays open. Pure: the schema, the matching, the pages and the emails read these.
 */
export const reportKinds = ["lost", "found"] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportSpecies = ["dog", "cat", "other"] as const;
export type ReportSpecies = (typeof reportSpecies)[number];

export const reportSexes = ["male", "female", "unknown"] as const;
export type ReportSex = (typeof reportSexes)[number];

export const reportSizes = ["small", "medium", "large", "unknown"] as const;
export type ReportSize = (typeof reportSizes)[number];

/** The colours to tick; more may be typed (`otherColours`). */
export const reportColours = [
  "black",
  "white",
  "brown",
  "tan",
  "grey",
  "cream",
  "golden",
  "orange",
  "red",
  "brindle",
  "tabby",
  "calico",
  "tortoiseshell",
  "spotted",
] as const;
export type ReportColour = (typeof reportColours)[number];

export const kindLabels: Record<ReportKind, string> = { lost: /*i18n*/ "Lost", found: /*i18n*/ "Found" };
export const speciesLabels: Record<ReportSpecies, string> = {
  dog: /*i18n*/ "Dog",
  cat: /*i18n*/ "Cat",
  other: /*i18n*/ "Other animal",
};
export const sexLabels: Record<ReportSex, string> = {
  male: /*i18n*/ "Male",
  female: /*i18n*/ "Female",
  unknown: /*i18n*/ "Sex not known",
};
export const sizeLabels: Record<ReportSize, string> = {
  small: /*i18n*/ "Small",
  medium: /*i18n*/ "Medium",
  large: /*i18n*/ "Large",
  unknown: /*i18n*/ "Size not known",
};
export const colourLabels: Record<ReportColour, string> = {
  black: /*i18n*/ "black",
  white: /*i18n*/ "white",
  brown: /*i18n*/ "brown",
  tan: /*i18n*/ "tan",
  grey: /*i18n*/ "grey",
  cream: /*i18n*/ "cream",
  golden: /*i18n*/ "golden",
  orange: /*i18n*/ "orange",
  red: /*i18n*/ "red",
  brindle: /*i18n*/ "brindle",
  tabby: /*i18n*/ "tabby",
  calico: /*i18n*/ "calico",
  tortoiseshell: /*i18n*/ "tortoiseshell",
  spotted: /*i18n*/ "spotted",
};

const dayMs = 24 * 60 * 60 * 1000;

export const lostFoundRules = {
  /** A confirmed report stays on the board this long; each "keep it open" gives as much again. */
  openMs: 30 * dayMs,
  /** The reminder with the two links goes this long before the end. */
  reminderBeforeMs: 3 * dayMs,
  /** How long the link that confirms the reporter's address works. */
  confirmMs: 7 * dayMs,
  photosMax: 3,
} as const;

export function isReportColour(value: string): value is ReportColour {
  return (reportColours as readonly string[]).includes(value);
}

/**
 * The colours of a report as matching compares them: the ticked ones and the words typed beside
 * them, lower case, without repeats ("Brown, white" typed → brown, white).
 */
export function colourWords(ticked: readonly string[], typed: string): string[] {
  if (typed === "") return [...new Set(ticked.map((colour) => colour.toLowerCase()))];
  const words = typed
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 1 && word !== "and" && word !== "y");
  return [...new Set([...ticked.map((colour) => colour.toLowerCase()), ...words])];
}

/** A microchip number as compared: its digits and letters only, upper case ("985 112-00" → "98511200"). */
export function normalisedMicrochip(value: string | null | undefined): string {
  return (value ?? "").replace(/[^0-9a-z]/gi, "").toUpperCase();
}

/** The day a report's board entry ends, from when it was confirmed or last kept open. */
export function openUntilFrom(from: Date): Date {
  return new Date(from.getTime() + lostFoundRules.openMs);
}

/** A report's day as a page shows it ("November 20, 2026" / "20 de noviembre de 2026"), the same in every time zone. */
export function formatReportDay(language: string, day: string): string {
  const at = Date.parse(`${day}T12:00:00Z`);
  return Number.isNaN(at) ? day : new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(at);
}
