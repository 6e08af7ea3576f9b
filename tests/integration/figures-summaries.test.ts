import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shelter } from "#app/config/shelter";
import { createDb } from "#app/db/client.server";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { readFiguresSummary, storeFiguresSummary } from "#app/models/figures-summaries.server";
import { forgetKeptFigures } from "#app/services/figures-summaries.server";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { action as staysAction } from "#app/routes/petadmin/pet-stays";
import { loader as reportsLoader } from "#app/routes/petadmin/reports";
import { loader as csvLoader } from "#app/routes/petadmin/reports.csv";
import { loader as statisticsLoader } from "#app/routes/site/statistics";
import { createTestEnv, getRequest, postForm, respond, withCookies, type CookieJar, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertFoster } from "../builders/fosters";
import { insertPetInCare } from "../builders/pets";
import { signedIn } from "./signed-in";

/**
 * The figures' stored summaries (decision 064, amended 2026-11-28, later): /statistics and a month's
 * report read their figures from one stored row while no stay or foster placement changed; any change,
 * by whichever path, raises the figures' version (triggers), and the next request shows it.
 */
let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
});
afterAll(() => t.dispose());

const today = () => shelterDayOf(Date.now(), shelter.openingHours.timeZone);
const month = () => today().slice(0, 7);
const version = async () =>
  (await t.env.DB.prepare("select version from figures_version where id = 1").first<{ version: number }>())!.version;
const summary = (key: string) =>
  t.env.DB.prepare("select day, version, figures from figures_summaries where key = ?")
    .bind(key)
    .first<{ day: string; version: number; figures: string }>();

const petInCare = (species = "Dog") => insertPetInCare(t.env.DB, species, today());

interface MonthRow {
  month: string;
  takenIn: number;
  adopted: number;
  returnedToOwner: number;
}
const thisMonth = async () =>
  ((await respond(t, statisticsLoader, getRequest("/statistics"))).data as { months: MonthRow[] }).months.at(-1)!;

/** Overwrites this month's adopted figure in the stored statistics: what the page shows comes from the row. */
async function tamperAdopted(value: number) {
  const row = (await summary("statistics"))!;
  const figures = JSON.parse(row.figures) as { months: { figures: { adopted: number } }[] };
  figures.months.at(-1)!.figures.adopted = value;
  await t.env.DB.prepare("update figures_summaries set figures = ? where key = 'statistics'")
    .bind(JSON.stringify(figures))
    .run();
}

describe("the statistics page's stored figures", () => {
  it("are read from the summary while nothing changes, and an outcome or an intake change shows on the next request", async () => {
    const dog = await petInCare("Dog");
    const cat = await petInCare("Cat");
    const first = await thisMonth();
    const stored = await summary("statistics");
    expect(stored).toMatchObject({ day: today(), version: await version() });

    // Nothing changed: the isolate's kept figures answer, and the stored row is not sent again (a tampered
    // figure under the same version does not show)...
    await tamperAdopted(first.adopted + 100);
    expect((await thisMonth()).adopted).toBe(first.adopted);
    // ...and an isolate that keeps none reads the stored row (the tampered figure shows, which only the row holds).
    forgetKeptFigures();
    expect((await thisMonth()).adopted).toBe(first.adopted + 100);

    // An adoption (the pet form's "adopted", an outcome): the next request counts the stays again.
    const before = await version();
    await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", { intent: "adopt", petId: String(dog.id), version: "1", email: "home@example.com" }),
        staff,
      ),
    );
    expect(await version()).toBeGreaterThan(before);
    const adopted = await thisMonth();
    expect(adopted.adopted).toBe(first.adopted + 1);
    expect((await summary("statistics"))!.version).toBe(await version());

    // A return to owner through the stays panel.
    await tamperAdopted(0);
    await respond(
      t,
      staysAction,
      withCookies(
        postForm(`/petadmin/pets/${cat.id}/stays`, {
          intent: "outcome",
          version: "1",
          outcomeType: "returned_to_owner",
          outcomeOn: today(),
        }),
        staff,
      ),
      { id: String(cat.id) },
    );
    const returned = await thisMonth();
    expect(returned).toMatchObject({ adopted: adopted.adopted, returnedToOwner: adopted.returnedToOwner + 1 });

    // An intake: a new pet's stay, written by any path (here straight to D1).
    await tamperAdopted(0);
    await petInCare("Rabbit");
    expect(await thisMonth()).toMatchObject({ adopted: adopted.adopted, takenIn: returned.takenIn + 1 });
  });

  it("of another day are not read: the window and this month move with the day", async () => {
    await thisMonth();
    const row = (await summary("statistics"))!;
    await t.env.DB.prepare("update figures_summaries set day = '2000-01-01' where key = 'statistics'").run();
    await tamperAdopted(12345);
    forgetKeptFigures();
    expect((await thisMonth()).adopted).not.toBe(12345);
    expect(await summary("statistics")).toMatchObject({ day: today(), version: row.version });
  });

  it("computed before a change and stored after it are never read", async () => {
    const db = createDb(t.env.DB);
    const real = await thisMonth();
    // A request read the version, then a change came, then it stored what it had counted before the change.
    const { version: seen } = await readFiguresSummary(db, "statistics", today());
    await petInCare("Cat");
    const stale = JSON.parse((await summary("statistics"))!.figures) as { months: { figures: { takenIn: number } }[] };
    stale.months.at(-1)!.figures.takenIn = 999;
    await storeFiguresSummary(db, { key: "statistics", day: today(), version: seen!, figures: JSON.stringify(stale) });
    expect((await thisMonth()).takenIn).toBe(real.takenIn + 1);
    // And an older summary never overwrites a newer one.
    await storeFiguresSummary(db, { key: "statistics", day: today(), version: seen!, figures: "{}" });
    expect((await summary("statistics"))!.version).toBe(await version());
  });
});

