import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { crons, runScheduled } from "#server/scheduled";
import { createDb } from "#app/db/client.server";
import { i18nFor } from "#app/locales/catalogs.server";
import { writeFailedMessage } from "#app/lib/http/storage-error";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import {
  listListedPets,
  listListedPetsForFeeds,
  listMatchCandidates,
  listPetsForPartners,
} from "#app/models/pets.server";
import { action as createAction } from "#app/routes/petadmin/create";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { action as staysAction, loader as staysLoader } from "#app/routes/petadmin/pet-stays";
import { loader as petPageLoader } from "#app/routes/adopt/pet";
import { loader as sitemapLoader } from "#app/routes/site/sitemap.xml";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { injectFaults, type D1Fault } from "./faults";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

let t: TestEnv;
let staff: CookieJar;
let faults: ReturnType<typeof injectFaults> | undefined;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member", firstName: "Sam", lastName: "Staff" }));
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

const today = () => shelterDayOf(Date.now(), "America/Los_Angeles");
const all = <T>(sql: string, ...bind: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...bind)
    .all<T>()
    .then((r) => r.results);
const first = <T>(sql: string, ...bind: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...bind)
    .first<T>();
const staysOf = (petId: number) =>
  all<{
    intake_type: string;
    intake_on: string;
    outcome_type: string | null;
    outcome_on: string | null;
    outcome_destination: string;
    species: string;
  }>("select * from pet_stays where pet_id = ? order by id", petId);
const petRow = (id: number) =>
  first<{ version: number; left_at: number | null; adopted_email: string | null }>(
    "select * from pets where id = ?",
    id,
  );
const postStays = (jar: CookieJar, petId: number, fields: Record<string, string>) =>
  respond(t, staysAction, withCookies(postForm(`/petadmin/pets/${petId}/stays`, fields), jar), { id: String(petId) });

/** A published pet with its first stay, as the create form leaves one (then published). */
async function petInCare(overrides: Parameters<typeof insertPet>[1] = {}) {
  const pet = await insertPet(t.env.DB, overrides);
  await t.env.DB.prepare(
    "insert into pet_stays (pet_id, species, intake_type, intake_on, intake_age_months, created_at, updated_at) values (?, ?, 'stray', '2026-01-01', 12, 0, 0)",
  )
    .bind(pet.id, pet.species)
    .run();
  return pet;
}

describe("the create form's intake", () => {
  it("saves the new pet with its first stay: how it came to us, on the day given", async () => {
    const created = await respond(
      t,
      createAction,
      withCookies(
        postForm("/petadmin/create", {
          intent: "save",
          name: "Intaken",
          animalId: "SEQ-IN-1",
          species: "Dog",
          intakeType: "transfer_in_state",
          intakeOn: "2026-11-02",
          intakeSource: "Humboldt Animal Services",
          intakeNotes: "",
        }),
        staff,
      ),
    );
    expect(created.status).toBe(302);
    const { id } = (await first<{ id: number }>("select id from pets where animal_id = 'SEQ-IN-1'"))!;
    expect(await staysOf(id)).toEqual([
      expect.objectContaining({
        intake_type: "transfer_in_state",
        intake_on: "2026-11-02",
        species: "Dog",
        outcome_type: null,
      }),
    ]);
  });

  it("keeps the intake chosen when the form comes back for its species' breeds (without JavaScript)", async () => {
    const back = await respond(
      t,
      createAction,
      withCookies(
        postForm("/petadmin/create", {
          intent: "species",
          name: "Kept",
          animalId: "SEQ-KEEP-1",
          species: "Other",
          intakeType: "seized",
          intakeOn: "2026-11-01",
        }),
        staff,
      ),
    );
    expect((back.data as { reply: { initialValue: Record<string, unknown> } }).reply.initialValue).toMatchObject({
      intakeType: "seized",
      intakeOn: "2026-11-01",
    });
  });

  it("saves no pet with an intake type or day that is not one, or a day to come, and says which field", async () => {
    for (const [field, value] of [
      ["intakeType", "dropped-by-ufo"],
      ["intakeOn", "2026-02-30"],
      ["intakeOn", "2999-01-01"],
    ] as const) {
      const fields = {
        intent: "save",
        name: "Never",
        animalId: `SEQ-BAD-${field}-${value}`,
        species: "Cat",
        intakeType: "stray",
        intakeOn: today(),
        [field]: value,
      };
      const refused = await respond(t, createAction, withCookies(postForm("/petadmin/create", fields), staff));
      expect(refused.status, value).toBe(400);
      expect((refused.data as { reply: { error: Record<string, string[]> } }).reply.error[field], value).toHaveLength(
        1,
      );
    }
    expect(await first("select id from pets where name = 'Never'")).toBeNull();
  });
});

