import { shelter } from "#app/config/shelter";
import { intakeTypes, outcomeTypes, type IntakeType, type OutcomeType } from "#app/lib/intake-outcome/categories";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { createRandom, type Random } from "./random";

/**
 * Three years of the shelter's past (decision 064): some 2,500 animals that came in and left (most
 * adopted, some returned to their owners or transferred), so that every figure of /statistics, the
 * home page and the SAC report is arithmetic on rows. They are stays whose pet is gone (`pet_id`
 * null), as a past animal's is once staff deleted it after its adoption and the nightly run removed
 * it for good: the pets table, and every list, stays as it was. Written as multi-row inserts of
 * literal values (all generated here: numbers, fixed words and ISO days), 100 rows a statement and
 * 25 statements a batch, so the first `npm start` stays quick.
 */

const dayMs = 24 * 60 * 60 * 1000;
export const demoHistoryAnimals = 2500;
const demoHistoryYears = 3;

function weighted<T extends string>(random: Random, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let roll = random.next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return entries[0]![0];
}

const intakeWeights: Record<IntakeType, number> = {
  stray: 44,
  relinquished: 24,
  returned_adoption: 5,
  owner_intended_euthanasia: 1,
  transfer_in_state: 11,
  transfer_out_of_state: 3,
  transfer_international: 0.5,
  seized: 4,
  born_in_care: 6,
  other: 1.5,
};
const outcomeWeights: Record<OutcomeType, number> = {
  adoption: 73.6,
  returned_to_owner: 12,
  transferred_out: 8.5,
  returned_to_field: 1.5,
  died_in_care: 1.5,
  lost_in_care: 0.3,
  shelter_euthanasia: 2,
  owner_intended_euthanasia: 0.7,
};
const destinations = [
  "Humboldt County Animal Services",
  "Redwood Coast Rescue",
  "Bay Area Cat Alliance",
  "Oregon Paws Network",
];

export interface HistoryStay {
  species: string;
  intakeType: IntakeType;
  intakeOn: string;
  ageMonths: number;
  outcomeType: OutcomeType;
  outcomeOn: string;
  destination: string;
}

/**
 * The past animals, the same on every machine for a given day (a seeded generator): `count` stays that
 * came in over the last `years` years (the benchmark's ten years of history asks for more, with its own seed).
 */
export function demoHistory(
  now: number,
  count = demoHistoryAnimals,
  years = demoHistoryYears,
  seed = 64,
): HistoryStay[] {
  const random = createRandom(seed);
  const timeZone = shelter.openingHours.timeZone as string;
  const yesterday = now - dayMs;
  const historyDays = Math.round(years * 365);
  return Array.from({ length: count }, () => {
    const species = weighted(random, { Dog: 46, Cat: 46, Rabbit: 4, "Guinea Pig": 2, Bird: 2 });
    const intakeType = weighted(random, intakeWeights);
    const young = intakeType === "born_in_care" || random.next() < 0.22;
    const ageMonths = intakeType === "born_in_care" ? 0 : young ? random.int(1, 5) : random.int(6, 144);
    const intakeAt = now - random.int(2, historyDays) * dayMs;
    // Most stay a few weeks; some stay for months; none past yesterday.
    const stayDays = Math.round(3 + -Math.log(1 - random.next() * 0.999) * (species === "Dog" ? 30 : 24));
    const outcomeAt = Math.min(intakeAt + stayDays * dayMs, yesterday);
    const outcomeType = weighted(random, outcomeWeights);
    return {
      species,
      intakeType,
      intakeOn: shelterDayOf(intakeAt, timeZone),
      ageMonths,
      outcomeType,
      outcomeOn: shelterDayOf(outcomeAt, timeZone),
      destination: outcomeType === "transferred_out" ? random.pick(destinations) : "",
    };
  });
}

const literal = (value: string | number) =>
  typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

/** The multi-row inserts of the past animals' stays. */
export function demoHistoryStatements(stays: readonly HistoryStay[], now: number): string[] {
  const statements: string[] = [];
  for (let start = 0; start < stays.length; start += 100) {
    const rows = stays.slice(start, start + 100).map((stay) => {
      if (!intakeTypes.includes(stay.intakeType) || !outcomeTypes.includes(stay.outcomeType))
        throw new Error("not a category");
      return `(null, ${literal(stay.species)}, ${literal(stay.intakeType)}, ${literal(stay.intakeOn)}, ${stay.ageMonths}, ${literal(stay.outcomeType)}, ${literal(stay.outcomeOn)}, ${literal(stay.destination)}, ${now}, ${now})`;
    });
    statements.push(
      `insert into pet_stays (pet_id, species, intake_type, intake_on, intake_age_months, outcome_type, outcome_on, outcome_destination, created_at, updated_at) values ${rows.join(", ")}`,
    );
  }
  return statements;
}

/**
 * Loads the past animals once: when no stay of a removed pet is there yet. Returns how many were added.
 */
export async function ensureDemoHistory(d1: D1Database, now = Date.now()): Promise<number> {
  const existing = await d1.prepare("select count(*) as n from pet_stays where pet_id is null").first<{ n: number }>();
  if ((existing?.n ?? 0) > 0) return 0;
  return insertHistory(d1, demoHistory(now), now);
}

async function insertHistory(d1: D1Database, stays: readonly HistoryStay[], now: number) {
  const statements = demoHistoryStatements(stays, now);
  for (let start = 0; start < statements.length; start += 25) {
    await d1.batch(statements.slice(start, start + 25).map((statement) => d1.prepare(statement)));
  }
  return stays.length;
}

/**
 * The benchmark's long history (`npm run seed -- --history-years 10 --history-stays 30000`): past
 * animals added until the shelter's stays number `stays`, spread over the last `years` years, so that
 * /statistics and the SAC report are timed on a decade of rows. Returns how many were added.
 */
export async function growHistoryTo(
  d1: D1Database,
  { stays, years }: { stays: number; years: number },
  now = Date.now(),
): Promise<number> {
  const existing = await d1.prepare("select count(*) as n from pet_stays").first<{ n: number }>();
  const missing = stays - (existing?.n ?? 0);
  if (missing <= 0) return 0;
  return insertHistory(d1, demoHistory(now, missing, years, 4242), now);
}
