import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crons, runScheduled } from "#server/scheduled";
import { i18nFor } from "#app/locales/catalogs.server";
import { action as alertsAction } from "#app/routes/adopt/alerts-new-pets";
import { action as toggleAction } from "#app/routes/adopt/favorites-toggle";
import { action as fosterApplyAction, loader as fosterApplyLoader } from "#app/routes/foster/apply";
import { action as matchAction, loader as matchLoader } from "#app/routes/match/route";
import { action as editAction, loader as editLoader } from "#app/routes/petadmin/edit/route";
import { type CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

/**
 * Issue 39: to anyone but staff a draft is exactly a pet that does not exist, in every page, answer
 * and email; a published pet's bonded partner is never a draft.
 */
let t: TestEnv;
let staff: CookieJar;
let adopter: CookieJar;
const secretName = "Zephyrine";

beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
  adopter = await signedIn(t, await createAccount(t.env.DB, { firstName: "Ann", lastName: "Adopter" }));
});
afterAll(() => t.dispose());

/** Everything an answer carries that a person could read: status, body or data, headers. */
async function readable(answer: { status: number; data: unknown; response: Response | null; headers: Headers }) {
  const body = answer.response ? await answer.response.clone().text() : "";
  return `${answer.status} ${body} ${JSON.stringify(answer.data)} ${[...answer.headers].join(" ")}`;
}

describe("a draft, to anyone but staff", () => {
  it("is not found on the foster form, for a signed-in adopter, loader and action alike; staff still see its name", async () => {
    const draft = await insertPet(t.env.DB, { name: secretName, publishedAt: null, listedAt: null });
    const missing = await insertPet(t.env.DB, { name: "Temporary" });
    await t.env.DB.prepare("delete from pets where id = ?").bind(missing.id).run();

    const page = await respond(
      t,
      fosterApplyLoader,
      withCookies(getRequest(`/foster/apply?pet_id=${draft.id}`), adopter),
    );
    const nothing = await respond(
      t,
      fosterApplyLoader,
      withCookies(getRequest(`/foster/apply?pet_id=${missing.id}`), adopter),
    );
    expect(page.status).toBe(404);
    expect(page.status).toBe(nothing.status);
    expect(await readable(page)).not.toContain(secretName);
    const posted = await respond(
      t,
      fosterApplyAction,
      withCookies(postForm(`/foster/apply?pet_id=${draft.id}`, { intent: "draft" }), adopter),
    );
    expect(posted.status).toBe(404);
    expect(await readable(posted)).not.toContain(secretName);

    const forStaff = await respond(
      t,
      fosterApplyLoader,
      withCookies(getRequest(`/foster/apply?pet_id=${draft.id}`), staff),
    );
    expect((forStaff.data as { pet: { name: string } }).pet.name).toBe(secretName);
  });

  it("gets the favourite heart's answer for a pet that does not exist, with and without JavaScript, never its name", async () => {
    const draft = await insertPet(t.env.DB, { name: secretName, publishedAt: null, listedAt: null });
    const missing = await insertPet(t.env.DB, { name: "Temporary" });
    await t.env.DB.prepare("delete from pets where id = ?").bind(missing.id).run();
    for (const stay of ["1", ""]) {
      for (const favorite of ["true", "false"]) {
        const answer = (petId: number) =>
          respond(
            t,
            toggleAction,
            withCookies(
              postForm("/favorites/toggle", {
                petId: String(petId),
                favorite,
                ...(stay ? { stay } : {}),
                redirectTo: "/adopt",
              }),
              adopter,
            ),
          );
        const ofDraft = await answer(draft.id);
        const ofNothing = await answer(missing.id);
        expect(await readable(ofDraft)).not.toContain(secretName);
        expect([ofDraft.status, JSON.stringify(ofDraft.data)]).toEqual([
          ofNothing.status,
          JSON.stringify(ofNothing.data),
        ]);
      }
    }
    expect(
      await t.env.DB.prepare("select count(*) as n from favorites where pet_id = ?").bind(draft.id).first(),
    ).toEqual({ n: 0 });
  });
});