describe("adoption outcomes follow the adoption mark", () => {
  it("marking adopted ends the stay with an adoption, taking the mark back takes it away", async () => {
    const pet = await petInCare({ name: "Adoptee" });
    await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", { intent: "adopt", petId: String(pet.id), version: "1", email: "home@example.com" }),
        staff,
      ),
    );
    expect(await staysOf(pet.id)).toEqual([expect.objectContaining({ outcome_type: "adoption", outcome_on: today() })]);
    await respond(
      t,
      editAction,
      withCookies(postForm("/petadmin/edit", { intent: "unadopt", petId: String(pet.id), version: "2" }), staff),
    );
    expect(await staysOf(pet.id)).toEqual([expect.objectContaining({ outcome_type: null, outcome_on: null })]);
  });

  it("gives a pet saved before stays its intake when it is adopted", async () => {
    const pet = await insertPet(t.env.DB, { name: "Old Timer" });
    await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", { intent: "adopt", petId: String(pet.id), version: "1", email: "old@example.com" }),
        staff,
      ),
    );
    expect(await staysOf(pet.id)).toEqual([
      expect.objectContaining({ intake_type: "stray", outcome_type: "adoption" }),
    ]);
  });
});

describe("recording an outcome", () => {
  it("refuses visitors and non-staff, changing nothing", async () => {
    const pet = await petInCare();
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    const fields = { intent: "outcome", version: "1", outcomeType: "returned_to_owner", outcomeOn: today() };
    expect((await postStays(adopter, pet.id, fields)).status).toBe(403);
    expect((await postStays(new CookieJar(), pet.id, fields)).headers.get("Location")).toMatch(
      /^\/sign-in\?redirectTo=/,
    );
    expect(
      (
        await respond(t, staysLoader, withCookies(getRequest(`/petadmin/pets/${pet.id}/stays`), adopter), {
          id: String(pet.id),
        })
      ).status,
    ).toBe(403);
    expect(await petRow(pet.id)).toMatchObject({ version: 1, left_at: null });
  });

  it("takes the pet out of every public list, feed, partner file, sitemap and match; its page says only that it is no longer here", async () => {
    const pet = await petInCare({ name: "Homeward", species: "Dog" });
    const names = async () => ({
      list: (await listListedPets(createDb(t.env.DB), { limit: 500 })).map((p) => p.name),
      feeds: (await listListedPetsForFeeds(createDb(t.env.DB))).map((p) => p.name),
      partners: (await listPetsForPartners(createDb(t.env.DB))).map((p) => p.name),
      match: (await listMatchCandidates(createDb(t.env.DB))).map((p) => p.name),
    });
    const sitemap = async () =>
      (await (await respond(t, sitemapLoader, getRequest("/sitemap.xml"))).response!.text()).includes(
        `pet_id=${pet.id}`,
      );
    expect(Object.values(await names()).every((list) => list.includes("Homeward"))).toBe(true);
    expect(await sitemap()).toBe(true);

    const recorded = await postStays(staff, pet.id, {
      intent: "outcome",
      version: "1",
      outcomeType: "returned_to_owner",
      outcomeOn: today(),
      outcomeNotes: "Microchip match",
    });
    expect(recorded.headers.get("Location")).toBe(`/petadmin/edit?pet_id=${pet.id}&stay=outcome`);
    expect(await staysOf(pet.id)).toEqual([
      expect.objectContaining({ outcome_type: "returned_to_owner", outcome_on: today() }),
    ]);
    expect(await petRow(pet.id)).toMatchObject({ version: 2, left_at: expect.any(Number) });
    expect(await first("select summary from pet_changes where pet_id = ? order by id desc", pet.id)).toEqual({
      summary: `Outcome: Returned to owner on ${today()}`,
    });

    expect(Object.values(await names()).some((list) => list.includes("Homeward"))).toBe(false);
    expect(await sitemap()).toBe(false);
    const page = await respond(t, petPageLoader, getRequest(`/adopt/pet?pet_id=${pet.id}`));
    expect(page.data).toMatchObject({ status: "gone", adoptable: false });
    // Neither the outcome nor its notes reach the page (its care facts say "microchipped": false, a field
    // of every pet page, not the notes).
    expect(JSON.stringify(page.data)).not.toMatch(/owner|Microchip match|returned/i);

    // A pet gone is neither held nor adopted afterwards.
    const adopt = await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", { intent: "adopt", petId: String(pet.id), version: "2", email: "x@example.com" }),
        staff,
      ),
    );
    expect(adopt.status).toBe(409);
    expect(await petRow(pet.id)).toMatchObject({ adopted_email: null });

    // Taken back: in care again, listed again.
    expect((await postStays(staff, pet.id, { intent: "undo", version: "2" })).headers.get("Location")).toBe(
      `/petadmin/edit?pet_id=${pet.id}&stay=undone`,
    );
    expect(await staysOf(pet.id)).toEqual([expect.objectContaining({ outcome_type: null })]);
    expect((await names()).list).toContain("Homeward");
  });

  it("asks whom a transfer went to, refuses a day before the intake or to come, and a pet on hold, with the values kept", async () => {
    const pet = await petInCare();
    const noWhom = await postStays(staff, pet.id, {
      intent: "outcome",
      version: "1",
      outcomeType: "transferred_out",
      outcomeOn: today(),
    });
    expect(noWhom.status).toBe(400);
    expect(noWhom.data).toMatchObject({
      intent: "outcome",
      values: { outcomeType: "transferred_out" },
      errors: { outcomeDestination: [expect.any(String)] },
    });
    expect(
      (
        await postStays(staff, pet.id, {
          intent: "outcome",
          version: "1",
          outcomeType: "died_in_care",
          outcomeOn: "2025-12-31",
        })
      ).data,
    ).toMatchObject({ errors: { outcomeOn: [expect.any(String)] } });
    expect(
      (
        await postStays(staff, pet.id, {
          intent: "outcome",
          version: "1",
          outcomeType: "died_in_care",
          outcomeOn: "2999-01-01",
        })
      ).status,
    ).toBe(400);
    expect(
      (await postStays(staff, pet.id, { intent: "outcome", version: "1", outcomeType: "adoption", outcomeOn: today() }))
        .status,
    ).toBe(400);
    const held = await petInCare({ onHoldEmail: "holder@example.com", onHoldDate: new Date() });
    expect(
      (
        await postStays(staff, held.id, {
          intent: "outcome",
          version: "1",
          outcomeType: "lost_in_care",
          outcomeOn: today(),
        })
      ).status,
    ).toBe(409);
    expect(await petRow(pet.id)).toMatchObject({ version: 1, left_at: null });
    const transferred = await postStays(staff, pet.id, {
      intent: "outcome",
      version: "1",
      outcomeType: "transferred_out",
      outcomeOn: today(),
      outcomeDestination: "Redwood Rescue",
    });
    expect(transferred.status).toBe(302);
    expect(await staysOf(pet.id)).toEqual([
      expect.objectContaining({ outcome_type: "transferred_out", outcome_destination: "Redwood Rescue" }),
    ]);
  });

  it("refuses a change made from an older version of the pet (two staff at once)", async () => {
    const pet = await petInCare();
    await respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", { intent: "hold", petId: String(pet.id), version: "1", email: "h@example.com" }),
        staff,
      ),
    );
    await respond(
      t,
      editAction,
      withCookies(postForm("/petadmin/edit", { intent: "release", petId: String(pet.id), version: "2" }), staff),
    );
    const stale = await postStays(staff, pet.id, {
      intent: "outcome",
      version: "1",
      outcomeType: "returned_to_field",
      outcomeOn: today(),
    });
    expect(stale.status).toBe(409);
    const staleIntake = await postStays(staff, pet.id, {
      intent: "intake",
      version: "1",
      stayId: "0",
      intakeType: "seized",
      intakeOn: "2026-01-02",
    });
    expect(staleIntake.status).toBe(409);
    expect(await staysOf(pet.id)).toEqual([expect.objectContaining({ intake_type: "stray", outcome_type: null })]);
  });
});

