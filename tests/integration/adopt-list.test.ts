import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#app/db/client.server";
import { listPetsPage } from "#app/models/pets.server";
import { emptyFilters } from "#app/lib/pets/adopt-filters";
import { loader, pageSize } from "#app/routes/adopt/species";
import { createTestEnv, getRequest, unwrapData, type TestEnv } from "./harness";
import { insertPet } from "../builders/pets";

let t: TestEnv;

beforeAll(async () => {
  t = await createTestEnv();
  const dogs: [string, string[], number, string][] = [
    ["Tiny", ["Chihuahua"], 5, "Very active"],
    ["Edge Small", ["Pug"], 24.9, "quietly active"],
    ["Edge Medium Low", ["Pug", "Mix"], 25, "Moderately active"],
    ["Edge Medium High", ["Labrador"], 60, "Very active"],
    ["Edge Large", ["Labrador", "Mix"], 60.1, "QUIETLY ACTIVE"],
    ["bruno", ["Rottweiler"], 100, "Moderately active"],
    ["Apollo", ["Husky"], 50, "Very active"],
  ];
  for (const [name, breed, weightLbs, activeLevel] of dogs) {
    await insertPet(t.env.DB, { species: "Dog", name, breed, weightLbs, activeLevel });
  }
  await insertPet(t.env.DB, {
    species: "Dog",
    name: "Held",
    breed: ["Akita"],
    onHoldEmail: "h@example.com",
    onHoldDate: new Date(),
  });
  await insertPet(t.env.DB, {
    species: "Dog",
    name: "Adopted",
    breed: ["Boxer"],
    adoptedEmail: "a@example.com",
    adoptedDate: new Date(),
  });
  await insertPet(t.env.DB, { species: "Cat", name: "Whiskers", breed: ["Siamese"], weightLbs: 9 });
  await insertPet(t.env.DB, { species: "Rabbit", name: "Clover", breed: ["Lop"], weightLbs: 4 });
});
afterAll(() => t.dispose());

async function list(path: string, cookie?: string) {
  const species = path.split("?")[0]!.split("/")[2];
  const result = await loader({
    request: getRequest(path, cookie ? { Cookie: cookie } : undefined),
    params: { species },
    context: t.context,
  });
  const { data } = unwrapData(result);
  const init = (result as unknown as { init?: ResponseInit }).init;
  return {
    ...(data as Awaited<ReturnType<typeof loader>>["data"]),
    setCookie: new Headers(init?.headers).get("Set-Cookie"),
  };
}
const names = (result: { pets: { name: string }[] }) => result.pets.map((pet) => pet.name);

