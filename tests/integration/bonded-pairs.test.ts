import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#app/db/client.server";
import { listMatchCandidates } from "#app/models/pets.server";
import { action as createAction, loader as createLoader } from "#app/routes/petadmin/create";
import { action as editAction, loader as editLoader } from "#app/routes/petadmin/edit/route";
import { type CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

/** Bonded pairs (decision 055): recorded on the pet form, kept symmetric, left when a pet is adopted or deleted. */
let t: TestEnv;
let staff: CookieJar;

beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
});
afterAll(() => t.dispose());

function multipart(path: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(new URL(path, "http://localhost"), { method: "POST", body });
}
const partnerOf = async (id: number) =>
  (await t.env.DB.prepare("select bonded_with from pets where id = ?").bind(id).first<{ bonded_with: number | null }>())
    ?.bonded_with;
const partners = async (...ids: number[]) => Promise.all(ids.map(partnerOf));
const version = async (id: number) =>
  String(
    (await t.env.DB.prepare("select version from pets where id = ?").bind(id).first<{ version: number }>())!.version,
  );
const bond = (a: number, b: number | null) =>
  t.env.DB.batch([
    t.env.DB.prepare("update pets set bonded_with = ? where id = ?").bind(b, a),
    ...(b ? [t.env.DB.prepare("update pets set bonded_with = ? where id = ?").bind(a, b)] : []),
  ]);
/** A draft's edit form saved with only what a draft needs, and the bonded partner given. */
async function saveDraft(pet: { id: number; name: string; animalId: string }, bondedWith: string) {
  return respond(
    t,
    editAction,
    withCookies(
      multipart("/petadmin/edit", {
        intent: "save",
        petId: String(pet.id),
        version: await version(pet.id),
        name: pet.name,
        animalId: pet.animalId,
        species: "Dog",
        breedsFor: "Dog",
        bondedWith,
      }),
      staff,
    ),
  );
}
const draft = (name: string) => insertPet(t.env.DB, { name, species: "Dog", breed: ["Pug"], publishedAt: null });

describe("bonded pairs", () => {
  it("records a pair from either pet's form, both ways, and moves a pet to a new partner cleanly", async () => {
    const [a, b, c] = [await draft("Ada"), await draft("Bo"), await draft("Cy")];
    expect((await saveDraft(a, String(b.id))).status).toBe(302);
    expect(await partners(a.id, b.id, c.id)).toEqual([b.id, a.id, null]);

    const page = (await respond(t, editLoader, withCookies(getRequest(`/petadmin/edit?pet_id=${a.id}`), staff)))
      .data as { bond: { current: number; choices: { id: number }[] } };
    expect(page.bond.current).toBe(b.id);
    const choices = page.bond.choices.map((choice) => choice.id);
    expect(choices).toEqual(expect.arrayContaining([b.id, c.id]));
    expect(choices).not.toContain(a.id);

    // Cy takes Bo: Ada is left without a partner.
    expect((await saveDraft(c, String(b.id))).status).toBe(302);
    expect(await partners(a.id, b.id, c.id)).toEqual([null, c.id, b.id]);
    // Saved empty, the pair ends on both sides.
    expect((await saveDraft(c, "")).status).toBe(302);
    expect(await partners(a.id, b.id, c.id)).toEqual([null, null, null]);
  });

  it("refuses the pet itself, a pet that does not exist, an adopted or deleted pet and junk, with a message on the field", async () => {
    const pet = await draft("Dot");
    const adopted = await insertPet(t.env.DB, {
      name: "Gone Home",
      species: "Dog",
      adoptedEmail: "family@example.com",
      adoptedDate: new Date(),
    });
    const deleted = await insertPet(t.env.DB, { name: "Deleted", species: "Dog", deletedAt: new Date() });
    for (const value of [String(pet.id), "999999", String(adopted.id), String(deleted.id), "abc", "-3"]) {
      const refused = await saveDraft(pet, value);
      expect(refused.status, value).toBe(400);
      const reply = (
        refused.data as { reply: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
      ).reply;
      expect(reply.error.bondedWith?.length, value).toBe(1);
      expect(reply.initialValue.bondedWith).toBe(value);
    }
    expect(await partnerOf(pet.id)).toBeNull();
    const choices = (
      (await respond(t, createLoader, withCookies(getRequest("/petadmin/create"), staff))).data as {
        bond: { choices: { id: number }[] };
      }
    ).bond.choices.map((choice) => choice.id);
    expect(choices).toContain(pet.id);
    expect(choices).not.toContain(adopted.id);
    expect(choices).not.toContain(deleted.id);
  });

  it("records the pair when a new pet is created with a partner", async () => {
    const partner = await draft("Fig");
    const created = await respond(
      t,
      createAction,
      withCookies(
        multipart("/petadmin/create", {
          intent: "save",
          name: "Gus",
          animalId: "BOND-NEW-1",
          species: "Dog",
          bondedWith: String(partner.id),
        }),
        staff,
      ),
    );
    expect(created.status).toBe(302);
    const row = await t.env.DB.prepare("select id, bonded_with from pets where animal_id = 'BOND-NEW-1'").first<{
      id: number;
      bonded_with: number;
    }>();
    expect(row?.bonded_with).toBe(partner.id);
    expect(await partnerOf(partner.id)).toBe(row?.id);
  });

  it("a pet adopted or deleted leaves the pair; a pet removed for good leaves its partner unbonded", async () => {
    const post = (fields: Record<string, string>) =>
      respond(t, editAction, withCookies(postForm("/petadmin/edit", fields), staff));
    const [a, b] = [
      await insertPet(t.env.DB, { name: "Hazel", species: "Dog" }),
      await insertPet(t.env.DB, { name: "Iggy", species: "Dog" }),
    ];
    await bond(a.id, b.id);
    expect(
      (
        await post({
          intent: "adopt",
          petId: String(a.id),
          version: await version(a.id),
          email: "new.home@example.com",
        })
      ).status,
    ).toBe(302);
    expect(await partners(a.id, b.id)).toEqual([null, null]);

    const c = await insertPet(t.env.DB, { name: "Jojo", species: "Dog" });
    await bond(b.id, c.id);
    expect(
      (await post({ intent: "delete", petId: String(c.id), version: await version(c.id), confirm: "delete" })).status,
    ).toBe(302);
    expect(await partners(b.id, c.id)).toEqual([null, null]);

    const d = await insertPet(t.env.DB, { name: "Kit", species: "Dog" });
    await bond(b.id, d.id);
    await t.env.DB.prepare("delete from pets where id = ?").bind(d.id).run();
    expect(await partnerOf(b.id)).toBeNull();
  });

  it("gives the matchmaker the partner's name", async () => {
    const [a, b] = [
      await insertPet(t.env.DB, { name: "Lulu", species: "Dog" }),
      await insertPet(t.env.DB, { name: "Max", species: "Dog", about: "Max naps." }),
    ];
    await bond(a.id, b.id);
    const candidates = await listMatchCandidates(createDb(t.env.DB));
    expect(candidates.find((pet) => pet.id === a.id)).toMatchObject({ bondedWith: "Max" });
    expect(candidates.find((pet) => pet.id === b.id)).toMatchObject({ bondedWith: "Lulu", about: "Max naps." });
  });
});