describe("changing the intake", () => {
  it("changes the stay's intake with a history row; a pet saved before stays gets one", async () => {
    const pet = await petInCare();
    const [{ id: stayId }] = (await all<{ id: number }>("select id from pet_stays where pet_id = ?", pet.id)) as [
      { id: number },
    ];
    const changed = await postStays(staff, pet.id, {
      intent: "intake",
      version: "1",
      stayId: String(stayId),
      intakeType: "born_in_care",
      intakeOn: "2026-01-05",
      intakeSource: "",
      intakeNotes: "Litter of four",
    });
    expect(changed.headers.get("Location")).toBe(`/petadmin/edit?pet_id=${pet.id}&stay=intake`);
    expect(await staysOf(pet.id)).toEqual([
      expect.objectContaining({ intake_type: "born_in_care", intake_on: "2026-01-05" }),
    ]);
    expect(await first("select summary from pet_changes where pet_id = ? order by id desc", pet.id)).toEqual({
      summary: "Intake: Born in care on 2026-01-05",
    });

    const old = await insertPet(t.env.DB);
    expect(
      (await postStays(staff, old.id, { intent: "intake", version: "1", intakeType: "seized", intakeOn: "2026-01-03" }))
        .status,
    ).toBe(302);
    expect(await staysOf(old.id)).toEqual([expect.objectContaining({ intake_type: "seized" })]);
  });

  it("needs update:pet (a member has it); an unknown intent is a 400", async () => {
    const pet = await petInCare();
    expect((await postStays(staff, pet.id, { intent: "launch", version: "1" })).status).toBe(400);
  });
});

