import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/petadmin/pet-care";
import { loader as editLoader } from "#app/routes/petadmin/edit/route";
import { loader as petPageLoader } from "#app/routes/adopt/pet";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";
import { injectFaults, permanentD1Error } from "./faults";

let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member", firstName: "Casey", lastName: "Care" }));
});
afterAll(() => t.dispose());

const path = (petId: number) => `/petadmin/pets/${petId}/care`;
const post = (jar: CookieJar, petId: number, fields: Record<string, string>) =>
  respond(t, action, withCookies(postForm(path(petId), fields), jar), { id: String(petId) });
const careRow = (petId: number) =>
  t.env.DB.prepare("select * from pet_care where pet_id = ?").bind(petId).first<Record<string, unknown>>();
const count = async (table: string, petId: number) =>
  (await t.env.DB.prepare(`select count(*) as n from ${table} where pet_id = ?`).bind(petId).first<{ n: number }>())?.n;
const history = async (petId: number) =>
  (
    await t.env.DB.prepare("select summary, user_id from pet_changes where pet_id = ? order by id")
      .bind(petId)
      .all<{ summary: string; user_id: number }>()
  ).results.map((row) => row.summary);
const rabies = {
  intent: "vaccination",
  disease: "rabies",
  givenOn: "2026-11-20",
  nextDueOn: "2027-11-20",
  product: "Imrab 3",
  lot: "L123",
};

