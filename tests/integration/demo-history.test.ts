import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#app/db/client.server";
import { addMonths, monthDays, monthlyReport } from "#app/lib/intake-outcome/figures";
import { reportFacts } from "#app/models/statistics.server";
import { demoHistory, demoHistoryAnimals, ensureDemoHistory } from "../../scripts/demo/history";
import { createTestEnv, type TestEnv } from "./harness";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

describe("the demo history", () => {
  it("is three years of past animals, mostly adopted, the same on every machine", () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const stays = demoHistory(now);
    expect(stays).toEqual(demoHistory(now));
    expect(stays).toHaveLength(demoHistoryAnimals);
    const share = (type: string) => stays.filter((stay) => stay.outcomeType === type).length / stays.length;
    expect(share("adoption")).toBeGreaterThan(0.7);
    expect(share("returned_to_owner")).toBeGreaterThan(0.04);
    expect(share("transferred_out")).toBeGreaterThan(0.03);
    expect(
      stays.every(
        (stay) => stay.intakeOn <= stay.outcomeOn && stay.outcomeOn < "2026-11-28" && stay.intakeOn >= "2023-11-28",
      ),
    ).toBe(true);
  });

  it("loads once, in batches, and every month's report of it adds up", async () => {
    expect(await ensureDemoHistory(t.env.DB)).toBe(demoHistoryAnimals);
    expect(await ensureDemoHistory(t.env.DB)).toBe(0);
    const rows = await t.env.DB.prepare("select count(*) as n from pet_stays where pet_id is null").first<{
      n: number;
    }>();
    expect(rows!.n).toBe(demoHistoryAnimals);
    const db = createDb(t.env.DB);
    // Every stay, to check that the report's query reads all the stays a month needs (its own indexes).
    const everyStay = await reportFacts(db, "0000-01-01", "9999-12-31");
    expect(everyStay.stays).toHaveLength(demoHistoryAnimals);
    let month = new Date().toISOString().slice(0, 7);
    for (let index = 0; index < 12; index += 1, month = addMonths(month, -3)) {
      const { first, last } = monthDays(month);
      const { stays, spells } = await reportFacts(db, first, last);
      expect(stays.length, month).toBeLessThan(demoHistoryAnimals / 3);
      const rows = monthlyReport(stays, spells, month);
      expect(rows, month).toEqual(monthlyReport(everyStay.stays, everyStay.spells, month));
      for (const row of rows) expect(row.beginning + row.intakesTotal - row.outcomesTotal, month).toBe(row.ending);
    }
  });
});
