import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#app/db/client.server";
import {
  listListedPets,
  listListedPetsForFeeds,
  listMatchCandidates,
  listPetsForPartners,
} from "#app/models/pets.server";
import { loader as applyLoader } from "#app/routes/adopt/apply";
import { loader as petPageLoader } from "#app/routes/adopt/pet";
import { action as createAction } from "#app/routes/petadmin/create";
import { action as editAction, loader as editLoader } from "#app/routes/petadmin/edit/route";
import { type CookieJar, createTestEnv, getRequest, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

/** Drafts, preview and Publish (decision 052). */
let t: TestEnv;
let staff: CookieJar;
let adopter: CookieJar;
let jpeg: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
  adopter = await signedIn(t, await createAccount(t.env.DB));
  jpeg = new Uint8Array(
    await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c84" } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(() => t.dispose());

function multipart(path: string, fields: Record<string, string | string[]>, files: File[] = []) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  for (const photo of files) body.append("newPhotos", photo);
  return new Request(new URL(path, "http://localhost"), { method: "POST", body });
}
const post = (
  handler: typeof editAction | typeof createAction,
  path: string,
  fields: Record<string, string | string[]>,
  files: File[] = [],
) => respond(t, handler, withCookies(multipart(path, fields, files), staff));
const petRow = (animalId: string) =>
  t.env.DB.prepare("select * from pets where animal_id = ?").bind(animalId).first<Record<string, unknown>>();
const editPage = async (id: number) =>
  (await respond(t, editLoader, withCookies(getRequest(`/petadmin/edit?pet_id=${id}`), staff))).data as {
    pet: { version: number };
    status: string;
    missing: string[];
  };

async function publicIds() {
  const db = createDb(t.env.DB);
  const [listed, match, partners, feeds] = await Promise.all([
    listListedPets(db, { limit: 100 }),
    listMatchCandidates(db),
    listPetsForPartners(db),
    listListedPetsForFeeds(db),
  ]);
  return [listed, match, partners, feeds].map((pets) => pets.map((pet) => pet.id));
}

describe("a new pet is a draft until published", () => {
  it("saves a pet with only a name and a pet id as a draft with nothing made up, seen by staff only", async () => {
    const saved = await post(createAction, "/petadmin/create", {
      intent: "save",
      name: "Pixel",
      animalId: "DRAFT-1",
      species: "Cat",
      ageMonths: "",
      weightLbs: "",
      sex: "",
      activeLevel: "",
      adoptionFee: "",
    });
    expect(saved.status).toBe(302);
    const row = (await petRow("DRAFT-1"))!;
    expect(row).toMatchObject({
      name: "Pixel",
      published_at: null,
      listed_at: null,
      age: 0,
      weight: 0,
      sex: "",
      active_level: "",
      adoption_fee: 0,
    });
    const id = row.id as number;

    for (const ids of await publicIds()) expect(ids).not.toContain(id);
    // The public page is a 404 to visitors and adopters, a preview to staff; no one applies for a draft.
    expect((await respond(t, petPageLoader, getRequest(`/adopt/pet?pet_id=${id}`))).status).toBe(404);
    expect((await respond(t, petPageLoader, withCookies(getRequest(`/adopt/pet?pet_id=${id}`), adopter))).status).toBe(
      404,
    );
    const preview = await respond(t, petPageLoader, withCookies(getRequest(`/adopt/pet?pet_id=${id}`), staff));
    expect([preview.status, (preview.data as { status: string }).status]).toEqual([200, "draft"]);
    expect((await respond(t, applyLoader, withCookies(getRequest(`/adopt/apply?pet_id=${id}`), adopter))).status).toBe(
      404,
    );
  });

  it("refuses Publish with a message for each field adopters need, then publishes once they are there", async () => {
    const draft = await insertPet(t.env.DB, {
      name: "Nova",
      animalId: "DRAFT-2",
      publishedAt: null,
      listedAt: null,
      ageMonths: 0,
      weightLbs: 0,
      sex: "",
      activeLevel: "",
      breed: [],
      about: "",
    });
    let page = await editPage(draft.id);
    expect([page.status, page.missing]).toEqual([
      "draft",
      ["ageMonths", "weightLbs", "sex", "breed", "activeLevel", "newPhotos", "about"],
    ]);

    const refused = await post(editAction, "/petadmin/edit", {
      intent: "publish",
      petId: String(draft.id),
      version: String(page.pet.version),
    });
    expect(refused.status).toBe(400);
    const { reply, message } = refused.data as { message: string; reply: { error: Record<string, string[]> } };
    expect(message).toBe("Nova is not published yet: adopters need what is marked in the form below.");
    expect(reply.error).toMatchObject({
      ageMonths: ["Adopters need the pet's age (at least 1 month)"],
      newPhotos: ["Adopters need at least one photo"],
      about: ["Adopters need a few words about the pet"],
    });
    expect((await petRow("DRAFT-2"))!.published_at).toBeNull();

    const fixed = await post(
      editAction,
      "/petadmin/edit",
      {
        intent: "save",
        petId: String(draft.id),
        version: String(page.pet.version),
        name: "Nova",
        animalId: "DRAFT-2",
        species: "Cat",
        breedsFor: "Cat",
        ageMonths: "7",
        weightLbs: "6.5",
        sex: "Female",
        breed: ["Siamese"],
        activeLevel: "Very active",
        adoptionFee: "50",
        about: "Nova chases string.",
      },
      [new File([jpeg], "nova.jpg", { type: "image/jpeg" })],
    );
    expect(fixed.status).toBe(302);
    page = await editPage(draft.id);
    expect(page.missing).toEqual([]);
    const published = await post(editAction, "/petadmin/edit", {
      intent: "publish",
      petId: String(draft.id),
      version: String(page.pet.version),
    });
    expect([published.status, published.headers.get("Location")]).toEqual([
      302,
      `/petadmin/edit?pet_id=${draft.id}&done=published`,
    ]);
    expect((await petRow("DRAFT-2"))!.listed_at).not.toBeNull();
    for (const ids of await publicIds()) expect(ids).toContain(draft.id);
    expect((await respond(t, petPageLoader, getRequest(`/adopt/pet?pet_id=${draft.id}`))).status).toBe(200);

    // Published, it stays complete: a save that empties "about" is refused with the same message.
    page = await editPage(draft.id);
    const emptied = await post(editAction, "/petadmin/edit", {
      intent: "save",
      petId: String(draft.id),
      version: String(page.pet.version),
      name: "Nova",
      animalId: "DRAFT-2",
      species: "Cat",
      breedsFor: "Cat",
      ageMonths: "7",
      weightLbs: "6.5",
      sex: "Female",
      breed: ["Siamese"],
      activeLevel: "Very active",
      adoptionFee: "50",
      about: " ",
    });
    expect(emptied.status).toBe(400);
    expect((emptied.data as { reply: { error: Record<string, string[]> } }).reply.error.about).toEqual([
      "Adopters need a few words about the pet",
    ]);

    // Unpublish takes it back to draft, out of every public list.
    const unpublished = await post(editAction, "/petadmin/edit", {
      intent: "unpublish",
      petId: String(draft.id),
      version: String(page.pet.version),
    });
    expect(unpublished.status).toBe(302);
    for (const ids of await publicIds()) expect(ids).not.toContain(draft.id);
  });

  it("refuses holding a draft, and keeps adopters and non-staff from publishing", async () => {
    const draft = await insertPet(t.env.DB, { name: "Quark", animalId: "DRAFT-3", publishedAt: null });
    const held = await post(editAction, "/petadmin/edit", {
      intent: "hold",
      petId: String(draft.id),
      version: String(draft.version),
      email: "someone@example.com",
    });
    expect(held.status).toBe(400);
    expect((await petRow("DRAFT-3"))!.on_hold_email).toBeNull();
    const byAdopter = await respond(
      t,
      editAction,
      withCookies(
        multipart("/petadmin/edit", { intent: "publish", petId: String(draft.id), version: String(draft.version) }),
        adopter,
      ),
    );
    expect(byAdopter.status).toBe(403);
    expect((await petRow("DRAFT-3"))!.published_at).toBeNull();
  });
});
