import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#app/db/client.server";
import { listPetsPage } from "#app/models/pets.server";
import { emptyFilters } from "#app/lib/pets/adopt-filters";
import { loader } from "#app/routes/adopt/species";
import { createTestEnv, getRequest, unwrapData, type TestEnv } from "./harness";
import { insertPet } from "../builders/pets";
import { createAccount } from "../builders/accounts";
import { insertFoster } from "../builders/fosters";

// An adopt list page is kept per isolate at the listed pets' version (decision 045, amended
// 2026-11-28, evening): asked again unchanged it is the kept one; after any write of a pet or a foster
// placement, whichever path makes it (here plain SQL on the binding, as no model does), the next
// request reads it afresh.

let t: TestEnv;

beforeAll(async () => {
  t = await createTestEnv();
  for (const name of ["Ada", "Bo", "Cy"]) await insertPet(t.env.DB, { species: "Dog", name, breed: ["Beagle"] });
});
afterAll(() => t.dispose());

const options = { species: "Dog" as const, filters: emptyFilters, page: 1, pageSize: 12 };
const read = () => listPetsPage(createDb(t.env.DB), options);
const names = (page: { pets: { name: string }[] }) => page.pets.map((pet) => pet.name).sort();

async function listPage(path: string) {
  const result = await loader({
    request: getRequest(path),
    params: { species: "dog" },
    context: t.contextFor(getRequest(path)),
  });
  return unwrapData(result).data as { pets: { name: string }[]; total: number; breeds: string[] };
}

describe("adopt list pages kept per isolate", () => {
  it("answers the same page again from what it kept while nothing changed", async () => {
    const first = await read();
    const again = await read();
    expect(again).toBe(first);
    expect(names(first)).toEqual(["Ada", "Bo", "Cy"]);
    // Other filters, pages or favourites are pages of their own.
    const favourites = await listPetsPage(createDb(t.env.DB), { ...options, favoriteIds: [first.pets[0]!.id] });
    expect(favourites).not.toBe(first);
  });

  it("shows a new pet, a changed one and a removed one on the next request", async () => {
    const before = await listPage("/adopt/dog");
    expect(before.total).toBe(3);

    const dee = await insertPet(t.env.DB, { species: "Dog", name: "Dee", breed: ["Whippet"] });
    const added = await listPage("/adopt/dog");
    expect(names(added)).toEqual(["Ada", "Bo", "Cy", "Dee"]);
    expect(added.total).toBe(4);
    expect(added.breeds).toEqual(["Beagle", "Whippet"]);

    await t.env.DB.prepare("update pets set name = 'Dee Dee' where id = ?").bind(dee.id).run();
    expect(names(await listPage("/adopt/dog"))).toEqual(["Ada", "Bo", "Cy", "Dee Dee"]);

    await t.env.DB.prepare("update pets set on_hold_email = 'h@example.com', on_hold_date = 1 where id = ?")
      .bind(dee.id)
      .run();
    const held = await listPage("/adopt/dog");
    expect(names(held)).toEqual(["Ada", "Bo", "Cy"]);
    expect(held.breeds).toEqual(["Beagle"]);

    await t.env.DB.prepare("delete from pets where id = ?").bind(dee.id).run();
    expect((await listPage("/adopt/dog")).total).toBe(3);
  });

  it("takes a pet placed with a foster, not listed, off the next page, and puts it back when placed listed", async () => {
    const eve = await insertPet(t.env.DB, { species: "Dog", name: "Eve", breed: ["Beagle"] });
    expect(names(await listPage("/adopt/dog"))).toContain("Eve");
    const { id: userId } = await createAccount(t.env.DB);
    const fosterId = await insertFoster(t.env.DB, userId);
    const now = Date.now();
    const placement = await t.env.DB.prepare(
      "insert into foster_placements (pet_id, foster_id, listed, started_at, created_at) values (?, ?, 0, ?, ?) returning id",
    )
      .bind(eve.id, fosterId, now, now)
      .first<{ id: number }>();
    expect(names(await listPage("/adopt/dog"))).not.toContain("Eve");

    await t.env.DB.prepare("update foster_placements set listed = 1 where id = ?").bind(placement!.id).run();
    expect(names(await listPage("/adopt/dog"))).toContain("Eve");
  });
});
