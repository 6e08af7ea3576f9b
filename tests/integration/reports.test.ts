import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { shelter } from "#app/config/shelter";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { loader as reportsLoader } from "#app/routes/petadmin/reports";
import { loader as csvLoader } from "#app/routes/petadmin/reports.csv";
import { loader as petAdminLoader } from "#app/routes/petadmin/index";
import { action as staysAction } from "#app/routes/petadmin/pet-stays";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { injectFaults } from "./faults";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

let t: TestEnv;
let staff: CookieJar;
let faults: ReturnType<typeof injectFaults> | undefined;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member", firstName: "Rita", lastName: "Report" }));
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  faults?.restore();
  faults = undefined;
  vi.restoreAllMocks();
});
afterAll(() => t.dispose());

const today = () => shelterDayOf(Date.now(), shelter.openingHours.timeZone);
const month = () => today().slice(0, 7);

async function stay(species: string, intakeOn: string, ageMonths = 24, outcome: [string, string] | null = null) {
  const pet = await insertPet(t.env.DB, { species, ageMonths });
  await t.env.DB.prepare(
    "insert into pet_stays (pet_id, species, intake_type, intake_on, intake_age_months, outcome_type, outcome_on, created_at, updated_at) values (?, ?, 'stray', ?, ?, ?, ?, 0, 0)",
  )
    .bind(pet.id, species, intakeOn, ageMonths, outcome?.[0] ?? null, outcome?.[1] ?? null)
    .run();
  return pet;
}

interface Row {
  speciesGroup: string;
  ageGroup: string;
  beginning: number;
  intakesTotal: number;
  outcomesTotal: number;
  ending: number;
  outcomes: Record<string, number>;
}
const report = async (jar: CookieJar, query = `?month=${month()}`) =>
  respond(t, reportsLoader, withCookies(getRequest(`/petadmin/reports${query}`), jar));

describe("/petadmin/reports", () => {
  it("is for staff only, the CSV too", async () => {
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    expect((await report(adopter)).status).toBe(403);
    expect((await report(new CookieJar())).headers.get("Location")).toMatch(/^\/sign-in\?redirectTo=/);
    expect((await respond(t, csvLoader, withCookies(getRequest("/petadmin/reports.csv"), adopter))).status).toBe(403);
  });

  it("adds up in every row, with the rates, and downloads as SAC's CSV; a later change says amended", async () => {
    await stay("Dog", "2025-01-05");
    await stay("Dog", `${month()}-01`, 24, ["adoption", `${month()}-01`]);
    await stay("Cat", `${month()}-01`, 2);
    const page = await report(staff);
    expect(page.status).toBe(200);
    const data = page.data as { rows: Row[]; addsUp: boolean; liveReleaseRate: string; download: unknown };
    expect(data.addsUp).toBe(true);
    for (const row of data.rows) expect(row.beginning + row.intakesTotal - row.outcomesTotal).toBe(row.ending);
    expect(data.rows.find((row) => row.speciesGroup === "canine" && row.ageGroup === "adult")).toMatchObject({
      beginning: 1,
      intakesTotal: 1,
      outcomesTotal: 1,
      ending: 1,
    });
    expect(data.rows.find((row) => row.speciesGroup === "feline" && row.ageGroup === "youth")).toMatchObject({
      intakesTotal: 1,
      ending: 1,
    });
    expect(data.liveReleaseRate).toBe("100%");
    expect(data.download).toBeNull();

    const csv = await respond(t, csvLoader, withCookies(getRequest(`/petadmin/reports.csv?month=${month()}`), staff));
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="shelter-animals-count-${month()}.csv"`);
    const lines = (await csv.response!.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(7);
    expect(lines[0]).toContain('"Stray/At Large","Relinquished by Owner"');
    expect(lines[1]).toMatch(new RegExp(`^"${month()}","Canine","Adult","1","0","1",`));

    expect((await report(staff)).data).toMatchObject({ download: { by: "Rita Report", amended: false } });
    const dog = await stay("Dog", `${month()}-01`);
    await respond(
      t,
      staysAction,
      withCookies(
        postForm(`/petadmin/pets/${dog.id}/stays`, {
          intent: "outcome",
          version: "1",
          outcomeType: "returned_to_owner",
          outcomeOn: today(),
        }),
        staff,
      ),
      { id: String(dog.id) },
    );
    expect((await report(staff)).data).toMatchObject({ download: { amended: true } });
  });

  it("shows the last whole month for a month it cannot show", async () => {
    for (const query of ["", "?month=2999-01", "?month=nonsense", "?month=__proto__"]) {
      const page = await report(staff, query);
      expect(page.status, query).toBe(200);
      expect((page.data as { month: string }).month, query).not.toBe("2999-01");
    }
  });

  it("serves no CSV, and notes no download, when D1 refuses the note; works on the next try", async () => {
    const count = async () =>
      (await t.env.DB.prepare("select count(*) as n from report_downloads").first<{ n: number }>())!.n;
    const before = await count();
    faults = injectFaults(t, { d1: [{ sql: /insert into "report_downloads"/ }] });
    const failed = await respond(
      t,
      csvLoader,
      withCookies(getRequest(`/petadmin/reports.csv?month=${month()}`), staff),
    );
    expect(failed.status).toBe(503);
    expect(faults.failures()).toBeGreaterThan(0);
    faults.restore();
    faults = undefined;
    expect(await count()).toBe(before);
    expect(
      (await respond(t, csvLoader, withCookies(getRequest(`/petadmin/reports.csv?month=${month()}`), staff))).status,
    ).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});

describe("Pet Admin's in care now", () => {
  it("lists listed pets longest in care first, and listed now against the capacity target", async () => {
    const old = await stay("Dog", "2024-02-01");
    const page = await respond(t, petAdminLoader, withCookies(getRequest("/petadmin"), staff));
    const inCare = (
      page.data as { inCare: { listed: number; target: number; longest: { id: number; days: number }[] } }
    ).inCare;
    expect(inCare.target).toBe(shelter.intakes.capacityTarget);
    expect(inCare.listed).toBeGreaterThan(0);
    expect(inCare.longest[0]).toMatchObject({ id: old.id });
    expect(inCare.longest[0]!.days).toBeGreaterThan(300);
    expect(inCare.longest.map((pet) => pet.days)).toEqual(
      [...inCare.longest.map((pet) => pet.days)].sort((a, b) => b - a),
    );
  });
});
