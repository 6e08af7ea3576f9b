import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  intakeTypes,
  outcomeTypes,
  sacIntakeColumns,
  sacIntakeNames,
  sacOutcomeNames,
  speciesGroups,
} from "./categories";
import {
  addMonths,
  median,
  monthDays,
  monthlyReport,
  monthlyReportOfCounts,
  periodFigures,
  ratesOf,
  reportCsv,
  reportRates,
  statistics,
  statisticsOfCounts,
  statisticsWindowStart,
  type FosterSpell,
  type StayFacts,
} from "./figures";
import { shelterDayOf } from "./shelter-day";

const stay = (overrides: Partial<StayFacts>): StayFacts => ({
  petId: 1,
  species: "Dog",
  intakeType: "stray",
  intakeOn: "2026-01-10",
  intakeAgeMonths: 24,
  outcomeType: null,
  outcomeOn: null,
  ...overrides,
});

const day = fc
  .date({ min: new Date(Date.UTC(2024, 0, 1)), max: new Date(Date.UTC(2026, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** A random history: pets with one or more stays in order (a returned adoption is a new stay), some in foster. */
const history = fc
  .array(
    fc.record({
      species: fc.constantFrom("Dog", "Cat", "Rabbit"),
      age: fc.integer({ min: 0, max: 120 }),
      stays: fc.array(
        fc.record({
          intake: fc.constantFrom(...intakeTypes),
          days: fc.tuple(day, day),
          outcome: fc.option(fc.constantFrom(...outcomeTypes), { nil: null }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      foster: fc.option(fc.tuple(day, fc.option(day, { nil: null })), { nil: null }),
    }),
    { maxLength: 40 },
  )
  .map((pets) => {
    const stays: StayFacts[] = [];
    const spells: FosterSpell[] = [];
    pets.forEach((pet, petId) => {
      pet.stays.forEach((spec, index) => {
        const [a, b] = spec.days.sort();
        // Only the last stay may still be open.
        const outcomeType = index < pet.stays.length - 1 ? (spec.outcome ?? "adoption") : spec.outcome;
        stays.push({
          petId,
          species: pet.species,
          intakeType: index > 0 ? "returned_adoption" : spec.intake,
          intakeOn: a!,
          intakeAgeMonths: pet.age,
          outcomeType,
          outcomeOn: outcomeType ? b! : null,
        });
      });
      if (pet.foster)
        spells.push({
          petId,
          from: pet.foster[0],
          to: pet.foster[1] && pet.foster[1] >= pet.foster[0] ? pet.foster[1] : null,
        });
    });
    return { stays, spells };
  });

const month = fc
  .tuple(fc.integer({ min: 2024, max: 2026 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, "0")}`);

describe("the SAC monthly report", () => {
  it("adds up in every row of every month: beginning + intakes − outcomes = ending (random histories)", () => {
    fc.assert(
      fc.property(history, month, ({ stays, spells }, chosen) => {
        const rows = monthlyReport(stays, spells, chosen);
        expect(rows).toHaveLength(6);
        for (const row of rows) {
          expect(row.beginning + row.intakesTotal - row.outcomesTotal).toBe(row.ending);
          expect(row.beginningInShelter + row.beginningInFoster).toBe(row.beginning);
          expect(Object.values(row.intakes).reduce((a, b) => a + b, 0)).toBe(row.intakesTotal);
          expect(Object.values(row.outcomes).reduce((a, b) => a + b, 0)).toBe(row.outcomesTotal);
        }
        // One month's ending is the next month's beginning.
        const next = monthlyReport(stays, spells, addMonths(chosen, 1));
        expect(next.map((row) => row.beginning)).toEqual(rows.map((row) => row.ending));
      }),
      { numRuns: 300 },
    );
  });

  it("counts a returned adoption as a new intake (Relinquished by Owner) after the adoption", () => {
    const stays = [
      stay({ intakeOn: "2026-01-05", outcomeType: "adoption", outcomeOn: "2026-02-03" }),
      stay({ intakeType: "returned_adoption", intakeOn: "2026-02-20" }),
    ];
    const [adultDogs] = monthlyReport(stays, [], "2026-02");
    expect(adultDogs).toMatchObject({ beginning: 1, intakesTotal: 1, outcomesTotal: 1, ending: 1 });
    expect(adultDogs!.intakes.relinquished).toBe(1);
    expect(adultDogs!.outcomes.adoption).toBe(1);
  });

  it("counts an animal in foster at the month's start as in care, in foster", () => {
    const rows = monthlyReport(
      [stay({ petId: 7, intakeOn: "2025-12-01" })],
      [{ petId: 7, from: "2025-12-20", to: null }],
      "2026-01",
    );
    expect(rows[0]).toMatchObject({ beginning: 1, beginningInFoster: 1, beginningInShelter: 0, ending: 1 });
  });

  it("counts a stay across a month boundary in both months, and its days in the shelter's time zone", () => {
    // Came in on the evening of January 31 at the shelter: February 1 in UTC, January in the report.
    const intakeOn = shelterDayOf(Date.UTC(2026, 1, 1, 5, 30), "America/Los_Angeles");
    expect(intakeOn).toBe("2026-01-31");
    const stays = [stay({ intakeOn, outcomeType: "transferred_out", outcomeOn: "2026-02-02" })];
    expect(monthlyReport(stays, [], "2026-01")[0]).toMatchObject({ intakesTotal: 1, ending: 1 });
    expect(monthlyReport(stays, [], "2026-02")[0]).toMatchObject({ beginning: 1, outcomesTotal: 1, ending: 0 });
  });

  it("puts young animals (up to 5 months at intake) and species groups in their rows", () => {
    const rows = monthlyReport(
      [stay({ species: "Cat", intakeAgeMonths: 3 }), stay({ species: "Ferret" })],
      [],
      "2026-01",
    );
    expect(rows.map((row) => `${row.speciesGroup}/${row.ageGroup}:${row.intakesTotal}`)).toEqual([
      "canine/adult:0",
      "canine/youth:0",
      "feline/adult:0",
      "feline/youth:1",
      "other/adult:1",
      "other/youth:0",
    ]);
  });

  it("writes a CSV with SAC's names, one line per row, every field quoted and formula-safe", () => {
    const csv = reportCsv(monthlyReport([stay({})], [], "2026-01"), "2026-01");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(7);
    expect(lines[0]).toContain('"Stray/At Large"');
    for (const name of [...Object.values(sacIntakeNames), ...Object.values(sacOutcomeNames)])
      expect(lines[0]).toContain(`"${name}"`);
    expect(lines[1]).toMatch(/^"2026-01","Canine","Adult","0","0","0","1",/);
    expect(lines.every((line) => line.split(",").length === lines[0]!.split(",").length)).toBe(true);
  });
});

describe("rates", () => {
  it("live release: live ÷ (all − owner-intended euthanasia); save: (intakes − non-live) ÷ intakes", () => {
    const rates = ratesOf(
      { adoption: 6, returned_to_owner: 1, shelter_euthanasia: 1, owner_intended_euthanasia: 2, lost_in_care: 1 },
      10,
    );
    expect(rates.liveReleaseRate).toBeCloseTo(7 / 9);
    expect(rates.saveRate).toBeCloseTo((10 - 3) / 10);
    expect(ratesOf({}, 0)).toEqual({ liveReleaseRate: null, saveRate: null });
  });

  it("of a month are the rates of its rows together", () => {
    const rows = monthlyReport(
      [
        stay({ outcomeType: "adoption", outcomeOn: "2026-01-20" }),
        stay({ species: "Cat", outcomeType: "died_in_care", outcomeOn: "2026-01-12" }),
      ],
      [],
      "2026-01",
    );
    // Two intakes in January, one non-live outcome: (2 − 1) ÷ 2.
    expect(reportRates(rows)).toEqual({ liveReleaseRate: 0.5, saveRate: 0.5 });
  });
});

describe("the statistics page's figures", () => {
  it("give twelve months ending with this one so far, the year so far, and medians of days in care", () => {
    const stays = [
      stay({ intakeOn: "2026-01-10", outcomeType: "adoption", outcomeOn: "2026-01-20" }),
      stay({ intakeOn: "2026-01-10", outcomeType: "adoption", outcomeOn: "2026-01-30" }),
      stay({ species: "Cat", intakeOn: "2025-12-01", outcomeType: "returned_to_owner", outcomeOn: "2026-03-01" }),
      stay({ intakeOn: "2026-03-05", outcomeType: "adoption", outcomeOn: "2026-03-29" }),
    ];
    const figures = statistics(stays, "2026-03-15");
    expect(figures.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => addMonths("2025-04", i)));
    expect(figures.months[9]!.figures).toMatchObject({
      takenIn: 2,
      adopted: 2,
      medianStayDays: 15,
      liveReleaseRate: 1,
    });
    // March so far: the adoption on the 29th has not happened by the 15th.
    expect(figures.months[11]!.figures).toMatchObject({
      takenIn: 1,
      adopted: 0,
      returnedToOwner: 1,
      medianStayDays: 90,
    });
    expect(figures.yearToDate.figures).toMatchObject({ takenIn: 3, adopted: 2, returnedToOwner: 1 });
    expect(figures.yearToDate.bySpecies.feline).toMatchObject({ takenIn: 0, returnedToOwner: 1 });
    expect(statisticsWindowStart("2026-03-15")).toBe("2025-04-01");
  });

  it("take the median of an even count as the mean of the middle two", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(monthDays("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
  });
});

describe("the report's CSV over random histories", () => {
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

  it("has SAC's columns in order and one line per species and age group, whose figures add up on their own", () => {
    fc.assert(
      fc.property(history, month, ({ stays, spells }, chosen) => {
        const rows = monthlyReport(stays, spells, chosen);
        const [head, ...lines] = parse(reportCsv(rows, chosen), { relax_column_count: false }) as string[][];
        expect(head).toEqual(header);
        expect(lines.map((line) => `${line[1]}/${line[2]}`)).toEqual([
          "Canine/Adult",
          "Canine/Up to 5 months",
          "Feline/Adult",
          "Feline/Up to 5 months",
          "Other/Adult",
          "Other/Up to 5 months",
        ]);
        // By position: "Owner-Intended Euthanasia" is both an intake and an outcome column, as on SAC's form.
        const intakesAt = 6;
        const outcomesAt = intakesAt + sacIntakeColumns.length + 1;
        lines.forEach((line, index) => {
          const cells = line.slice(3).map(Number);
          const at = (position: number) => Number(line[position]);
          const sum = (from: number, count: number) =>
            line.slice(from, from + count).reduce((total, cell) => total + Number(cell), 0);
          expect(line[0]).toBe(chosen);
          expect(cells.every((cell) => Number.isInteger(cell) && cell >= 0)).toBe(true);
          const [inShelter, inFoster, beginning] = [at(3), at(4), at(5)];
          const intakes = at(outcomesAt - 1);
          const outcomes = at(outcomesAt + outcomeTypes.length);
          const ending = at(outcomesAt + outcomeTypes.length + 1);
          expect(inShelter + inFoster).toBe(beginning);
          expect(sum(intakesAt, sacIntakeColumns.length)).toBe(intakes);
          expect(sum(outcomesAt, outcomeTypes.length)).toBe(outcomes);
          expect(beginning + intakes - outcomes).toBe(ending);
          expect(line).toHaveLength(header.length);
          expect(ending).toBe(rows[index]!.ending);
          expect(intakes).toBe(rows[index]!.intakesTotal);
        });
      }),
      { numRuns: 200 },
    );
  });

  it("counts in a month's report what the statistics page counts for that month", () => {
    fc.assert(
      fc.property(history, month, ({ stays, spells }, chosen) => {
        const rows = monthlyReport(stays, spells, chosen);
        const { last } = monthDays(chosen);
        const shown = statistics(stays, last).months.at(-1)!;
        expect(shown.month).toBe(chosen);
        expect(shown.figures.takenIn).toBe(rows.reduce((sum, row) => sum + row.intakesTotal, 0));
        expect(shown.figures.adopted).toBe(rows.reduce((sum, row) => sum + row.outcomes.adoption, 0));
        expect(shown.figures.returnedToOwner).toBe(rows.reduce((sum, row) => sum + row.outcomes.returned_to_owner, 0));
      }),
      { numRuns: 200 },
    );
  });
});

describe("the statistics page's one pass", () => {
  it("gives each period the figures periodFigures gives it on its own (random histories, any today)", () => {
    fc.assert(
      fc.property(history, day, ({ stays }, today) => {
        const figures = statistics(stays, today);
        const yearStart = `${today.slice(0, 4)}-01-01`;
        const windowStart = monthDays(figures.months[0]!.month).first;
        for (const { month, figures: shown } of figures.months) {
          const { first, last } = monthDays(month);
          expect(shown, month).toEqual(periodFigures(stays, first, last < today ? last : today));
        }
        expect(figures.yearToDate.figures).toEqual(periodFigures(stays, yearStart, today));
        for (const group of speciesGroups) {
          expect(figures.yearToDate.bySpecies[group]).toEqual(periodFigures(stays, yearStart, today, group));
          expect(figures.twelveMonthsBySpecies[group]).toEqual(periodFigures(stays, windowStart, today, group));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("the figures made of SQL's counts", () => {
  it("put each month's counts in its month, the year from January, the twelve months by species; medians as SQL gave them", () => {
    const figures = statisticsOfCounts(
      [
        { kind: "intake", month: "2026-03", speciesGroup: "canine", type: null, n: 4 },
        { kind: "intake", month: "2025-12", speciesGroup: "feline", type: null, n: 2 },
        { kind: "outcome", month: "2026-03", speciesGroup: "canine", type: "adoption", n: 3 },
        { kind: "outcome", month: "2025-12", speciesGroup: "feline", type: "shelter_euthanasia", n: 1 },
        // Outside the twelve months: not counted anywhere.
        { kind: "intake", month: "2025-03", speciesGroup: "canine", type: null, n: 9 },
      ],
      [
        { period: "month", key: "2026-03", median: 12.5 },
        { period: "year", key: "", median: 12.5 },
        { period: "twelve", key: "feline", median: 30 },
      ],
      "2026-03-15",
    );
    const march = figures.months.at(-1)!;
    expect(march.month).toBe("2026-03");
    expect(march.figures).toMatchObject({ takenIn: 4, adopted: 3, liveReleaseRate: 1, medianStayDays: 12.5 });
    expect(figures.months.find((month) => month.month === "2025-12")!.figures).toMatchObject({
      takenIn: 2,
      liveReleaseRate: 0,
      medianStayDays: null,
    });
    expect(figures.yearToDate.figures).toMatchObject({ takenIn: 4, adopted: 3, medianStayDays: 12.5 });
    expect(figures.yearToDate.bySpecies.feline.takenIn).toBe(0);
    expect(figures.twelveMonthsBySpecies.feline).toMatchObject({ takenIn: 2, medianStayDays: 30 });
    expect(figures.twelveMonthsBySpecies.canine.takenIn).toBe(4);
  });

  it("make the report's rows: returned adoptions as relinquished, the foster column from the pets' placements", () => {
    const rows = monthlyReportOfCounts(
      [
        { speciesGroup: "canine", ageGroup: "adult", kind: "beginning", type: null, n: 3 },
        { speciesGroup: "canine", ageGroup: "adult", kind: "foster", type: "7", n: 1 },
        { speciesGroup: "canine", ageGroup: "adult", kind: "foster", type: "8", n: 1 },
        { speciesGroup: "canine", ageGroup: "adult", kind: "intake", type: "returned_adoption", n: 2 },
        { speciesGroup: "canine", ageGroup: "adult", kind: "intake", type: "relinquished", n: 1 },
        { speciesGroup: "canine", ageGroup: "adult", kind: "outcome", type: "adoption", n: 4 },
        { speciesGroup: "canine", ageGroup: "adult", kind: "ending", type: null, n: 2 },
      ],
      [
        { petId: 7, from: "2026-02-20", to: null },
        // Placed on the month's first day: in the shelter at its start.
        { petId: 8, from: "2026-03-01", to: null },
      ],
      "2026-03",
    );
    const row = rows.find((one) => one.speciesGroup === "canine" && one.ageGroup === "adult")!;
    expect(row).toMatchObject({ beginning: 3, beginningInFoster: 1, beginningInShelter: 2, intakesTotal: 3 });
    expect(row.intakes.relinquished).toBe(3);
    expect(row.beginning + row.intakesTotal - row.outcomesTotal).toBe(row.ending);
    expect(rows).toHaveLength(6);
  });
});
