import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shelter } from "#app/config/shelter";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { createTestEnv, getRequest, postForm, respond, withCookies, type CookieJar, type TestEnv } from "./harness";
import { createRemixApp } from "./remix-app";
import { createAccount } from "../builders/accounts";
import { insertPetInCare } from "../builders/pets";
import { signedIn } from "./signed-in";

/**
 * The figures' rendered HTML kept per isolate (decision 064, amended 2026-11-28, evening): through the
 * real request handler (entry.server's kept parts), the figures part of /statistics and a month's report
 * table are rendered once per figures' version and language, sent byte for byte as rendered in the
 * page, and a change (an adoption, an intake) shows on the very next request.
 */
let t: TestEnv;
let app: Awaited<ReturnType<typeof createRemixApp>>;
let staff: CookieJar;
beforeAll(async () => {
  [t, app] = await Promise.all([createTestEnv(), createRemixApp()]);
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
}, 120_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const today = () => shelterDayOf(Date.now(), shelter.openingHours.timeZone);
const month = () => today().slice(0, 7);

async function page(path: string, jar?: CookieJar) {
  const request = jar ? withCookies(getRequest(path), jar) : getRequest(path);
  const response = await app.handle(request, t.contextFor(request));
  expect(response.status, path).toBe(200);
  return response.text();
}

const petInCare = (species: string) => insertPetInCare(t.env.DB, species, today());

/** Overwrites this month's figures in the stored statistics, keeping its version: only the stored row changes. */
async function tamperStatistics() {
  const row = (await t.env.DB.prepare("select figures from figures_summaries where key = 'statistics'").first<{
    figures: string;
  }>())!;
  const figures = JSON.parse(row.figures) as { months: { figures: { adopted: number; takenIn: number } }[] };
  figures.months.at(-1)!.figures.adopted = 4321;
  figures.months.at(-1)!.figures.takenIn = 4321;
  await t.env.DB.prepare("update figures_summaries set figures = ? where key = 'statistics'")
    .bind(JSON.stringify(figures))
    .run();
}

const section = (html: string) => {
  const found = /<section class="section container statistics-page">([\s\S]*?)<\/section>/.exec(html);
  expect(found, "the figures' section").not.toBeNull();
  return found![1]!;
};
/** This month's row of the statistics table, as the visitor reads it: taken in, adopted, returned to owner. */
const thisMonthRow = (html: string) => {
  const row = new RegExp(`<tr data-month="${month()}">(.*?)</tr>`).exec(section(html));
  expect(row, "this month's row").not.toBeNull();
  const cells = [...row![1]!.matchAll(/<td>([^<]*)<\/td>/g)].map((cell) => Number(cell[1]));
  expect(cells.length).toBeGreaterThanOrEqual(3);
  return { takenIn: cells[0]!, adopted: cells[1]!, returnedToOwner: cells[2]! };
};

describe("the statistics page's figures, kept rendered per version", () => {
  it("are sent as rendered in the page, kept while nothing changes, and an adoption or an intake shows on the next request", async () => {
    const dog = await petInCare("Dog");
    const first = await page("/statistics");
    const second = await page("/statistics");
    // The kept HTML is what the page renders, byte for byte (the browser hydrates it as its own).
    expect(section(second)).toBe(section(first));
    const before = thisMonthRow(second);

    // Nothing changed (the same version): the figures' HTML is the kept one, not rendered from the stored
    // row again (a tampered stored figure does not show in it, even when the figures kept per isolate are
    // dropped and the loader reads the tampered row).
    await tamperStatistics();
    await app.forgetKeptFigures();
    expect(thisMonthRow(await page("/statistics"))).toEqual(before);

    // An adoption through the pet form: the version rises, the next request renders the figures again.
    await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", { intent: "adopt", petId: String(dog.id), version: "1", email: "home@example.com" }),
        staff,
      ),
    );
    const adopted = thisMonthRow(await page("/statistics"));
    expect(adopted).toEqual({ ...before, adopted: before.adopted + 1 });

    // An intake (a stay written by any path): shown on the next request too.
    await petInCare("Cat");
    expect(thisMonthRow(await page("/statistics"))).toEqual({ ...adopted, takenIn: adopted.takenIn + 1 });
  });

  it("are kept per language", async () => {
    const english = section(await page("/statistics"));
    const spanish = section(await page("/es/statistics"));
    expect(english).toContain("Median days in care");
    expect(spanish).not.toContain("Median days in care");
    expect(section(await page("/es/statistics"))).toBe(spanish);
    expect(section(await page("/statistics"))).toBe(english);
  });
});

describe("a month's report table, kept rendered per version", () => {
  const table = (html: string) => {
    const found = /<table class="report-table" id="report-table">([\s\S]*?)<\/table>/.exec(html);
    expect(found, "the report's table").not.toBeNull();
    return found![1]!;
  };
  /** The month's total intakes, every species and age group's column added. */
  const intakes = (html: string) => {
    const row = /<tr data-figure="intakes"[^>]*>(.*?)<\/tr>/.exec(table(html));
    expect(row, "the total intakes' row").not.toBeNull();
    return [...row![1]!.matchAll(/<td>(\d+)<\/td>/g)].reduce((sum, cell) => sum + Number(cell[1]), 0);
  };

  it("is sent as rendered in the page, kept while nothing changes, and an intake shows on the next request", async () => {
    const path = `/petadmin/reports?month=${month()}`;
    const first = await page(path, staff);
    const second = await page(path, staff);
    expect(table(second)).toBe(table(first));
    // The same version: the table's HTML is the kept one (a tampered stored total does not show in it).
    const key = `report:${month()}`;
    const stored = (await t.env.DB.prepare("select figures from figures_summaries where key = ?")
      .bind(key)
      .first<{ figures: string }>())!;
    const tampered = JSON.parse(stored.figures) as { rows: { intakesTotal: number }[] };
    for (const row of tampered.rows) row.intakesTotal += 1000;
    await t.env.DB.prepare("update figures_summaries set figures = ? where key = ?")
      .bind(JSON.stringify(tampered), key)
      .run();
    await app.forgetKeptFigures();
    expect(intakes(await page(path, staff))).toBe(intakes(second));
    await petInCare("Dog");
    const after = await page(path, staff);
    expect(intakes(after)).toBe(intakes(second) + 1);
    expect(table(await page(path, staff))).toBe(table(after));
  });
});
