import { csvField } from "../http/csv";
import {
  ageGroupOf,
  ageGroups,
  isIntakeType,
  isLiveOutcome,
  isNonLiveOutcome,
  isOutcomeType,
  outcomeTypes,
  sacIntakeColumnOf,
  sacIntakeColumns,
  sacIntakeNames,
  sacOutcomeNames,
  speciesGroupOf,
  speciesGroups,
  type AgeGroup,
  type IntakeType,
  type OutcomeType,
  type SacIntakeColumn,
  type SpeciesGroup,
} from "./categories";
import { daysBetween } from "./shelter-day";

/**
 * The arithmetic of the Shelter Animals Count report and the statistics page (decision 064), on the
 * stays as read (no I/O here). Days are the shelter's calendar days, so months are its months. A stay
 * counts as in care from its intake day until its outcome day; a foster spell is a place, not an
 * outcome (SAC's rule): the animal is still in care.
 */

export interface StayFacts {
  petId: number | null;
  species: string;
  intakeType: IntakeType;
  intakeOn: string;
  intakeAgeMonths: number;
  outcomeType: OutcomeType | null;
  outcomeOn: string | null;
}

/** A foster placement as days: from the day it began to the day it ended (null: still placed). */
export interface FosterSpell {
  petId: number;
  from: string;
  to: string | null;
}