describe("stay writes that D1 refuses", () => {
  it("change nothing (pet, history, stay), say so, and work on the next try", async () => {
    const pet = await petInCare({ name: "Faulty Stay" });
    const state = async () => ({
      pet: await petRow(pet.id),
      stays: await staysOf(pet.id),
      history: await first("select count(*) as n from pet_changes where pet_id = ?", pet.id),
    });
    const before = await state();
    for (const sql of [/update "pet_stays"/, /insert into "pet_changes"/]) {
      faults = injectFaults(t, { d1: [{ sql } satisfies D1Fault] });
      const failed = await postStays(staff, pet.id, {
        intent: "outcome",
        version: "1",
        outcomeType: "returned_to_owner",
        outcomeOn: today(),
      });
      expect(failed.status).toBe(503);
      expect(failed.data).toMatchObject({ message: writeFailedMessage });
      const failedIntake = await postStays(staff, pet.id, {
        intent: "intake",
        version: "1",
        stayId: "1",
        intakeType: "seized",
        intakeOn: "2026-01-02",
      });
      expect(failedIntake.status).toBe(503);
      expect(faults.failures()).toBeGreaterThan(0);
      faults.restore();
      faults = undefined;
      expect(await state()).toEqual(before);
    }
    expect(
      (
        await postStays(staff, pet.id, {
          intent: "outcome",
          version: "1",
          outcomeType: "returned_to_owner",
          outcomeOn: today(),
        })
      ).status,
    ).toBe(302);
  });
});

