import { imageSize } from "image-size";
import { derivativeKey, derivatives } from "#app/lib/photos/photos";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeLevels, catBreeds, characteristicOptions, dogBreeds } from "#app/lib/pets/breeds";
import { sizeOf } from "#app/lib/pets/pet-sizes";
import { growPetsTo, loadDemoData } from "../../scripts/demo/load";
import { demoPets } from "../../scripts/demo/pets";
import { displayLabel } from "#app/lib/pets/breeds";
import { ensureDemoAccounts } from "../../scripts/demo/accounts";
import { createTestEnv, type TestEnv } from "./harness";

// Growing to 500 pets and loading a second demo database (photos made by sharp) are CPU work that took
// over 30 s on a busy 2-core machine: a time limit of their own, not a retry.
const heavyLoad = 120_000;

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
  // In the seed's order (scripts/seed.ts): the demo accounts first, so the demo adopter's visits are booked.
  await ensureDemoAccounts(t.env.DB);
});
afterAll(() => t.dispose());

interface PetRow {
  animal_id: string;
  name: string;
  species: string;
  breed: string;
  characteristics: string;
  images: string;
  active_level: string;
  weight: number;
  on_hold_email: string | null;
  on_hold_until: number | null;
  adopted_email: string | null;
}

describe("demo data loader", () => {
  it("reads as real pets: each name's sex fits it and breeds read whole", () => {
    const pets = demoPets();
    const sexOf = (name: string) => pets.find((pet) => pet.name === name)?.sex;
    expect([sexOf("Buddy"), sexOf("Daisy"), sexOf("Luna"), sexOf("Oliver")]).toEqual([
      "Male",
      "Female",
      "Female",
      "Male",
    ]);
    expect(new Set(pets.map((pet) => pet.sex))).toEqual(new Set(["Male", "Female"]));
    const shepherd = pets.find((pet) => pet.breed.includes("German"));
    expect(shepherd && displayLabel("German")).toBe("German Shepherd");
  });

  it("loads the pets and their photos once, and keeps what is there on a second run", async () => {
    const first = await loadDemoData(t.env);
    expect(first.loaded).toBe(true);
    expect(first.pets).toBeGreaterThanOrEqual(60);

    const second = await loadDemoData(t.env);
    expect(second).toEqual({ loaded: false, pets: first.pets, photos: 0 });

    const { results } = await t.env.DB.prepare("select count(*) as total from pets").all<{ total: number }>();
    expect(results[0]?.total).toBe(first.pets);
    // The bonded pairs name each other, and each pet of a pair is tagged Bonded (decision 055).
    const { results: pairs } = await t.env.DB.prepare(
      "select a.name as pet, b.name as partner, a.characteristics as tags from pets a join pets b on b.id = a.bonded_with where b.bonded_with = a.id order by a.name",
    ).all<{ pet: string; partner: string; tags: string }>();
    expect(pairs.map(({ pet, partner }) => `${pet}+${partner}`)).toEqual([
      "Cleo+Luna",
      "Dottie+Moose",
      "Luna+Cleo",
      "Moose+Dottie",
    ]);
    for (const pair of pairs) expect(JSON.parse(pair.tags)).toContain("Bonded");
    const { results: oneSided } = await t.env.DB.prepare(
      "select count(*) as n from pets a left join pets b on b.id = a.bonded_with where a.bonded_with is not null and (b.bonded_with is null or b.bonded_with != a.id)",
    ).all<{ n: number }>();
    expect(oneSided[0]?.n).toBe(0);
    // Each photo with its resized copies (more than one listing page holds).
    let stored = 0;
    let cursor: string | undefined;
    do {
      const listing = await t.env.PHOTOS.list({ limit: 1000, cursor });
      stored += listing.objects.length;
      cursor = listing.truncated ? listing.cursor : undefined;
    } while (cursor);
    expect(stored).toBe(first.photos * (1 + derivatives.length));
    // On a fresh clone the photos and their copies are drawn once (then cached in .cache/demo-photos).
  }, 180_000);

  it("covers every option the lists and filters offer", async () => {
    const { results: pets } = await t.env.DB.prepare("select * from pets").all<PetRow>();
    const breeds = new Set(pets.flatMap((pet) => JSON.parse(pet.breed) as string[]));
    for (const breed of [...catBreeds, ...dogBreeds]) expect(breeds, breed).toContain(breed);
    const characteristics = new Set(pets.flatMap((pet) => JSON.parse(pet.characteristics) as string[]));
    for (const characteristic of characteristicOptions)
      expect(characteristics, characteristic).toContain(characteristic);
    expect(new Set(pets.map((pet) => pet.active_level))).toEqual(new Set(activeLevels));
    expect(new Set(pets.map((pet) => sizeOf(pet.weight)))).toEqual(new Set(["Small", "Medium", "Large"]));
    expect(new Set(pets.map((pet) => pet.species))).toEqual(new Set(["Cat", "Dog"]));

    expect(pets.filter((pet) => JSON.parse(pet.images).length === 0).length).toBeGreaterThanOrEqual(2);
    expect(pets.filter((pet) => JSON.parse(pet.characteristics).length === 0).length).toBeGreaterThanOrEqual(2);
    expect(pets.filter((pet) => pet.on_hold_email)).toHaveLength(3);
    // One hold is already past its end, so the first scheduled run shows a hold ending (README).
    const holdEnd = (name: string) => pets.find((pet) => pet.name === name)?.on_hold_until ?? Number.NaN;
    expect(holdEnd("Ruby")).toBeLessThan(Date.now());
    expect(holdEnd("Jasper")).toBeGreaterThan(Date.now());
    expect(pets.filter((pet) => pet.adopted_email)).toHaveLength(3);
    for (const pet of pets) expect(pet.animal_id).toMatch(/^SEQ-A-\d{4}$/);
  });

  it("fills the staff inbox: applications in every state, each with its history, and messages", async () => {
    const { results: applications } = await t.env.DB.prepare(
      `select a.status, a.decline_reason, p.on_hold_email, p.adopted_email, u.email,
        (select status from application_events e where e.application_id = a.id order by e.created_at desc limit 1) as last_event
       from adoption_applications a join pets p on p.id = a.pet_id join users u on u.id = a.user_id`,
    ).all<{
      status: string;
      decline_reason: string | null;
      on_hold_email: string | null;
      adopted_email: string | null;
      email: string;
      last_event: string;
    }>();
    expect(new Set(applications.map((application) => application.status))).toEqual(
      new Set(["submitted", "in_review", "approved", "declined", "withdrawn", "adopted"]),
    );
    for (const application of applications) expect(application.last_event).toBe(application.status);
    expect(applications.find((application) => application.status === "approved")).toMatchObject({
      on_hold_email: expect.any(String),
    });
    const approved = applications.find((application) => application.status === "approved")!;
    expect(approved.on_hold_email).toBe(approved.email);
    const adopted = applications.find((application) => application.status === "adopted")!;
    expect(adopted.adopted_email).toBe(adopted.email);
    expect(applications.find((application) => application.status === "declined")?.decline_reason).toBeTruthy();
    const { results: messages } = await t.env.DB.prepare("select handled_at from contact_messages").all<{
      handled_at: number | null;
    }>();
    expect(messages.filter((message) => message.handled_at === null).length).toBeGreaterThanOrEqual(2);
    expect(messages.some((message) => message.handled_at !== null)).toBe(true);
    const { results: volunteers } = await t.env.DB.prepare(
      "select status, confirmed_at from volunteer_applications order by id",
    ).all<{ status: string; confirmed_at: number | null }>();
    expect(volunteers.map((volunteer) => volunteer.status)).toEqual(["new", "contacted"]);
    for (const volunteer of volunteers) expect(volunteer.confirmed_at).toEqual(expect.any(Number));
    // Two open lost and found reports (the board and /lost-found/1 have content; the bench weighs them).
    const { results: reports } = await t.env.DB.prepare(
      "select id, kind, species from lost_found_reports where confirmed_at is not null and open_until > ? order by id",
    )
      .bind(Date.now())
      .all();
    expect(reports).toEqual([
      { id: 1, kind: "lost", species: "cat" },
      { id: 2, kind: "found", species: "cat" },
    ]);
    const { results: fosters } = await t.env.DB.prepare(
      "select f.status, p.name as pet from foster_applications f left join pets p on p.id = f.pet_id order by f.id",
    ).all<{ status: string; pet: string | null }>();
    expect(fosters).toEqual([
      { status: "active", pet: null },
      { status: "approved", pet: null },
      { status: "applied", pet: "Cleo" },
    ]);
    // The active foster has Juniper, still listed, with an approved note on Juniper's page.
    const placements = await t.env.DB.prepare(
      "select p.name, fp.listed, fp.ended_at, (select count(*) from foster_notes n where n.placement_id = fp.id and n.status = 'approved') as notes from foster_placements fp join pets p on p.id = fp.pet_id",
    ).all();
    expect(placements.results).toEqual([{ name: "Juniper", listed: 1, ended_at: null, notes: 1 }]);
  });

  it("stores 1 to 5 JPEG photos per pet under spec-shaped keys", async () => {
    const { results: pets } = await t.env.DB.prepare("select images from pets").all<{ images: string }>();
    for (const pet of pets) {
      const keys = JSON.parse(pet.images) as string[];
      expect(keys.length).toBeLessThanOrEqual(5);
      for (const key of keys) expect(key).toMatch(/^[a-z]+-[a-z0-9]{32}\.jpg$/);
    }
    const firstKey = (JSON.parse(pets.find((pet) => pet.images !== "[]")?.images ?? "[]") as string[])[0] ?? "";
    const photo = await t.env.PHOTOS.get(firstKey);
    const bytes = new Uint8Array(await photo!.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    expect(photo?.httpMetadata?.contentType).toBe("image/jpeg");

    // The 720 px WebP a phone's card loads when it takes no AVIF.
    const copy = await t.env.PHOTOS.get(derivativeKey(firstKey, { width: 720, format: "webp" }));
    const copyBytes = new Uint8Array(await copy!.arrayBuffer());
    expect(imageSize(copyBytes)).toMatchObject({ type: "webp", width: 720, height: 540 });
    expect(copy?.httpMetadata?.contentType).toBe("image/webp");
  });

  it(
    "grows the pets to the benchmark's count with listed copies that reuse the demo photos, once",
    async () => {
      const before = await t.env.DB.prepare("select count(*) as total from pets").first<number>("total");
      expect(await growPetsTo(t.env, 500)).toBe(500 - (before ?? 0));
      expect(await growPetsTo(t.env, 500)).toBe(0);

      const { results: added } = await t.env.DB.prepare(
        "select animal_id, images, on_hold_email, adopted_email from pets where animal_id like 'SEQ-B-%'",
      ).all<Pick<PetRow, "animal_id" | "images" | "on_hold_email" | "adopted_email">>();
      expect(added).toHaveLength(500 - (before ?? 0));
      expect(new Set(added.map((pet) => pet.animal_id)).size).toBe(added.length);
      expect(added.every((pet) => pet.on_hold_email === null && pet.adopted_email === null)).toBe(true);
      const keys = new Set(added.flatMap((pet) => JSON.parse(pet.images) as string[]));
      for (const key of keys) expect(await t.env.PHOTOS.head(key), key).not.toBeNull();
    },
    heavyLoad,
  );

  it("books demo visits (today and the next business day) for the demo adopter's approved applications, once the demo accounts exist", async () => {
    const { results } = await t.env.DB.prepare(
      `select v.status, v.slot_start, p.name, p.on_hold_email, a.status as application_status from visits v
       join adoption_applications a on a.id = v.application_id join pets p on p.id = a.pet_id order by v.slot_start`,
    ).all<{
      status: string;
      slot_start: number;
      name: string;
      on_hold_email: string;
      application_status: string;
    }>();
    expect(results.map((row) => [row.name, row.status, row.application_status, row.on_hold_email])).toEqual([
      ["Tucker", "booked", "approved", "adopter@example.com"],
      ["Jasper", "booked", "approved", "adopter@example.com"],
    ]);
    expect(results[0]!.slot_start).toBeGreaterThan(Date.now() - 24 * 3600_000);
  });
});