describe("a listed pet bonded to a draft", () => {
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
  // 9 am in Eureka on Tuesday 1 December 2026.
  const start = Date.parse("2026-12-01T17:00:00Z");
  const hour = 60 * 60 * 1000;

  it("never names the draft: not in the match cautions, not in the new-pet alert email", async () => {
    const account = await createAccount(t.env.DB, { email: "bonded.alerts@example.com", firstName: "Alex" });
    await t.env.DB.prepare("update users set match_answers = ? where id = ?")
      .bind(JSON.stringify(answers), account.id)
      .run();
    const jar = await signedIn(t, account);
    expect(
      (
        await respond(
          t,
          alertsAction,
          withCookies(postForm("/alerts/new-pets", { alerts: "on", redirectTo: "/match" }), jar),
        )
      ).status,
    ).toBe(302);
    await t.env.DB.prepare("update users set alerts_checked_at = ? where id = ?").bind(start, account.id).run();

    const listed = await insertPet(t.env.DB, {
      name: "Pairedpup",
      species: "Dog",
      weightLbs: 30,
      activeLevel: "Moderately active",
      characteristics: ["bonded"],
      listedAt: new Date(start + hour),
    });
    const draft = await insertPet(t.env.DB, { name: secretName, species: "Dog", publishedAt: null, listedAt: null });
    await t.env.DB.batch([
      t.env.DB.prepare("update pets set bonded_with = ? where id = ?").bind(draft.id, listed.id),
      t.env.DB.prepare("update pets set bonded_with = ? where id = ?").bind(listed.id, draft.id),
    ]);

    jar.keep((await respond(t, matchAction, withCookies(postForm("/match", { intent: "match" }), jar))).headers);
    const results = (await respond(t, matchLoader, withCookies(getRequest("/match"), jar))).data as {
      results?: { pets: { name: string; cautions: string[] }[] };
    };
    const card = results.results?.pets.find((pet) => pet.name === "Pairedpup");
    expect(card).toBeDefined();
    expect(JSON.stringify(results)).not.toContain(secretName);
    expect(card!.cautions.join(" ")).toMatch(/bonded: Pairedpup needs to go home with a friend/);

    await runScheduled(t.env, crons.hourly, start + 2 * hour, i18nFor);
    const mail = await t.env.DB.prepare('select subject, text from outbox_messages where "to" = ?')
      .bind(account.email)
      .all<{ subject: string; text: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]!.text).toContain("Pairedpup");
    expect(mail.results[0]!.text).not.toContain(secretName);
  });

  it("a published pet's form refuses a draft as its bonded partner, with the message under the field; a draft's form may choose it", async () => {
    const listed = await insertPet(t.env.DB, {
      name: "Solo",
      species: "Dog",
      breed: ["Pug"],
      about: "Solo snores.",
      images: ["solo-abcdefghijklmnopqrstuvwxyz012345.jpg"],
      ageMonths: 20,
      weightLbs: 20,
      sex: "Male",
      activeLevel: "Moderately active",
    });
    const draft = await insertPet(t.env.DB, {
      name: "Draftmate",
      species: "Dog",
      breed: ["Pug"],
      publishedAt: null,
      listedAt: null,
    });
    const otherDraft = await insertPet(t.env.DB, {
      name: "Draftpal",
      species: "Dog",
      breed: ["Pug"],
      publishedAt: null,
      listedAt: null,
    });
    const version = async (id: number) =>
      String(
        (await t.env.DB.prepare("select version from pets where id = ?").bind(id).first<{ version: number }>())!
          .version,
      );
    const form = (pet: typeof listed, bondedWith: number, extra: Record<string, string | string[]> = {}) => {
      const body = new FormData();
      const fields: Record<string, string | string[]> = {
        intent: "save",
        petId: String(pet.id),
        name: pet.name,
        animalId: pet.animalId,
        species: "Dog",
        breedsFor: "Dog",
        breed: pet.breed,
        ageMonths: String(pet.ageMonths),
        weightLbs: String(pet.weightLbs),
        sex: pet.sex,
        activeLevel: pet.activeLevel,
        about: pet.about,
        adoptionFee: "0",
        bondedWith: String(bondedWith),
        ...extra,
      };
      for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
      return body;
    };
    const save = async (pet: typeof listed, bondedWith: number) => {
      const body = form(pet, bondedWith, { version: await version(pet.id) });
      return respond(
        t,
        editAction,
        withCookies(new Request("http://localhost/petadmin/edit", { method: "POST", body }), staff),
      );
    };

    const refused = await save(listed, draft.id);
    expect(refused.status).toBe(400);
    expect((refused.data as { reply: { error: Record<string, string[]> } }).reply.error.bondedWith).toEqual([
      "Choose another pet: this one is a draft, and a published pet's bonded partner must be published too. Publish it first.",
    ]);
    expect(
      await t.env.DB.prepare("select bonded_with from pets where id in (?, ?) order by id")
        .bind(listed.id, draft.id)
        .all()
        .then((r) => r.results),
    ).toEqual([{ bonded_with: null }, { bonded_with: null }]);
    // The published pet's form does not offer drafts; a draft's form does.
    const choices = async (id: number) =>
      (
        (await respond(t, editLoader, withCookies(getRequest(`/petadmin/edit?pet_id=${id}`), staff))).data as {
          bond: { choices: { id: number }[] };
        }
      ).bond.choices.map((choice) => choice.id);
    expect(await choices(listed.id)).not.toContain(draft.id);
    expect(await choices(otherDraft.id)).toEqual(expect.arrayContaining([draft.id, listed.id]));
    expect((await save(otherDraft, draft.id)).status).toBe(302);
  });
});