describe("every stay action's permission", () => {
  it("refuses visitors and signed-in adopters for each intent, changing nothing", async () => {
    const pet = await petInCare();
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    const intents: Record<string, string>[] = [
      { intent: "intake", version: "1", intakeType: "seized", intakeOn: today() },
      { intent: "outcome", version: "1", outcomeType: "died_in_care", outcomeOn: today() },
      { intent: "undo", version: "1" },
      { intent: "return", version: "1" },
    ];
    for (const fields of intents) {
      expect((await postStays(adopter, pet.id, fields)).status, fields.intent).toBe(403);
      expect((await postStays(new CookieJar(), pet.id, fields)).headers.get("Location"), fields.intent).toMatch(
        /^\/sign-in\?redirectTo=/,
      );
    }
    expect(await petRow(pet.id)).toMatchObject({ version: 1, left_at: null });
    expect(await staysOf(pet.id)).toEqual([expect.objectContaining({ intake_type: "stray", outcome_type: null })]);
  });
});

describe("a returned adoption (the adopter brought the pet back)", () => {
  const adopt = (petId: number, version: number) =>
    respond(
      t,
      editAction,
      withCookies(
        postForm("/petadmin/edit", {
          intent: "adopt",
          petId: String(petId),
          version: String(version),
          email: "back@example.com",
        }),
        staff,
      ),
    );

  it("is a new stay from today (returned adoption): the adoption stays counted, the pet is listed again", async () => {
    const pet = await petInCare({ name: "Boomerang" });
    expect((await adopt(pet.id, 1)).status).toBe(302);
    const listed = async () =>
      (await listListedPets(createDb(t.env.DB), { limit: 500 })).some((listedPet) => listedPet.id === pet.id);
    expect(await listed()).toBe(false);

    const returned = await postStays(staff, pet.id, { intent: "return", version: "2" });
    expect(returned.headers.get("Location")).toBe(`/petadmin/edit?pet_id=${pet.id}&stay=returned`);
    expect(await staysOf(pet.id)).toEqual([
      expect.objectContaining({ intake_type: "stray", outcome_type: "adoption", outcome_on: today() }),
      expect.objectContaining({ intake_type: "returned_adoption", intake_on: today(), outcome_type: null }),
    ]);
    expect(await petRow(pet.id)).toMatchObject({ version: 3, adopted_email: null, left_at: null });
    expect(await first("select summary from pet_changes where pet_id = ? order by id desc", pet.id)).toEqual({
      summary: `Returned by the adopter: a new stay from ${today()} (Returned adoption (relinquished by owner))`,
    });
    expect(await listed()).toBe(true);

    // Once returned it is not adopted: a second return is refused, changing nothing.
    const again = await postStays(staff, pet.id, { intent: "return", version: "3" });
    expect(again.status).toBe(409);
    expect(await staysOf(pet.id)).toHaveLength(2);

    // Adopted again: the new stay ends with the second adoption; the first is still there.
    expect((await adopt(pet.id, 3)).status).toBe(302);
    expect((await staysOf(pet.id)).map((stay) => stay.outcome_type)).toEqual(["adoption", "adoption"]);
  });

  it("refuses an older version of the pet, and a pet that is not adopted", async () => {
    const pet = await petInCare();
    expect((await postStays(staff, pet.id, { intent: "return", version: "1" })).status).toBe(409);
    expect((await adopt(pet.id, 1)).status).toBe(302);
    const stale = await postStays(staff, pet.id, { intent: "return", version: "1" });
    expect(stale.status).toBe(409);
    expect(await petRow(pet.id)).toMatchObject({ version: 2, adopted_email: "back@example.com" });
    expect(await staysOf(pet.id)).toHaveLength(1);
  });

  it("changes nothing when D1 refuses any statement of its batch, and works on the next try", async () => {
    const pet = await petInCare();
    expect((await adopt(pet.id, 1)).status).toBe(302);
    const state = async () => ({
      pet: await petRow(pet.id),
      stays: await staysOf(pet.id),
      history: await first("select count(*) as n from pet_changes where pet_id = ?", pet.id),
    });
    const before = await state();
    for (const sql of [/update "pets"/, /insert into "pet_changes"/, /insert into "pet_stays"/]) {
      faults = injectFaults(t, { d1: [{ sql } satisfies D1Fault] });
      const failed = await postStays(staff, pet.id, { intent: "return", version: "2" });
      expect(failed.status, String(sql)).toBe(503);
      expect(failed.data).toMatchObject({ message: writeFailedMessage });
      expect(faults.failures()).toBeGreaterThan(0);
      faults.restore();
      faults = undefined;
      expect(await state(), String(sql)).toEqual(before);
    }
    expect((await postStays(staff, pet.id, { intent: "return", version: "2" })).status).toBe(302);
    expect(await staysOf(pet.id)).toHaveLength(2);
  });
});