describe("the care record", () => {
  it("refuses visitors and non-staff, reading and writing, changing nothing", async () => {
    const pet = await insertPet(t.env.DB, { name: "Guarded" });
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    expect((await post(adopter, pet.id, { ...rabies, version: "0" })).status).toBe(403);
    expect((await post(new CookieJar(), pet.id, { ...rabies, version: "0" })).headers.get("Location")).toMatch(
      /^\/sign-in\?redirectTo=/,
    );
    expect(
      (await respond(t, loader, withCookies(getRequest(path(pet.id)), adopter), { id: String(pet.id) })).status,
    ).toBe(403);
    expect(await count("pet_vaccinations", pet.id)).toBe(0);
    expect(await history(pet.id)).toEqual([]);
  });

  it("records a vaccination, spay/neuter and a chip, each a history row, and redirects with a notice", async () => {
    const pet = await insertPet(t.env.DB, { name: "Juniper", species: "Dog", sex: "Female" });
    const first = await post(staff, pet.id, { ...rabies, version: "0" });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`${path(pet.id)}?done=vaccination`);
    expect(
      await post(staff, pet.id, { intent: "fixed", fixed: "yes", fixedOn: "2026-11-01", version: "1" }),
    ).toMatchObject({ status: 302 });
    expect(
      await post(staff, pet.id, {
        intent: "chip",
        chipNumber: "985 112 003 456 789",
        chipImplantedOn: "2026-11-02",
        version: "2",
      }),
    ).toMatchObject({ status: 302 });
    expect(
      await post(staff, pet.id, { intent: "weight", weighedOn: "2026-11-03", weightLbs: "41.5", version: "3" }),
    ).toMatchObject({ status: 302 });
    expect(
      await post(staff, pet.id, {
        intent: "note",
        kind: "medication",
        text: "Carprofen 75 mg twice a day for 5 days",
        version: "4",
      }),
    ).toMatchObject({ status: 302 });
    expect(await careRow(pet.id)).toMatchObject({
      fixed: "yes",
      fixed_on: "2026-11-01",
      chip_number: "985112003456789",
      chip_implanted_on: "2026-11-02",
      version: 5,
    });
    expect(await history(pet.id)).toEqual([
      "Care: Rabies vaccination given 2026-11-20, next due 2027-11-20",
      "Care: spayed or neutered on 2026-11-01",
      "Care: microchip 985112003456789 recorded (HomeAgain)",
      "Care: weighed 41.5 lb on 2026-11-03",
      "Care: medication added",
    ]);
    const page = await respond(t, loader, withCookies(getRequest(`${path(pet.id)}?done=chip`), staff), {
      id: String(pet.id),
    });
    expect(page.data).toMatchObject({
      done: "chip",
      care: { version: 5, chipNumber: "985112003456789" },
      manufacturer: { name: "HomeAgain" },
      vaccinations: [{ name: "Rabies", givenOn: "2026-11-20", lot: "L123", overdue: false }],
      weights: [{ weightLbs: 41.5 }],
      vaccines: ["rabies", "dhpp", "bordetella", "leptospirosis", "canine-influenza", "other"],
    });
    // The edit page's history shows the care changes too, with who made them.
    const edit = await respond(
      t,
      editLoader,
      withCookies(getRequest(`/petadmin/edit?pet_id=${pet.id}&tab=description`), staff),
    );
    expect(
      (edit.data as { changes: { summary: string; firstName: string }[] }).changes.map((change) => change.summary),
    ).toContain("Care: medication added");
  });

  it("refuses a change made from an older version, keeping what was typed, and writes nothing", async () => {
    const pet = await insertPet(t.env.DB, { name: "Twice" });
    await post(staff, pet.id, { ...rabies, version: "0" });
    const stale = await post(staff, pet.id, { intent: "chip", chipNumber: "981020000000001", version: "0" });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ intent: "chip", message: expect.stringContaining("Someone else changed") });
    expect(await careRow(pet.id)).toMatchObject({ chip_number: null, version: 1 });
    const staleShot = await post(staff, pet.id, { ...rabies, disease: "dhpp", version: "0" });
    expect(staleShot.status).toBe(409);
    expect(await count("pet_vaccinations", pet.id)).toBe(1);
    expect(await history(pet.id)).toHaveLength(1);
  });

  it("checks each entry on the server: a wrong chip, a date that is not one, another vaccine without a name", async () => {
    const pet = await insertPet(t.env.DB, { name: "Checked" });
    const wrongChip = await post(staff, pet.id, { intent: "chip", chipNumber: "12345", version: "0" });
    expect(wrongChip.status).toBe(400);
    expect(wrongChip.data).toMatchObject({ reply: { error: { chipNumber: [expect.stringContaining("15 digits")] } } });
    expect((await post(staff, pet.id, { ...rabies, givenOn: "2026-02-30", version: "0" })).status).toBe(400);
    expect((await post(staff, pet.id, { ...rabies, nextDueOn: "2026-01-01", version: "0" })).status).toBe(400);
    expect((await post(staff, pet.id, { ...rabies, disease: "other", version: "0" })).data).toMatchObject({
      reply: { error: { otherName: ["Name the vaccine"] } },
    });
    expect((await post(staff, pet.id, { ...rabies, disease: "smallpox", version: "0" })).status).toBe(400);
    expect((await post(staff, pet.id, { intent: "fixed", fixed: "maybe", version: "0" })).status).toBe(400);
    expect(
      (await post(staff, pet.id, { intent: "weight", weighedOn: "2026-11-01", weightLbs: "-3", version: "0" })).status,
    ).toBe(400);
    expect((await post(staff, pet.id, { intent: "sneak", version: "0" })).status).toBe(400);
    expect((await post(staff, pet.id, { ...rabies, version: "x" })).status).toBe(400);
    expect(await careRow(pet.id)).toBeNull();
    expect(await history(pet.id)).toEqual([]);
  });

  it("refuses a test chip (999…) with its own message under the field, keeping what was typed", async () => {
    const pet = await insertPet(t.env.DB, { name: "Tested" });
    const testChip = await post(staff, pet.id, { intent: "chip", chipNumber: "999 000 000 000 001", version: "0" });
    expect(testChip.status).toBe(400);
    expect(testChip.data).toMatchObject({
      intent: "chip",
      reply: {
        initialValue: { chipNumber: "999 000 000 000 001" },
        error: { chipNumber: [expect.stringContaining("starting with 999 is a test chip")] },
      },
    });
    expect(await careRow(pet.id)).toBeNull();
    expect(await history(pet.id)).toEqual([]);
  });

  it("answers 404 for a deleted or unknown pet", async () => {
    const pet = await insertPet(t.env.DB, { name: "Gone", deletedAt: new Date() });
    expect((await post(staff, pet.id, { ...rabies, version: "0" })).status).toBe(404);
    expect((await post(staff, 999999, { ...rabies, version: "0" })).status).toBe(404);
    expect(
      (await respond(t, loader, withCookies(getRequest(path(pet.id)), staff), { id: String(pet.id) })).status,
    ).toBe(404);
    expect(await count("pet_vaccinations", pet.id)).toBe(0);
  });

  it("when the database fails, says so and writes nothing (the batch is all or nothing)", async () => {
    const pet = await insertPet(t.env.DB, { name: "Faulty" });
    const faults = injectFaults(t, { d1: [{ sql: /insert into "pet_vaccinations"/, message: permanentD1Error }] });
    let failed;
    try {
      failed = await post(staff, pet.id, { ...rabies, version: "0" });
    } finally {
      faults.restore();
    }
    expect(faults.failures()).toBeGreaterThan(0);
    expect(failed.status).toBe(503);
    expect(failed.data).toMatchObject({ intent: "vaccination", reply: { initialValue: { lot: "L123" } } });
    expect(await count("pet_vaccinations", pet.id)).toBe(0);
    expect(await careRow(pet.id)).toBeNull();
    expect(await history(pet.id)).toEqual([]);
    // The same form, sent again once the database is back, is recorded once.
    expect((await post(staff, pet.id, { ...rabies, version: "0" })).status).toBe(302);
    expect(await count("pet_vaccinations", pet.id)).toBe(1);
  });

  it("shows the public page the three facts, and never the chip number, the lot, the product or a note", async () => {
    const pet = await insertPet(t.env.DB, { name: "Public", species: "Cat", sex: "Female" });
    const publicPage = async () =>
      (await respond(t, petPageLoader, getRequest(`/adopt/pet?pet_id=${pet.id}`))).data as { careFacts: unknown };
    expect((await publicPage()).careFacts).toEqual({ fixed: null, vaccinated: false, microchipped: false });
    await post(staff, pet.id, { ...rabies, disease: "fvrcp", version: "0" });
    await post(staff, pet.id, { intent: "fixed", fixed: "yes", version: "1" });
    await post(staff, pet.id, { intent: "chip", chipNumber: "982000123456789", version: "2" });
    await post(staff, pet.id, { intent: "note", kind: "note", text: "Secret care note", version: "3" });
    const page = await publicPage();
    expect(page.careFacts).toEqual({ fixed: "spayed", vaccinated: true, microchipped: true });
    const everything = JSON.stringify(page);
    for (const secret of ["982000123456789", "L123", "Imrab", "Secret care note"])
      expect(everything).not.toContain(secret);
  });

  it("says vaccinations are up to date only while none is overdue", async () => {
    const pet = await insertPet(t.env.DB, { name: "Overdue", species: "Dog", sex: "Male" });
    await post(staff, pet.id, { ...rabies, givenOn: "2024-01-10", nextDueOn: "2025-01-10", version: "0" });
    const page = (await respond(t, petPageLoader, getRequest(`/adopt/pet?pet_id=${pet.id}`))).data as {
      careFacts: { vaccinated: boolean };
    };
    expect(page.careFacts.vaccinated).toBe(false);
    await post(staff, pet.id, { ...rabies, givenOn: "2025-01-10", nextDueOn: "2028-01-10", version: "1" });
    const after = (await respond(t, petPageLoader, getRequest(`/adopt/pet?pet_id=${pet.id}`))).data as {
      careFacts: { vaccinated: boolean };
    };
    expect(after.careFacts.vaccinated).toBe(true);
  });
});
