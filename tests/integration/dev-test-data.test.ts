import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as signInAction } from "#app/routes/account/sign-in";
import { loader as onHoldLoader } from "#app/routes/adopt/on-hold";
import { loader as speciesLoader } from "#app/routes/adopt/species";
import { action, loader } from "#app/routes/site/dev-test-data";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";

/**
 * POST /dev/test-data (issue 41): the e2e run's own pets and adopters, made by the server itself. Only a
 * development server started for the e2e run answers (E2E_TEST_DATA = "on", scripts/serve.ts --e2e).
 */

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv({ E2E_TEST_DATA: "on" });
});
afterAll(() => t.dispose());

const post = (data: unknown, raw?: string) =>
  new Request("http://localhost/dev/test-data", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: raw ?? JSON.stringify(data),
  });

async function call(env: TestEnv, data: unknown, raw?: string) {
  const { status, response } = await respond(env, action, post(data, raw));
  return { status, body: status === 200 ? ((await response!.json()) as Record<string, unknown>) : null };
}

const petRows = () =>
  t.env.DB.prepare("select id, name, deleted_at, listed_at, on_hold_email, adopted_email from pets order by id")
    .all<{ id: number; name: string; deleted_at: number | null; on_hold_email: string | null }>()
    .then((r) => r.results);

async function catNames(cookie?: string) {
  const result = await respond(
    t,
    speciesLoader,
    getRequest("/adopt/cat?sort=az", cookie ? { Cookie: cookie } : undefined),
    { species: "cat" },
  );
  return (result.data as { pets: { name: string }[] }).pets.map((pet) => pet.name);
}