/** The first and last days of a month "YYYY-MM". */
export function monthDays(month: string): { first: string; last: string } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(lastDay).padStart(2, "0")}` };
}

/** The month before or after: `addMonths("2026-01", -1)` is "2025-12". */
export function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + count, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** What the statistics page reads of a stay (fewer columns read from ten years of stays). */
export type StatisticsFacts = Pick<StayFacts, "species" | "intakeOn" | "outcomeType" | "outcomeOn">;

/** An outcome is never before its intake: a day typed wrong counts on the intake day. No type, no outcome. */
const outcomeDayOf = (stay: StatisticsFacts): string | null =>
  stay.outcomeOn === null || stay.outcomeType === null
    ? null
    : stay.outcomeOn < stay.intakeOn
      ? stay.intakeOn
      : stay.outcomeOn;

/** In care at the start of `day` (its midnight): came in before it and had not left before it. */
function inCareAtStartOf(stay: StayFacts, day: string): boolean {
  const out = outcomeDayOf(stay);
  return stay.intakeOn < day && (out === null || out >= day);
}

function inFosterAtStartOf(spells: readonly FosterSpell[], day: string): boolean {
  return spells.some((spell) => spell.from < day && (spell.to === null || spell.to >= day));
}

export interface ReportRow {
  speciesGroup: SpeciesGroup;
  ageGroup: AgeGroup;
  beginningInShelter: number;
  beginningInFoster: number;
  beginning: number;
  intakes: Record<SacIntakeColumn, number>;
  intakesTotal: number;
  outcomes: Record<OutcomeType, number>;
  outcomesTotal: number;
  ending: number;
}

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/** Each pet's foster spells, by pet id. */
function spellsByPet(spells: readonly FosterSpell[]): Map<number, FosterSpell[]> {
  const spellsOf = new Map<number, FosterSpell[]>();
  for (const spell of spells) spellsOf.set(spell.petId, [...(spellsOf.get(spell.petId) ?? []), spell]);
  return spellsOf;
}

/** The report's rows at zero, one per species group and age group, in SAC's order. */
function emptyReportRows(): Map<string, ReportRow> {
  const rows = new Map<string, ReportRow>();
  for (const speciesGroup of speciesGroups) {
    for (const ageGroup of ageGroups) {
      rows.set(`${speciesGroup}/${ageGroup}`, {
        speciesGroup,
        ageGroup,
        beginningInShelter: 0,
        beginningInFoster: 0,
        beginning: 0,
        intakes: zeros(sacIntakeColumns),
        intakesTotal: 0,
        outcomes: zeros(outcomeTypes),
        outcomesTotal: 0,
        ending: 0,
      });
    }
  }
  return rows;
}

/**
 * SAC's monthly Intake & Outcome figures: one row per species group and age group (at intake), in
 * SAC's order. Beginning is the count in care at the start of the month's first day (in foster or in
 * the shelter), ending at the end of its last day; beginning + intakes − outcomes = ending holds in
 * every row, as every stay counted is in exactly the places it should be.
 */
export function monthlyReport(stays: readonly StayFacts[], spells: readonly FosterSpell[], month: string): ReportRow[] {
  const { first, last } = monthDays(month);
  const next = monthDays(addMonths(month, 1)).first;
  const spellsOf = spellsByPet(spells);
  const rows = emptyReportRows();
  for (const stay of stays) {
    const row = rows.get(`${speciesGroupOf(stay.species)}/${ageGroupOf(stay.intakeAgeMonths)}`)!;
    const out = outcomeDayOf(stay);
    if (inCareAtStartOf(stay, first)) {
      row.beginning += 1;
      if (stay.petId !== null && inFosterAtStartOf(spellsOf.get(stay.petId) ?? [], first)) row.beginningInFoster += 1;
      else row.beginningInShelter += 1;
    }
    if (stay.intakeOn >= first && stay.intakeOn <= last) {
      row.intakes[sacIntakeColumnOf(stay.intakeType)] += 1;
      row.intakesTotal += 1;
    }
    if (out !== null && stay.outcomeType !== null && out >= first && out <= last) {
      row.outcomes[stay.outcomeType] += 1;
      row.outcomesTotal += 1;
    }
    if (inCareAtStartOf(stay, next)) row.ending += 1;
  }
  return [...rows.values()];
}

export interface Rates {
  /** Live outcomes ÷ (all outcomes − owner-intended euthanasia); null when nothing to divide by. */
  liveReleaseRate: number | null;
  /** (Intakes − non-live outcomes) ÷ intakes; null with no intake. */
  saveRate: number | null;
}

export const liveReleaseFormula =
  /*i18n*/ "Live release rate = live outcomes ÷ (all outcomes − owner-intended euthanasia)";
export const saveRateFormula = /*i18n*/ "Save rate = (intakes − non-live outcomes) ÷ intakes";

/** The rates of outcomes counted by type and a number of intakes (SAC/Asilomar and Best Friends). */
export function ratesOf(outcomes: Partial<Record<OutcomeType, number>>, intakes: number): Rates {
  let live = 0;
  let all = 0;
  let nonLive = 0;
  for (const type of outcomeTypes) {
    const count = outcomes[type] ?? 0;
    all += count;
    if (isLiveOutcome(type)) live += count;
    if (isNonLiveOutcome(type)) nonLive += count;
  }
  const counted = all - (outcomes.owner_intended_euthanasia ?? 0);
  return {
    liveReleaseRate: counted > 0 ? live / counted : null,
    saveRate: intakes > 0 ? (intakes - nonLive) / intakes : null,
  };
}

/** Every row's rates together: the month's rates. */
export function reportRates(rows: readonly ReportRow[]): Rates {
  const outcomes = zeros(outcomeTypes);
  for (const row of rows) for (const type of outcomeTypes) outcomes[type] += row.outcomes[type];
  return ratesOf(
    outcomes,
    rows.reduce((sum, row) => sum + row.intakesTotal, 0),
  );
}

const speciesGroupNames: Record<SpeciesGroup, string> = { canine: "Canine", feline: "Feline", other: "Other" };
const ageGroupNames: Record<AgeGroup, string> = { adult: "Adult", youth: "Up to 5 months" };

/**
 * The report as CSV, one row per species group and age group, one column per figure, headed with
 * SAC's own names, so it can be typed into SAC's form line by line. Every field goes through
 * lib/http/csv.ts (quoted, formula-safe).
 */
export function reportCsv(rows: readonly ReportRow[], month: string): string {
  const header = [
    "Month",
    "Species",
    "Age Group",
    "Beginning Count: In Shelter",
    "Beginning Count: In Foster",
    "Beginning Count",
    ...sacIntakeColumns.map((column) => sacIntakeNames[column]),
    "Total Intakes",
    ...outcomeTypes.map((type) => sacOutcomeNames[type]),
    "Total Outcomes",
    "Ending Count",
  ];
  const lines = rows.map((row) => [
    month,
    speciesGroupNames[row.speciesGroup],
    ageGroupNames[row.ageGroup],
    row.beginningInShelter,
    row.beginningInFoster,
    row.beginning,
    ...sacIntakeColumns.map((column) => row.intakes[column]),
    row.intakesTotal,
    ...outcomeTypes.map((type) => row.outcomes[type]),
    row.outcomesTotal,
    row.ending,
  ]);
  return [header, ...lines].map((line) => line.map((value) => csvField(String(value))).join(",")).join("\r\n") + "\r\n";
}

/** The figures of one period on the statistics page. */
export interface PeriodFigures {
  takenIn: number;
  adopted: number;
  returnedToOwner: number;
  transferred: number;
  outcomes: Partial<Record<OutcomeType, number>>;
  liveReleaseRate: number | null;
  /** Median days in care of the stays that ended in the period; null when none did. */
  medianStayDays: number | null;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  // A typed array sorts numerically, without a comparison function called per pair.
  const sorted = Float64Array.from(values).sort();
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The figures of the days from `first` to `last` (both included), for the stays of `species` (all when undefined). */
export function periodFigures(
  stays: readonly StayFacts[],
  first: string,
  last: string,
  speciesGroup?: SpeciesGroup,
): PeriodFigures {
  const outcomes: Partial<Record<OutcomeType, number>> = {};
  const lengths: number[] = [];
  let takenIn = 0;
  for (const stay of stays) {
    if (speciesGroup && speciesGroupOf(stay.species) !== speciesGroup) continue;
    if (stay.intakeOn >= first && stay.intakeOn <= last) takenIn += 1;
    const out = outcomeDayOf(stay);
    if (out !== null && stay.outcomeType !== null && out >= first && out <= last) {
      outcomes[stay.outcomeType] = (outcomes[stay.outcomeType] ?? 0) + 1;
      lengths.push(daysBetween(stay.intakeOn, out));
    }
  }
  return {
    takenIn,
    adopted: outcomes.adoption ?? 0,
    returnedToOwner: outcomes.returned_to_owner ?? 0,
    transferred: outcomes.transferred_out ?? 0,
    outcomes,
    liveReleaseRate: ratesOf(outcomes, takenIn).liveReleaseRate,
    medianStayDays: median(lengths),
  };
}

export interface Statistics {
  months: { month: string; figures: PeriodFigures }[];
  yearToDate: { year: string; figures: PeriodFigures; bySpecies: Record<SpeciesGroup, PeriodFigures> };
  twelveMonthsBySpecies: Record<SpeciesGroup, PeriodFigures>;
}

interface PeriodCounts {
  takenIn: number;
  outcomes: Partial<Record<OutcomeType, number>>;
  lengths: number[];
}

const periodCounts = (): PeriodCounts => ({ takenIn: 0, outcomes: {}, lengths: [] });

function figuresOf({ takenIn, outcomes, lengths }: PeriodCounts): PeriodFigures {
  return {
    takenIn,
    adopted: outcomes.adoption ?? 0,
    returnedToOwner: outcomes.returned_to_owner ?? 0,
    transferred: outcomes.transferred_out ?? 0,
    outcomes,
    liveReleaseRate: ratesOf(outcomes, takenIn).liveReleaseRate,
    medianStayDays: median(lengths),
  };
}

/** The twelve months to `today`'s (oldest first) and every period's counts at zero. */
function emptyPeriods(today: string) {
  const thisMonth = today.slice(0, 7);
  const monthList = Array.from({ length: 12 }, (_, index) => addMonths(thisMonth, index - 11));
  const monthIndex = new Map(monthList.map((month, index) => [month, index]));
  const byMonth = monthList.map(periodCounts);
  const year = periodCounts();
  const bySpecies = () =>
    Object.fromEntries(speciesGroups.map((group) => [group, periodCounts()])) as Record<SpeciesGroup, PeriodCounts>;
  const yearBySpecies = bySpecies();
  const twelveBySpecies = bySpecies();
  return { monthList, monthIndex, byMonth, year, yearBySpecies, twelveBySpecies };
}

/**
 * The statistics page: the last 12 months (this one so far included), the year so far, by species.
 * The same figures as `periodFigures` of each period (property-tested), in one pass over the stays:
 * each intake and outcome is put in the periods it falls in (its month, the year, the twelve months,
 * by species), so ten years of history cost one read of each stay, not one per period.
 */
export function statistics(stays: readonly StatisticsFacts[], today: string): Statistics {
  const { monthList, monthIndex, byMonth, year, yearBySpecies, twelveBySpecies } = emptyPeriods(today);
  const yearStart = `${today.slice(0, 4)}-01-01`;
  for (const stay of stays) {
    const group = speciesGroupOf(stay.species);
    // The twelve months are from the first of the earliest to today: a day is in them when its month is.
    const intake = stay.intakeOn;
    if (intake <= today) {
      const index = monthIndex.get(intake.slice(0, 7));
      if (index !== undefined) {
        byMonth[index]!.takenIn += 1;
        twelveBySpecies[group].takenIn += 1;
      }
      if (intake >= yearStart) {
        year.takenIn += 1;
        yearBySpecies[group].takenIn += 1;
      }
    }
    const out = outcomeDayOf(stay);
    const type = stay.outcomeType;
    if (out === null || type === null || out > today) continue;
    const index = monthIndex.get(out.slice(0, 7));
    const inYear = out >= yearStart;
    if (index === undefined && !inYear) continue;
    const length = daysBetween(stay.intakeOn, out);
    const add = (counts: PeriodCounts) => {
      counts.outcomes[type] = (counts.outcomes[type] ?? 0) + 1;
      counts.lengths.push(length);
    };
    if (index !== undefined) {
      add(byMonth[index]!);
      add(twelveBySpecies[group]);
    }
    if (inYear) {
      add(year);
      add(yearBySpecies[group]);
    }
  }
  const figuresBySpecies = (counts: Record<SpeciesGroup, PeriodCounts>) =>
    Object.fromEntries(speciesGroups.map((group) => [group, figuresOf(counts[group])])) as Record<
      SpeciesGroup,
      PeriodFigures
    >;
  return {
    months: monthList.map((month, index) => ({ month, figures: figuresOf(byMonth[index]!) })),
    yearToDate: { year: today.slice(0, 4), figures: figuresOf(year), bySpecies: figuresBySpecies(yearBySpecies) },
    twelveMonthsBySpecies: figuresBySpecies(twelveBySpecies),
  };
}

/** The first day whose stays the statistics of `today` read: the first of the month eleven months back, or January 1 if earlier. */
export function statisticsWindowStart(today: string): string {
  const twelve = monthDays(addMonths(today.slice(0, 7), -11)).first;
  const year = `${today.slice(0, 4)}-01-01`;
  return year < twelve ? year : twelve;
}

/**
 * Counted in SQL (decision 064, amended 2026-11-28): with ten years of history, reading every stay
 * into the Worker cost more CPU than Cloudflare's free plan allows a request, so D1 counts the stays
 * by group and the functions below make the same figures of those few rows. `statistics` and
 * `monthlyReport` above stay the reference: tests/integration/figures-sql.test.ts checks on real D1,
 * over random histories, that the SQL's groups made into figures here equal them.
 */

/** The statistics page's stays counted by month and species group: intakes, and outcomes by type. */
export interface StatisticsCount {
  kind: "intake" | "outcome";
  month: string;
  speciesGroup: SpeciesGroup;
  type: OutcomeType | null;
  n: number;
}

/**
 * A median of days in care, worked out in SQL for a period: a month of the twelve (`key` the month),
 * the twelve months by species group (`key` the group), the year ("" for every species, or the group).
 */
export interface StatisticsMedian {
  period: "month" | "twelve" | "year";
  key: string;
  median: number;
}

/** The statistics page (as `statistics` makes it) from the counts and medians SQL made of the stays since `statisticsWindowStart(today)`. */
export function statisticsOfCounts(
  counts: readonly StatisticsCount[],
  medians: readonly StatisticsMedian[],
  today: string,
): Statistics {
  const { monthList, monthIndex, byMonth, year, yearBySpecies, twelveBySpecies } = emptyPeriods(today);
  const yearMonth = `${today.slice(0, 4)}-01`;
  for (const count of counts) {
    const index = monthIndex.get(count.month);
    if (index === undefined) continue;
    const group = speciesGroups.includes(count.speciesGroup) ? count.speciesGroup : "other";
    const periods = [byMonth[index]!, twelveBySpecies[group]];
    if (count.month >= yearMonth) periods.push(year, yearBySpecies[group]);
    for (const period of periods) {
      if (count.kind === "intake") period.takenIn += count.n;
      else if (count.type !== null) period.outcomes[count.type] = (period.outcomes[count.type] ?? 0) + count.n;
    }
  }
  const medianOf = new Map(medians.map((row) => [`${row.period}/${row.key}`, row.median]));
  const figures = (counts: PeriodCounts, period: StatisticsMedian["period"], key: string): PeriodFigures => ({
    ...figuresOf(counts),
    medianStayDays: medianOf.get(`${period}/${key}`) ?? null,
  });
  const figuresBySpecies = (counts: Record<SpeciesGroup, PeriodCounts>, period: StatisticsMedian["period"]) =>
    Object.fromEntries(speciesGroups.map((group) => [group, figures(counts[group], period, group)])) as Record<
      SpeciesGroup,
      PeriodFigures
    >;
  return {
    months: monthList.map((month, index) => ({ month, figures: figures(byMonth[index]!, "month", month) })),
    yearToDate: {
      year: today.slice(0, 4),
      figures: figures(year, "year", ""),
      bySpecies: figuresBySpecies(yearBySpecies, "year"),
    },
    twelveMonthsBySpecies: figuresBySpecies(twelveBySpecies, "twelve"),
  };
}

/**
 * The monthly report's stays counted by species group and age group: in care at the start of the
 * month ("beginning") and of the next ("ending"), intakes and outcomes by type, and ("foster", `type`
 * the pet's id) the stays in care at the start whose pet had a foster placement near the month.
 */
export interface ReportCount {
  speciesGroup: SpeciesGroup;
  ageGroup: AgeGroup;
  kind: "beginning" | "intake" | "outcome" | "ending" | "foster";
  type: string | null;
  n: number;
}

/** The monthly report (as `monthlyReport` makes it) from the counts SQL made of the month's stays. */
export function monthlyReportOfCounts(
  counts: readonly ReportCount[],
  spells: readonly FosterSpell[],
  month: string,
): ReportRow[] {
  const { first } = monthDays(month);
  const spellsOf = spellsByPet(spells);
  const rows = emptyReportRows();
  for (const count of counts) {
    const row = rows.get(`${count.speciesGroup}/${count.ageGroup}`);
    if (!row) continue;
    if (count.kind === "beginning") row.beginning += count.n;
    else if (count.kind === "ending") row.ending += count.n;
    else if (count.kind === "intake" && isIntakeType(count.type)) {
      row.intakes[sacIntakeColumnOf(count.type)] += count.n;
      row.intakesTotal += count.n;
    } else if (count.kind === "outcome" && isOutcomeType(count.type)) {
      row.outcomes[count.type] += count.n;
      row.outcomesTotal += count.n;
    } else if (count.kind === "foster" && inFosterAtStartOf(spellsOf.get(Number(count.type)) ?? [], first))
      row.beginningInFoster += count.n;
  }
  for (const row of rows.values()) row.beginningInShelter = row.beginning - row.beginningInFoster;
  return [...rows.values()];
}