describe("adopt list loader", () => {
  it("lists one species, newest arrivals first, never pets on hold or adopted", async () => {
    const dogs = await list("/adopt/dog");
    expect(names(dogs)).toEqual([
      "Apollo",
      "bruno",
      "Edge Large",
      "Edge Medium High",
      "Edge Medium Low",
      "Edge Small",
      "Tiny",
    ]);
    expect(dogs.total).toBe(7);
    expect(names(await list("/adopt/cat"))).toEqual(["Whiskers"]);
  });

  it("lists every other species for any other slug", async () => {
    expect(names(await list("/adopt/rabbits"))).toEqual(["Clover"]);
    expect(names(await list("/adopt/pet-food"))).toEqual(["Clover"]);
  });

  it("offers the breeds of the species' listed pets only", async () => {
    const dogs = await list("/adopt/dog");
    expect(dogs.breeds).toEqual(["Chihuahua", "Husky", "Labrador", "Mix", "Pug", "Rottweiler"]);
  });

  it("filters by breed, matching any of a pet's breeds", async () => {
    expect(names(await list("/adopt/dog?breed=Mix")).sort()).toEqual(["Edge Large", "Edge Medium Low"]);
    expect(names(await list("/adopt/dog?breed=Husky&breed=Chihuahua")).sort()).toEqual(["Apollo", "Tiny"]);
  });

  it("filters by active level, ignoring case on both sides", async () => {
    expect(names(await list("/adopt/dog?level=quietly%20active")).sort()).toEqual(["Edge Large", "Edge Small"]);
  });

  it("draws the size bands at 25 and 60 lbs", async () => {
    expect(names(await list("/adopt/dog?size=Small")).sort()).toEqual(["Edge Small", "Tiny"]);
    expect(names(await list("/adopt/dog?size=Medium")).sort()).toEqual([
      "Apollo",
      "Edge Medium High",
      "Edge Medium Low",
    ]);
    expect(names(await list("/adopt/dog?size=Large")).sort()).toEqual(["Edge Large", "bruno"]);
    expect(names(await list("/adopt/dog?size=Small&size=Large")).sort()).toEqual([
      "Edge Large",
      "Edge Small",
      "Tiny",
      "bruno",
    ]);
  });

  it("combines filters: all of them must hold", async () => {
    expect(names(await list("/adopt/dog?breed=Labrador&breed=Pug&size=Medium&level=Very%20active"))).toEqual([
      "Edge Medium High",
    ]);
    const none = await list("/adopt/dog?breed=Chihuahua&size=Large");
    expect(none.pets).toEqual([]);
    expect(none.total).toBe(0);
  });

  it("sorts alphabetically either way, ignoring case", async () => {
    expect(names(await list("/adopt/dog?sort=az"))).toEqual([
      "Apollo",
      "bruno",
      "Edge Large",
      "Edge Medium High",
      "Edge Medium Low",
      "Edge Small",
      "Tiny",
    ]);
    expect(names(await list("/adopt/dog?sort=za"))).toEqual([
      "Tiny",
      "Edge Small",
      "Edge Medium Low",
      "Edge Medium High",
      "Edge Large",
      "bruno",
      "Apollo",
    ]);
  });

  it("puts favorites first when sorting by relevance", async () => {
    const db = createDb(t.env.DB);
    const all = await listPetsPage(db, { species: "Dog", filters: emptyFilters, page: 1, pageSize: 20 });
    const tiny = all.pets.find((pet) => pet.name === "Tiny")!;
    const favorites = await listPetsPage(db, {
      species: "Dog",
      filters: emptyFilters,
      page: 1,
      pageSize: 20,
      favoriteIds: [tiny.id],
    });
    expect(favorites.pets[0]?.name).toBe("Tiny");
    expect(favorites.pets.slice(1).map((pet) => pet.name)).toEqual(
      all.pets.filter((pet) => pet.id !== tiny.id).map((pet) => pet.name),
    );
  });

  it("ignores unknown filter values instead of failing", async () => {
    const result = await list("/adopt/dog?size=Huge&level=sleepy&sort=price&page=abc");
    expect(result.total).toBe(7);
    expect(result.filters).toEqual(emptyFilters);
  });

  it("remembers a species' choices in a cookie and shows them on the bare list", async () => {
    const filtered = await list("/adopt/dog?size=Small");
    expect(filtered.setCookie).toMatch(/^adopt-filters=/);
    const cookie = filtered.setCookie!.split(";")[0]!;

    const bare = await list("/adopt/dog", cookie);
    expect(bare.filters.sizes).toEqual(["Small"]);
    expect(names(bare).sort()).toEqual(["Edge Small", "Tiny"]);

    const cats = await list("/adopt/cat", cookie);
    expect(cats.filters).toEqual(emptyFilters);
  });

  it("forgets the choices on Clear all and redirects to the bare list", async () => {
    const cookie = (await list("/adopt/dog?size=Large")).setCookie!.split(";")[0]!;
    let thrown: unknown;
    try {
      await list("/adopt/dog?clear", cookie);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/adopt/dog");
    const cleared = response.headers.get("Set-Cookie")!.split(";")[0]!;
    expect((await list("/adopt/dog", cleared)).filters).toEqual(emptyFilters);
  });

  it("shrugs off a tampered cookie", async () => {
    expect((await list("/adopt/dog", "adopt-filters=%%%not-base64")).total).toBe(7);
  });
});

describe("adopt list pages", () => {
  let bulk: TestEnv;
  beforeAll(async () => {
    bulk = await createTestEnv();
    for (let i = 0; i < pageSize * 2 + 3; i++) {
      await insertPet(bulk.env.DB, { species: "Cat", name: `Cat ${String(i).padStart(2, "0")}` });
    }
  });
  afterAll(() => bulk.dispose());

  const page = async (query: string) =>
    unwrapData(
      await loader({ request: getRequest(`/adopt/cat${query}`), params: { species: "cat" }, context: bulk.context }),
    ).data as Awaited<ReturnType<typeof loader>>["data"];

  it("shows a page at a time, with the page count", async () => {
    const first = await page("");
    expect(first.pets).toHaveLength(pageSize);
    expect(first.totalPages).toBe(3);
    const last = await page("?page=3&sort=az");
    expect(last.pets.map((pet) => pet.name)).toEqual(["Cat 24", "Cat 25", "Cat 26"]);
  });

  it("sends a page past the end to the last page", async () => {
    let thrown: unknown;
    try {
      await page("?page=9&sort=za");
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).headers.get("Location")).toBe("/adopt/cat?sort=za&page=3");
  });
});
