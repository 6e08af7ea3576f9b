import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/match/route";
import { action as signInAction } from "#app/routes/account/sign-in";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
  await insertPet(t.env.DB, {
    species: "Dog",
    name: "Small Calm",
    weightLbs: 12,
    activeLevel: "Quietly active",
    ageMonths: 30,
  });
  await insertPet(t.env.DB, {
    species: "Dog",
    name: "Big Bouncy",
    weightLbs: 80,
    activeLevel: "Very active",
    ageMonths: 30,
  });
  await insertPet(t.env.DB, {
    species: "Dog",
    name: "No Kids",
    weightLbs: 20,
    activeLevel: "Quietly active",
    characteristics: ["No_kids_under_10"],
  });
  await insertPet(t.env.DB, {
    species: "Dog",
    name: "Held",
    weightLbs: 20,
    onHoldEmail: "x@example.com",
    onHoldDate: new Date(),
  });
  await insertPet(t.env.DB, { species: "Cat", name: "Whiskers", weightLbs: 9 });
});
afterAll(() => t.dispose());

/** The answers a person gives, question by question, as the forms post them. */
const answers: [string, Record<string, string>][] = [
  ["a1", { housing: "Apartment" }],
  ["a2", { children: "1", youngestAge: "Baby (1 - 3 Years)" }],
  ["a3", { allergic: "Yes", animals: "Cat" }],
  ["a4", { hasPets: "No" }],
  ["p1", { species: "Dog" }],
  ["p2", { fromAge: "All", toAge: "All" }],
  ["p3", { sizes: "Small" }],
  ["p4", { levels: "Quietly active" }],
];

async function answer(jar: CookieJar, question: string, fields: Record<string, string>) {
  const result = await respond(
    t,
    action,
    withCookies(postForm("/match", { intent: "answer", question, ...fields }), jar),
  );
  jar.keep(result.headers);
  return result;
}
const view = async (jar: CookieJar, query = "") =>
  (await respond(t, loader, withCookies(getRequest(`/match${query}`), jar))).data as Awaited<ReturnType<typeof loader>>;