describe("taking an outcome back when D1 refuses its batch", () => {
  it("changes nothing (pet, history, stay) for each statement, and works on the next try", async () => {
    const pet = await petInCare();
    expect(
      (
        await postStays(staff, pet.id, {
          intent: "outcome",
          version: "1",
          outcomeType: "lost_in_care",
          outcomeOn: today(),
        })
      ).status,
    ).toBe(302);
    const state = async () => ({
      pet: await petRow(pet.id),
      stays: await staysOf(pet.id),
      history: await first("select count(*) as n from pet_changes where pet_id = ?", pet.id),
    });
    const before = await state();
    for (const sql of [/update "pets"/, /insert into "pet_changes"/, /update "pet_stays"/]) {
      faults = injectFaults(t, { d1: [{ sql } satisfies D1Fault] });
      const failed = await postStays(staff, pet.id, { intent: "undo", version: "2" });
      expect(failed.status, String(sql)).toBe(503);
      expect(faults.failures()).toBeGreaterThan(0);
      faults.restore();
      faults = undefined;
      expect(await state(), String(sql)).toEqual(before);
    }
    expect((await postStays(staff, pet.id, { intent: "undo", version: "2" })).status).toBe(302);
    expect(await petRow(pet.id)).toMatchObject({ version: 3, left_at: null });
  });
});

describe("a pet gone by an outcome and the new-pet alerts", () => {
  it("is never announced: the alert names the pet still in care, not the one that left", async () => {
    const answers = {
      a1: "House",
      a2: { children: 0, youngestAge: null },
      a3: [],
      a4: [],
      p1: "Dog",
      p2: { fromAge: "All", toAge: "All" },
      p3: ["Small", "Medium", "Large"],
      p4: ["Moderately active"],
    };
    // 9 am in Eureka on a Tuesday, after every pet of this file was listed.
    const start = Date.parse("2027-03-02T17:00:00Z");
    const hour = 60 * 60 * 1000;
    const account = await createAccount(t.env.DB, { email: "alerts.gone@example.com", firstName: "Gail" });
    await t.env.DB.prepare(
      "update users set match_answers = ?, new_pet_alerts = 1, alerts_checked_at = ?, alert_sent_at = null where id = ?",
    )
      .bind(JSON.stringify(answers), start, account.id)
      .run();
    const pet = (name: string) =>
      petInCare({
        name,
        species: "Dog",
        weightLbs: 30,
        activeLevel: "Moderately active",
        listedAt: new Date(start + hour),
      });
    await pet("Staysalot");
    const gone = await pet("Wentaway");
    expect(
      (
        await postStays(staff, gone.id, {
          intent: "outcome",
          version: "1",
          outcomeType: "transferred_out",
          outcomeOn: today(),
          outcomeDestination: "Redwood Rescue",
        })
      ).status,
    ).toBe(302);
    await runScheduled(t.env, crons.hourly, start + 2 * hour, i18nFor);
    const mail = await all<{ text: string }>('select text from outbox_messages where "to" = ?', account.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("Staysalot");
    expect(mail[0]!.text).not.toContain("Wentaway");
  });
});
