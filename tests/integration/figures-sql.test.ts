import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#app/db/client.server";
import { intakeTypes, outcomeTypes } from "#app/lib/intake-outcome/categories";
import {
  addMonths,
  monthDays,
  monthlyReport,
  monthlyReportOfCounts,
  statistics,
  statisticsOfCounts,
  statisticsWindowStart,
} from "#app/lib/intake-outcome/figures";
import { reportCounts, reportFacts, statisticsCounts } from "#app/models/statistics.server";
import { createAccount } from "../builders/accounts";
import { insertFoster } from "../builders/fosters";
import { insertPet } from "../builders/pets";
import { createTestEnv, type TestEnv } from "./harness";

/**
 * The figures of decision 064 are counted in SQL (amended 2026-11-28): the report's and the statistics
 * page's groups, beginning and ending counts and medians come from D1. Here, over random histories
 * written to real D1, they must equal what lib's pure functions make of every stay (`monthlyReport`,
 * `statistics`, themselves property-tested in app/lib/intake-outcome/figures.test.ts), so the SQL and
 * lib's arithmetic cannot drift apart.
 */

let t: TestEnv;
const petIds: number[] = [];
let fosterId = 0;
beforeAll(async () => {
  t = await createTestEnv();
  const account = await createAccount(t.env.DB, {});
  fosterId = await insertFoster(t.env.DB, account.id);
  for (let index = 0; index < 25; index += 1) petIds.push((await insertPet(t.env.DB)).id);
});
afterAll(() => t.dispose());

const dayMs = 86_400_000;
const start = Date.UTC(2024, 0, 1);
const end = Date.UTC(2026, 11, 31);
const day = fc
  .integer({ min: 0, max: Math.round((end - start) / dayMs) })
  .map((offset) => new Date(start + offset * dayMs).toISOString().slice(0, 10));
/** An instant, any time of day: a foster placement's start or end, read as the shelter's day (Los Angeles). */
const instant = fc.integer({ min: start, max: end });

const stayOf = fc.record({
  intake: fc.constantFrom(...intakeTypes),
  days: fc.tuple(day, day),
  // Now and then a typed-wrong outcome day before the intake day: lib counts it on the intake day.
  keepOrder: fc.integer({ min: 0, max: 9 }).map((roll) => roll > 0),
  outcome: fc.option(fc.constantFrom(...outcomeTypes), { nil: null }),
});

const history = fc.record({
  pets: fc.array(
    fc.record({
      species: fc.constantFrom("Dog", "Cat", "Rabbit", "Bird"),
      age: fc.constantFrom(0, 3, 5, 6, 7, 30, 120),
      stays: fc.array(stayOf, { minLength: 1, maxLength: 3 }),
      foster: fc.option(fc.tuple(instant, fc.option(instant, { nil: null })), { nil: null }),
      // A pet removed for good: its stays keep counting, with no pet (and no foster placement).
      removed: fc.boolean(),
    }),
    { maxLength: 25 },
  ),
  months: fc.array(day, { minLength: 3, maxLength: 3 }),
  todays: fc.array(day, { minLength: 2, maxLength: 2 }),
});

type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

async function write({ pets }: History) {
  const d1 = t.env.DB;
  const statements = [d1.prepare("delete from pet_stays"), d1.prepare("delete from foster_placements")];
  pets.forEach((pet, index) => {
    const petId = pet.removed ? null : petIds[index]!;
    pet.stays.forEach((spec, position) => {
      const [a, b] = spec.keepOrder ? [...spec.days].sort() : spec.days;
      // Only a pet's last stay may still be open (one open stay a pet).
      const outcome = position < pet.stays.length - 1 ? (spec.outcome ?? "adoption") : spec.outcome;
      statements.push(
        d1
          .prepare(
            "insert into pet_stays (pet_id, species, intake_type, intake_on, intake_age_months, outcome_type, outcome_on, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, 0, 0)",
          )
          .bind(
            petId,
            pet.species,
            position > 0 ? "returned_adoption" : spec.intake,
            a!,
            pet.age,
            outcome,
            outcome ? b! : null,
          ),
      );
    });
    if (petId !== null && pet.foster) {
      const [from, to] = pet.foster;
      statements.push(
        d1
          .prepare(
            "insert into foster_placements (pet_id, foster_id, listed, started_at, ended_at, created_at) values (?, ?, 1, ?, ?, 0)",
          )
          .bind(petId, fosterId, from, to !== null && to >= from ? to : null),
      );
    }
  });
  await d1.batch(statements);
}