describe("the questionnaire for a visitor", () => {
  it("welcomes first, then asks one question at a time, and shows the matches", async () => {
    const jar = new CookieJar();
    expect((await view(jar)).view).toBe("welcome");
    jar.keep((await respond(t, action, postForm("/match", { intent: "continue" }))).headers);
    expect(await view(jar)).toMatchObject({ view: "questions", current: "a1", progress: 0 });

    for (const [question, fields] of answers.slice(0, 4))
      expect((await answer(jar, question, fields)).headers.get("Location")).toBe("/match#current-step");
    expect(await view(jar)).toMatchObject({ current: "p1", progress: 50 });
    for (const [question, fields] of answers.slice(4, -1))
      expect((await answer(jar, question, fields)).headers.get("Location")).toBe("/match#current-step");
    // The last answer opens the review, where the answers are listed once beside "Find your matched pets" (issue 40).
    const [lastQuestion, lastFields] = answers.at(-1)!;
    expect((await answer(jar, lastQuestion, lastFields)).headers.get("Location")).toBe("/match?step=review");
    expect((await view(jar, "?step=review")).view).toBe("review");
    const done = await view(jar);
    expect(done).toMatchObject({ complete: true, current: null, progress: 100 });
    expect(done.sentences.a2).toBe("1 child lives with you; the youngest is baby.");

    jar.keep((await respond(t, action, withCookies(postForm("/match", { intent: "match" }), jar))).headers);
    const results = await view(jar);
    expect(results.view).toBe("results");
    // Hard filters: a dog, small, quietly active, not No_kids_under_10 (a baby at home), not on hold.
    expect(results.results?.pets.map((pet) => pet.name)).toEqual(["Small Calm"]);
    expect(results.results?.pets[0]?.fits.join(" | ")).toMatch(/\b[\d.]+ lbs: a good size for an apartment\b/);
    // The reasons' sources stay on the server: a card gets the words, not the about text or the partner.
    expect(results.results?.pets[0]).not.toHaveProperty("about");
    expect(results.results?.pets[0]).not.toHaveProperty("bondedWith");
    expect(results.results?.noMatches).toBeNull();
  });

  it("refuses a species someone at home is allergic to at that question, and the allergy that rules out the chosen species", async () => {
    const jar = new CookieJar().keep((await respond(t, action, postForm("/match", { intent: "continue" }))).headers);
    await answer(jar, "a3", { allergic: "Yes", animals: "Cat" });
    const refused = await answer(jar, "p1", { species: "Cat" });
    expect(refused.status).toBe(400);
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error.species?.[0]).toMatch(
      /^Someone at home is allergic to this species/,
    );
    expect((await answer(jar, "p1", { species: "Dog" })).status).toBe(302);
    const backwards = await answer(jar, "a3", { allergic: "Yes", animals: "Dog" });
    expect((backwards.data as { result: { error: Record<string, string[]> } }).result.error.animals?.[0]).toMatch(
      /^You chose to adopt a dog/,
    );
  });

  it("explains an empty result with the pets each answer left out, and one click widens the answer", async () => {
    const jar = new CookieJar().keep((await respond(t, action, postForm("/match", { intent: "continue" }))).headers);
    const strict = answers.map(([question, fields]): [string, Record<string, string>] =>
      question === "p3"
        ? [question, { sizes: "Large" }]
        : question === "a2"
          ? [question, { children: "0" }]
          : [question, fields],
    );
    for (const [question, fields] of strict) await answer(jar, question, fields);
    jar.keep((await respond(t, action, withCookies(postForm("/match", { intent: "match" }), jar))).headers);
    const empty = (await view(jar)).results!;
    expect(empty.pets).toEqual([]);
    const explained = empty.noMatches!;
    // Four listed pets: the cat left out by species, two small dogs by size, the large very active dog by energy.
    expect(explained.total).toBe(4);
    expect(explained.funnel.filter((step) => step.removed > 0).map((step) => [step.answer, step.removed])).toEqual([
      ["p1", 1],
      ["p3", 2],
      ["p4", 1],
    ]);
    expect(explained.emptiedBy).toBe("p4");
    expect(explained.nearest.map((near) => [near.pet.name, near.misses])).toEqual(
      expect.arrayContaining([
        ["Big Bouncy", "p4"],
        ["Small Calm", "p3"],
        ["No Kids", "p3"],
      ]),
    );

    const relaxed = await respond(t, action, withCookies(postForm("/match", { intent: "relax", answer: "p4" }), jar));
    expect(relaxed.headers.get("Location")).toBe("/match");
    jar.keep(relaxed.headers);
    const after = await view(jar);
    expect(after.view).toBe("results");
    expect(after.results?.pets.map((pet) => pet.name)).toEqual(["Big Bouncy"]);
    expect((await view(jar, "?step=review")).answers.p4).toEqual([
      "Very active",
      "Moderately active",
      "Quietly active",
    ]);
    expect(
      (await respond(t, action, withCookies(postForm("/match", { intent: "relax", answer: "a3" }), jar))).status,
    ).toBe(400);
  });

  it("adds and removes resident-pet rows without JavaScript, keeping every value", async () => {
    const jar = new CookieJar().keep((await respond(t, action, postForm("/match", { intent: "continue" }))).headers);
    const rows = {
      hasPets: "Yes",
      "pets[0].type": "Dog",
      "pets[0].age": "24",
      "pets[1].type": "Cat",
      "pets[1].age": "61",
      "pets[1].isNeutered": "on",
    };
    const post = (intent: object, fields: Record<string, string>) =>
      respond(
        t,
        action,
        withCookies(
          postForm("/match", { intent: "answer", question: "a4", __intent__: JSON.stringify(intent), ...fields }),
          jar,
        ),
      );
    const added = await post({ type: "insert", payload: { name: "pets" } }, rows);
    expect(added.status).toBe(200);
    const addedValue = (added.data as { result: { initialValue: { pets: unknown[] } } }).result.initialValue;
    expect(addedValue.pets).toHaveLength(3);
    expect(addedValue.pets.slice(0, 2)).toEqual([
      { type: "Dog", age: "24" },
      { type: "Cat", age: "61", isNeutered: "on" },
    ]);
    const removed = await post({ type: "remove", payload: { name: "pets", index: 0 } }, rows);
    expect((removed.data as { result: { initialValue: { pets: unknown[] } } }).result.initialValue.pets).toEqual([
      { type: "Cat", age: "61", isNeutered: "on" },
    ]);
    expect((await view(jar)).answers.a4).toBeUndefined();
    expect((await post({ type: "insert" }, rows)).status).toBe(400);
    expect(
      (
        await respond(
          t,
          action,
          withCookies(postForm("/match", { intent: "answer", question: "a4", __intent__: "{not json" }), jar),
        )
      ).status,
    ).toBe(400);

    const many = Object.fromEntries(
      Array.from({ length: 6 }, (_, index) => [
        [`pets[${index}].type`, "Dog"],
        [`pets[${index}].age`, "36"],
      ]).flat(),
    );
    expect((await answer(jar, "a4", { hasPets: "Yes", ...many })).status).toBe(302);
    expect((await view(jar)).answers.a4).toHaveLength(6);
  });

  it("refuses incomplete answers with spec §5's rules, keeping what was given", async () => {
    const jar = new CookieJar().keep((await respond(t, action, postForm("/match", { intent: "continue" }))).headers);
    const cases: [string, Record<string, string>, string, string][] = [
      ["a1", { housing: "Other", other: " " }, "other", "Tell us what kind of home it is"],
      ["a2", { children: "2" }, "youngestAge", "Choose the age of the youngest child"],
      ["a3", { allergic: "Yes" }, "animals", "Choose or type at least one animal"],
      ["a4", { hasPets: "Yes", "pets[0].type": "Dog" }, "pets[0]", "Choose both the type and the age of this pet"],
      ["p2", {}, "fromAge", "Choose at least one end of the age range"],
      ["p2", { fromAge: "36", toAge: "12" }, "toAge", "The youngest age cannot be above the oldest"],
      ["p3", {}, "sizes", "Choose at least one size"],
      ["p4", {}, "levels", "Choose at least one energy level"],
    ];
    for (const [question, fields, field, message] of cases) {
      const result = await answer(jar, question, fields);
      expect(result.status, question).toBe(400);
      expect((result.data as { result: { error: Record<string, string[]> } }).result.error[field], question).toEqual([
        message,
      ]);
    }
    expect((await view(jar)).progress).toBe(0);
  });

  it("takes typed allergies and resident pets, and editing an answer clears the results", async () => {
    const jar = new CookieJar().keep((await respond(t, action, postForm("/match", { intent: "continue" }))).headers);
    for (const [question, fields] of answers) await answer(jar, question, fields);
    await answer(jar, "a3", { allergic: "Yes", animals: "Bird", other: "rabbit, Hamster" });
    await answer(jar, "a4", { hasPets: "Yes", "pets[0].type": "Cat", "pets[0].age": "61", "pets[0].isNeutered": "on" });
    const state = await view(jar);
    expect(state.answers.a3).toEqual(["Bird", "Rabbit", "Hamster"]);
    expect(state.answers.a4).toEqual([{ type: "Cat", age: 61, isNeutered: true }]);

    jar.keep((await respond(t, action, withCookies(postForm("/match", { intent: "match" }), jar))).headers);
    expect((await view(jar)).view).toBe("results");
    await answer(jar, "p3", { sizes: "Small" });
    expect((await view(jar)).view).toBe("questions");
  });
});

