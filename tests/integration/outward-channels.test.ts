import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as rosterAction } from "#app/routes/petadmin/fosters";
import { loader as sitemapLoader } from "#app/routes/site/sitemap.xml";
import { loader as feedLoader } from "#app/routes/adopt/feed.xml";
import { loader as speciesFeedLoader } from "#app/routes/adopt/species-feed.xml";
import { listPetsForPartners } from "#app/models/pets.server";
import { createTestEnv, getRequest, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertFoster } from "../builders/fosters";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

/**
 * "Not listed while placed" (decision 053) hides a pet from every outward channel: the partners'
 * nightly files (decision 043), the sitemap and the feeds, whether or not the pet is also on hold.
 * Staff place the pets through the roster's own action; the channels are read as the nightly step
 * and the routes read them.
 */
let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

describe('a pet placed with a foster "not listed"', () => {
  it("is in no partner file, sitemap or feed, held or not; placed and listed, it stays in them", async () => {
    const staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const fosterAccount = await createAccount(t.env.DB, { firstName: "Uma", lastName: "Unlisted" });
    const fosterId = await insertFoster(t.env.DB, fosterAccount.id);
    const secondFoster = await insertFoster(
      t.env.DB,
      (await createAccount(t.env.DB, { firstName: "Lee", lastName: "Listed" })).id,
    );
    const hold = {
      onHoldEmail: "keeper@example.com",
      onHoldDate: new Date("2026-11-27T18:00:00Z"),
      onHoldUntil: new Date("2099-01-01T00:00:00Z"),
    };
    const heldAway = await insertPet(t.env.DB, { name: "Heldaway", species: "Cat", ...hold });
    const away = await insertPet(t.env.DB, { name: "Awayhome", species: "Cat" });
    const heldShown = await insertPet(t.env.DB, { name: "Heldshown", species: "Dog", ...hold });
    const place = async (petId: number, foster: number, listing: "listed" | "unlisted") => {
      const form = new URLSearchParams([
        ["intent", "place"],
        ["petId", String(petId)],
        ["fosterId", String(foster)],
        ["listing", listing],
      ]);
      const request = new Request("http://localhost/petadmin/fosters", {
        method: "POST",
        body: form,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      await respond(t, rosterAction, withCookies(request, staff));
    };
    await place(heldAway.id, fosterId, "unlisted");
    await place(away.id, fosterId, "unlisted");
    await place(heldShown.id, secondFoster, "listed");
    const placed = await t.env.DB.prepare(
      "select pet_id, listed from foster_placements where ended_at is null order by pet_id",
    ).all();
    expect(placed.results).toEqual([
      { pet_id: heldAway.id, listed: 0 },
      { pet_id: away.id, listed: 0 },
      { pet_id: heldShown.id, listed: 1 },
    ]);

    const partners = await listPetsForPartners(t.context.db);
    expect(partners.map((pet) => pet.name)).not.toContain("Heldaway");
    expect(partners.map((pet) => pet.name)).not.toContain("Awayhome");
    expect(partners.find((pet) => pet.name === "Heldshown")).toMatchObject({ onHold: true });

    const body = async (loader: Parameters<typeof respond>[1], path: string, params: Record<string, string> = {}) =>
      (await respond(t, loader, getRequest(path), params)).response!.text();
    const outward = [
      await body(sitemapLoader, "/sitemap.xml"),
      await body(feedLoader, "/adopt/feed.xml"),
      await body(speciesFeedLoader, "/adopt/cat/feed.xml", { species: "cat" }),
      await body(speciesFeedLoader, "/adopt/dog/feed.xml", { species: "dog" }),
    ];
    for (const text of outward) {
      for (const hidden of [heldAway, away, heldShown]) expect(text).not.toContain(`pet_id=${hidden.id}<`);
    }
  });
});