describe("the figures' version", () => {
  it("rises with every insert, update and delete of a stay or a foster placement, a pet's removal too", async () => {
    const d1 = t.env.DB;
    const pet = await petInCare("Cat");
    const foster = await insertFoster(d1, (await createAccount(d1, {})).id);
    const steps: [string, () => Promise<unknown>][] = [
      ["a stay's insert", () => petInCare("Dog")],
      [
        "a stay's update",
        () => d1.prepare("update pet_stays set intake_notes = 'x' where pet_id = ?").bind(pet.id).run(),
      ],
      [
        "a foster placement's insert",
        () =>
          d1
            .prepare(
              "insert into foster_placements (pet_id, foster_id, listed, started_at, created_at) values (?, ?, 1, ?, 0)",
            )
            .bind(pet.id, foster, Date.now())
            .run(),
      ],
      [
        "a foster placement's update",
        () => d1.prepare("update foster_placements set ended_at = ? where pet_id = ?").bind(Date.now(), pet.id).run(),
      ],
      // The pet's removal deletes its placements and leaves its stays with no pet.
      ["a pet's removal", () => d1.prepare("delete from pets where id = ?").bind(pet.id).run()],
      ["a stay's delete", () => d1.prepare("delete from pet_stays where pet_id is null").run()],
    ];
    for (const [step, run] of steps) {
      const before = await version();
      await run();
      expect(await version(), step).toBeGreaterThan(before);
    }
  });
});

describe("a month's stored report", () => {
  it("is read from its summary, and a change of the month after a download says amended", async () => {
    const report = async () =>
      (await respond(t, reportsLoader, withCookies(getRequest(`/petadmin/reports?month=${month()}`), staff))).data as {
        rows: { speciesGroup: string; ageGroup: string; intakesTotal: number }[];
        download: { amended: boolean } | null;
      };
    await petInCare("Dog");
    await report();
    expect(await summary(`report:${month()}`)).toMatchObject({ day: "", version: await version() });
    const csv = await respond(t, csvLoader, withCookies(getRequest(`/petadmin/reports.csv?month=${month()}`), staff));
    expect(csv.status).toBe(200);
    expect((await report()).download).toMatchObject({ amended: false });

    const dogs = async () =>
      (await report()).rows.find((row) => row.speciesGroup === "canine" && row.ageGroup === "adult")!.intakesTotal;
    const intakes = await dogs();
    await petInCare("Dog");
    expect(await dogs()).toBe(intakes + 1);
    expect((await report()).download).toMatchObject({ amended: true });
  });
});