describe("the questionnaire for a signed-in user", () => {
  it("saves each answer to the record, and merges a visitor's answers at sign-in", async () => {
    const visitor = new CookieJar().keep(
      (await respond(t, action, postForm("/match", { intent: "continue" }))).headers,
    );
    await answer(visitor, "a1", { housing: "House" });
    await answer(visitor, "p1", { species: "Cat" });

    const account = await createAccount(t.env.DB);
    await t.env.DB.prepare("update users set match_answers = ? where id = ?")
      .bind(JSON.stringify({ p1: "Dog" }), account.id)
      .run();
    const signIn = await respond(
      t,
      signInAction,
      withCookies(postForm("/sign-in", { email: account.email, password: account.password }), visitor),
    );
    const jar = visitor.keep(signIn.headers);
    expect(jar.get("match")).toBeUndefined();

    const saved = JSON.parse(
      (await t.env.DB.prepare("select match_answers from users where id = ?")
        .bind(account.id)
        .first<{ match_answers: string }>())!.match_answers,
    );
    expect(saved).toEqual({ a1: "House", p1: "Dog" });

    await answer(jar, "a2", { children: "0" });
    const after = JSON.parse(
      (await t.env.DB.prepare("select match_answers from users where id = ?")
        .bind(account.id)
        .first<{ match_answers: string }>())!.match_answers,
    );
    expect(after.a2).toEqual({ children: 0, youngestAge: null });
    expect(await view(jar)).toMatchObject({ view: "questions", current: "a3" });
  });

  it("answers an unknown question or form with 400", async () => {
    const bad = await respond(t, action, postForm("/match", { intent: "answer", question: "z9" }));
    expect(bad.status).toBe(400);
    expect((await respond(t, action, postForm("/match", { intent: "explode" }))).status).toBe(400);
  });
});

describe("a long list of matches", () => {
  it("shows twelve cards a page, every match on exactly one page, and clamps a page past the end", async () => {
    for (let i = 1; i <= 14; i++)
      await insertPet(t.env.DB, {
        species: "Cat",
        name: `Paged Cat ${i}`,
        weightLbs: 9,
        activeLevel: "Quietly active",
        ageMonths: 24,
      });
    const jar = new CookieJar().keep((await respond(t, action, postForm("/match", { intent: "continue" }))).headers);
    const catLover: [string, Record<string, string>][] = [
      ["a1", { housing: "House" }],
      ["a2", { children: "0" }],
      ["a3", { allergic: "No" }],
      ["a4", { hasPets: "No" }],
      ["p1", { species: "Cat" }],
      ["p2", { fromAge: "All", toAge: "All" }],
      ["p3", { sizes: "Small" }],
      ["p4", { levels: "Quietly active" }],
    ];
    for (const [question, fields] of catLover) await answer(jar, question, fields);
    jar.keep((await respond(t, action, withCookies(postForm("/match", { intent: "match" }), jar))).headers);

    const first = (await view(jar)).results!;
    expect(first.shownCount).toBeGreaterThanOrEqual(14);
    expect(first).toMatchObject({ page: 1, totalPages: Math.ceil(first.shownCount / 12) });
    expect(first.pets).toHaveLength(12);
    const second = (await view(jar, "?page=2")).results!;
    expect(second.page).toBe(2);
    expect(second.pets).toHaveLength(first.shownCount - 12);
    const names = [...first.pets, ...second.pets].map((pet) => pet.name);
    expect(new Set(names).size).toBe(first.shownCount);
    for (let i = 1; i <= 14; i++) expect(names).toContain(`Paged Cat ${i}`);
    expect((await view(jar, "?page=99")).results).toMatchObject({ page: 2 });
  });
});