describe("POST /dev/test-data", () => {
  it("is a 404 in production, even with E2E_TEST_DATA on, and writes nothing", async () => {
    const production = await createTestEnv({ APP_ENV: "production", E2E_TEST_DATA: "on" });
    try {
      expect((await call(production, { make: "pet" })).status).toBe(404);
      expect((await call(production, { make: "adopter" })).status).toBe(404);
      const { count } = (await production.env.DB.prepare("select count(*) as count from pets").first<{
        count: number;
      }>())!;
      expect(count).toBe(0);
    } finally {
      await production.dispose();
    }
  });

  it("is a 404 in development when the server was not started for the e2e run", async () => {
    const development = await createTestEnv();
    try {
      expect((await call(development, { make: "pet" })).status).toBe(404);
      expect((await call(development, { make: "adopter" })).status).toBe(404);
      const { count } = (await development.env.DB.prepare("select count(*) as count from users").first<{
        count: number;
      }>())!;
      expect(count).toBe(0);
    } finally {
      await development.dispose();
    }
  });

  it("is a 404 for GET", async () => {
    expect((await respond(t, loader, getRequest("/dev/test-data"))).status).toBe(404);
  });

  it("refuses bad input with a 400, never a 500, and writes nothing", async () => {
    const before = await petRows();
    for (const [data, raw] of [
      [undefined, "not json"],
      [undefined, ""],
      [{}, undefined],
      [{ make: "unicorn" }, undefined],
      [{ make: "pet", species: "Rabbit" }, undefined],
      [{ make: "pet", ageMonths: -1 }, undefined],
      [{ make: "pet", heldFor: "not an address" }, undefined],
      [{ make: "pet", name: "" }, undefined],
      [{ make: "adopter", tag: "../../etc" }, undefined],
      [{ make: "removal", pets: ["1"] }, undefined],
      [{ make: "removal", pets: Array.from({ length: 51 }, (_, i) => i + 1) }, undefined],
      [{ make: "pet", adoptedBy: "a@example.com", adoptedDaysAgo: -1 }, undefined],
      [{ make: "pet", adoptedBy: "a@example.com", adoptedDaysAgo: 1.5 }, undefined],
      [{ make: "follow-up", pet: 1, email: "a@example.com" }, undefined],
      [{ make: "follow-up", pet: 1, email: "a@example.com", kind: "vaccine-due" }, undefined],
      [{ make: "follow-up", pet: "1", email: "a@example.com", kind: "check-in-3d" }, undefined],
      [{ make: "follow-up", pet: 1, email: "nobody", kind: "check-in-3d" }, undefined],
      [{ make: "visit-time", application: 1 }, undefined],
      [{ make: "visit-time", application: 1, startsAt: "now" }, undefined],
      [{ make: "visit-time", application: 1, startsAt: Date.now() + 365 * 86_400_000 }, undefined],
      [{ make: "visit-time", application: 0, startsAt: Date.now() }, undefined],
      [{ make: "read-care-answers" }, undefined],
      [{ make: "read-adoption-papers", application: -3 }, undefined],
    ] as [unknown, string | undefined][]) {
      expect((await call(t, data, raw)).status, raw ?? JSON.stringify(data)).toBe(400);
    }
    expect(await petRows()).toEqual(before);
  });

  it("makes a listed pet the list shows and an adopter who signs in; removes only what it made", async () => {
    const pet = (await call(t, { make: "pet", name: "Aaron" })).body!;
    expect(pet).toMatchObject({ species: "Cat", name: expect.stringMatching(/^Aaron [a-z]{6}$/) });
    expect(await catNames()).toContain(pet.name);
    const stays = await t.env.DB.prepare("select intake_type, outcome_type from pet_stays where pet_id = ?")
      .bind(pet.id)
      .all();
    expect(stays.results).toEqual([{ intake_type: "stray", outcome_type: null }]);

    const adopter = (await call(t, { make: "adopter", firstName: "Avery", tag: "no-js" })).body!;
    expect(adopter.email).toMatch(/^own\.[a-z]{6}\.no-js@example\.com$/);
    const signedIn = await respond(
      t,
      signInAction,
      postForm("/sign-in", { email: String(adopter.email), password: String(adopter.password), redirectTo: "/" }),
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/");
    const jar = new CookieJar().keep(signedIn.headers);

    // Held for the adopter: off the list, on their on-hold page.
    const held = (await call(t, { make: "pet", heldFor: String(adopter.email) })).body!;
    expect(await catNames(jar.header())).not.toContain(held.name);
    const onHold = await respond(t, onHoldLoader, withCookies(getRequest("/on-hold"), jar));
    expect(JSON.stringify(onHold.data)).toContain(String(held.name));

    // Adopted: its stay closed by the adoption.
    const adopted = (await call(t, { make: "pet", species: "Dog", adoptedBy: String(adopter.email) })).body!;
    const adoptedStay = await t.env.DB.prepare("select outcome_type from pet_stays where pet_id = ?")
      .bind(adopted.id)
      .first();
    expect(adoptedStay).toEqual({ outcome_type: "adoption" });

    // A pet and an account that are not a test's stay, whatever ids are asked for.
    await t.env.DB.prepare(
      "insert into pets (animal_id, name, species, created_at, updated_at, published_at) values ('SEQ-1', 'Staff pet', 'Cat', 0, 0, 0)",
    ).run();
    const staffPet = (await t.env.DB.prepare("select id from pets where animal_id = 'SEQ-1'").first<{ id: number }>())!;
    await t.env.DB.prepare(
      "insert into users (email, first_name, last_name, created_at, updated_at) values ('real@example.com', 'Real', 'Person', 0, 0)",
    ).run();
    const real = (await t.env.DB.prepare("select id from users where email = 'real@example.com'").first<{
      id: number;
    }>())!;

    const removed = await call(t, {
      make: "removal",
      pets: [pet.id, held.id, adopted.id, staffPet.id],
      adopters: [adopter.id, real.id],
    });
    expect(removed.body).toEqual({ pets: 3, adopters: 1 });
    const rows = await petRows();
    expect(rows.filter((row) => row.deleted_at !== null).map((row) => row.id)).toEqual([pet.id, held.id, adopted.id]);
    expect(await catNames()).not.toContain(pet.name);
    expect(
      await t.env.DB.prepare("select email from users")
        .all()
        .then((r) => r.results),
    ).toEqual([{ email: "real@example.com" }]);
  });

  it("sends a test pet's follow-up, moves a test application's visit and reads what a test's rows stored; never another's", async () => {
    const db = t.env.DB;
    const one = <T>(query: string, ...values: unknown[]) =>
      db
        .prepare(query)
        .bind(...values)
        .first<T>();
    // Adopted a week ago: the date and the closed stay say so.
    const adopter = (await call(t, { make: "adopter", tag: "js" })).body!;
    const weekAgo = Date.now() - 7 * 86_400_000;
    const pet = (await call(t, { make: "pet", adoptedBy: String(adopter.email), adoptedDaysAgo: 7 })).body!;
    const adopted = (await one<{ adopted_date: number; listed_at: number | null; outcome_on: string }>(
      "select adopted_date, listed_at, outcome_on from pets join pet_stays on pet_stays.pet_id = pets.id where pets.id = ?",
      pet.id,
    ))!;
    expect(Math.abs(adopted.adopted_date - weekAgo)).toBeLessThan(60_000);
    expect(adopted.listed_at).toBeNull();
    expect(adopted.outcome_on).toBe(
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(adopted.adopted_date)),
    );

    // Rows no test made: a staff pet, a real person's application for it with a booked visit, answered papers.
    await db
      .prepare(
        "insert into pets (animal_id, name, species, created_at, updated_at, published_at) values ('SEQ-2', 'Staff pet', 'Cat', 0, 0, 0)",
      )
      .run();
    const staffPet = (await one<{ id: number }>("select id from pets where animal_id = 'SEQ-2'"))!.id;
    await db
      .prepare(
        "insert into users (email, first_name, last_name, created_at, updated_at) values ('person@example.com', 'Real', 'Person', 0, 0)",
      )
      .run();
    const person = (await one<{ id: number }>("select id from users where email = 'person@example.com'"))!.id;
    const application = async (petId: number, userId: number) => {
      await db
        .prepare(
          "insert into adoption_applications (pet_id, user_id, status, created_at, updated_at) values (?, ?, 'approved', 0, 0)",
        )
        .bind(petId, userId)
        .run();
      const { id } = (await one<{ id: number }>("select max(id) as id from adoption_applications"))!;
      const later = Date.now() + 2 * 86_400_000;
      await db
        .prepare(
          "insert into visits (application_id, slot_start, slot_end, status, created_at, updated_at) values (?, ?, ?, 'booked', 0, 0)",
        )
        .bind(id, later, later + 1_800_000)
        .run();
      await db
        .prepare(
          "insert into adoption_papers (document_id, application_id, pet_id, fee_cents, sent_at, signed_name, signed_text_sha256, file_sha256, created_at) values (?, ?, ?, 0, 0, 'Ana Ruiz', 'aa', 'bb', 0)",
        )
        .bind(`doc-${id}`, id, petId)
        .run();
      return { id, later };
    };
    const theirs = await application(staffPet, person);
    // A test adopter's application (for a staff pet), and a real person's for a test pet: both the tests'.
    const byTestAdopter = await application(staffPet, Number(adopter.id));
    const forTestPet = await application(Number(pet.id), person);

    // The follow-up, as the run records it: only for a test pet.
    const followUp = await call(t, { make: "follow-up", pet: pet.id, email: "Ana@Example.com", kind: "check-in-3w" });
    expect(followUp.status).toBe(200);
    expect(await one("select pet_id, email, kind, item from care_follow_ups where id = ?", followUp.body!.id)).toEqual({
      pet_id: pet.id,
      email: "ana@example.com",
      kind: "check-in-3w",
      item: "",
    });
    expect(
      (await call(t, { make: "follow-up", pet: staffPet, email: "a@example.com", kind: "check-in-3d" })).status,
    ).toBe(404);
    expect(await one("select count(*) as n from care_follow_ups where pet_id = ?", staffPet)).toEqual({ n: 0 });

    // The visit's time comes: the test's visits move, the real person's for a staff pet does not.
    const start = Date.now() - 5 * 60_000;
    for (const mine of [byTestAdopter, forTestPet]) {
      const moved = await call(t, { make: "visit-time", application: mine.id, startsAt: start });
      expect(moved.body).toEqual({ visits: [{ status: "booked", slotStart: start }] });
      expect(await one("select slot_end from visits where application_id = ?", mine.id)).toEqual({
        slot_end: start + 1_800_000,
      });
    }
    expect((await call(t, { make: "visit-time", application: theirs.id, startsAt: start })).status).toBe(404);
    expect(await one("select slot_start from visits where application_id = ?", theirs.id)).toEqual({
      slot_start: theirs.later,
    });

    // Reads: a test pet's care answers and a test application's papers; nothing of another's.
    await db
      .prepare(
        "insert into care_answers (follow_up_id, answer, photo, created_at) values (?, 'well', 'story_x.jpg', 0)",
      )
      .bind(followUp.body!.id)
      .run();
    await db
      .prepare(
        "insert into care_follow_ups (pet_id, email, kind, item, due_on, created_at) values (?, 'b@example.com', 'check-in-3d', '', '2026-01-01', 0)",
      )
      .bind(staffPet)
      .run();
    await db
      .prepare(
        "insert into care_answers (follow_up_id, answer, photo, created_at) values ((select max(id) from care_follow_ups), 'well', 'story_y.jpg', 0)",
      )
      .run();
    expect((await call(t, { make: "read-care-answers", pet: pet.id })).body).toEqual({
      answers: [{ kind: "check-in-3w", answer: "well", photo: "story_x.jpg" }],
    });
    expect((await call(t, { make: "read-care-answers", pet: staffPet })).body).toEqual({ answers: [] });
    const papers = { signedName: "Ana Ruiz", signedTextSha256: "aa", fileSha256: "bb" };
    expect((await call(t, { make: "read-adoption-papers", application: forTestPet.id })).body).toEqual({
      papers: [papers],
    });
    expect((await call(t, { make: "read-adoption-papers", application: byTestAdopter.id })).body).toEqual({
      papers: [papers],
    });
    expect((await call(t, { make: "read-adoption-papers", application: theirs.id })).body).toEqual({ papers: [] });
  });
});