describe("the figures counted in SQL", () => {
  it("equal lib's figures of every stay: each month's report, and the statistics page of any day (random histories on D1)", async () => {
    const db = createDb(t.env.DB);
    await fc.assert(
      fc.asyncProperty(history, async (chosen) => {
        await write(chosen);
        const every = await reportFacts(db, "0000-01-01", "9999-12-31");
        expect(every.stays).toHaveLength(chosen.pets.reduce((sum, pet) => sum + pet.stays.length, 0));
        for (const month of chosen.months.map((one) => one.slice(0, 7))) {
          const { first, last } = monthDays(month);
          const { counts, spells } = await reportCounts(db, first, last, monthDays(addMonths(month, 1)).first);
          const rows = monthlyReportOfCounts(counts, spells, month);
          expect(rows, month).toEqual(monthlyReport(every.stays, every.spells, month));
          for (const row of rows) expect(row.beginning + row.intakesTotal - row.outcomesTotal, month).toBe(row.ending);
        }
        for (const today of chosen.todays) {
          const { counts, medians } = await statisticsCounts(db, {
            from: statisticsWindowStart(today),
            today,
            yearStart: `${today.slice(0, 4)}-01-01`,
          });
          expect(statisticsOfCounts(counts, medians, today), today).toEqual(statistics(every.stays, today));
        }
      }),
      { numRuns: 25 },
    );
    // Each run writes a history to D1 and asks it five times: slow on a busy machine.
  }, 240_000);

  it("counts a foster placement that began before the month as in foster, in the shelter's time zone", async () => {
    const db = createDb(t.env.DB);
    const d1 = t.env.DB;
    const [dog, cat] = petIds as [number, number];
    await d1.batch([
      d1.prepare("delete from pet_stays"),
      d1.prepare("delete from foster_placements"),
      d1
        .prepare(
          "insert into pet_stays (pet_id, species, intake_type, intake_on, intake_age_months, created_at, updated_at) values (?, 'Dog', 'stray', '2026-02-10', 24, 0, 0), (?, 'Cat', 'stray', '2026-02-10', 2, 0, 0)",
        )
        .bind(dog, cat),
      // The dog went to foster at 23:30 on February 28 in Los Angeles (07:30 UTC on March 1): before March.
      // The cat's placement began at 00:30 on March 1 there: it starts the month in the shelter.
      d1
        .prepare(
          "insert into foster_placements (pet_id, foster_id, listed, started_at, created_at) values (?, ?, 1, ?, 0), (?, ?, 1, ?, 0)",
        )
        .bind(dog, fosterId, Date.UTC(2026, 2, 1, 7, 30), cat, fosterId, Date.UTC(2026, 2, 1, 8, 30)),
    ]);
    const { counts, spells } = await reportCounts(db, "2026-03-01", "2026-03-31", "2026-04-01");
    const rows = monthlyReportOfCounts(counts, spells, "2026-03");
    const row = (speciesGroup: string, ageGroup: string) =>
      rows.find((one) => one.speciesGroup === speciesGroup && one.ageGroup === ageGroup)!;
    expect(row("canine", "adult")).toMatchObject({
      beginning: 1,
      beginningInFoster: 1,
      beginningInShelter: 0,
      ending: 1,
    });
    expect(row("feline", "youth")).toMatchObject({
      beginning: 1,
      beginningInFoster: 0,
      beginningInShelter: 1,
      ending: 1,
    });
  });
});
