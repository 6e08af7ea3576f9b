import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader, meta } from "#app/routes/adopt/pet";
import { createTestEnv, getRequest, respond, thrownResponse, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

let t: TestEnv;
let luna: Awaited<ReturnType<typeof insertPet>>;
let held: Awaited<ReturnType<typeof insertPet>>;
let adopted: Awaited<ReturnType<typeof insertPet>>;

beforeAll(async () => {
  t = await createTestEnv();
  luna = await insertPet(t.env.DB, {
    name: "Luna",
    animalId: "SEQ-A-6165",
    breed: ["Domestic_Shorthair"],
    images: ["luna-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg", "luna-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg"],
    about: "Luna loves a sunny windowsill.",
    adoptionFee: 75,
    weightLbs: 9.5,
    ageMonths: 26,
  });
  held = await insertPet(t.env.DB, { name: "Held", onHoldEmail: "holder@example.com", onHoldDate: new Date() });
  adopted = await insertPet(t.env.DB, {
    name: "Gone Home",
    adoptedEmail: "adopter@example.com",
    adoptedDate: new Date(),
  });
});
afterAll(() => t.dispose());

const load = (query: string, headers?: HeadersInit) =>
  loader({ request: getRequest(`/adopt/pet${query}`, headers), params: {}, context: t.context });

describe("pet page loader", () => {
  it("shows a listed pet's facts and photos", async () => {
    const result = await load(`?pet_id=${luna.id}`);
    expect(result.status).toBe("listed");
    expect(result.pet).toMatchObject({
      animalId: "SEQ-A-6165",
      name: "Luna",
      breed: ["Domestic_Shorthair"],
      adoptionFee: 75,
      weightLbs: 9.5,
      ageMonths: 26,
      photos: [
        "/photos/luna-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg",
        "/photos/luna-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg",
      ],
    });
    expect(result.shareImage).toBe("http://localhost/photos/share/luna-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg");
  });

  it("keeps pets on hold or adopted reachable, says so, and never shows the holder's email", async () => {
    const onHold = await load(`?pet_id=${held.id}`);
    expect(onHold.status).toBe("on-hold");
    const gone = await load(`?pet_id=${adopted.id}`);
    expect(gone.status).toBe("adopted");
    expect(JSON.stringify([onHold, gone])).not.toMatch(/holder@example\.com|adopter@example\.com/);
  });

  it.each([
    "",
    "?pet_id=",
    "?pet_id=abc",
    "?pet_id=-1",
    "?pet_id=0",
    "?pet_id=1.5",
    "?pet_id=99999999999999999999",
    "?pet_id=999999",
  ])("answers 404 for %j", async (query) => {
    const response = await thrownResponse(() => load(query));
    expect(response.status).toBe(404);
  });

  it("leads back to the list the visitor came from", async () => {
    const fromList = await load(`?pet_id=${luna.id}`, { Referer: "http://localhost/adopt/cat?size=Small" });
    expect(fromList.back).toBe("/adopt/cat?size=Small");
    expect((await load(`?pet_id=${luna.id}`)).back).toBe("/adopt");
  });

  it("gives shared links a title, description and photo", async () => {
    const data = await load(`?pet_id=${luna.id}`);
    const tags = meta({ data, params: {}, location: {} as never, matches: [] as never, error: undefined });
    const find = (key: string) =>
      tags.find((tag) => "property" in tag && tag.property === key) as { content: string } | undefined;
    expect(find("og:title")?.content).toBe("Meet Luna");
    expect(find("og:description")?.content).toBe("Luna loves a sunny windowsill.");
    expect(find("og:image")?.content).toBe("http://localhost/photos/share/luna-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg");
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ title: "Luna, Domestic Shorthair | Sequoia Humane Society" });
  });
});

describe("the pet page for the pet's holder (issue 29)", () => {
  it("tells the confirmed holder until when the pet is held for them, and nobody else", async () => {
    const until = new Date("2026-11-25T01:00:00Z");
    const pet = await insertPet(t.env.DB, {
      name: "Kept",
      onHoldEmail: "Keeper@example.com",
      onHoldDate: new Date(),
      onHoldUntil: until,
    });
    const asViewer = async (jar?: Awaited<ReturnType<typeof signedIn>>) => {
      const request = getRequest(`/adopt/pet?pet_id=${pet.id}`);
      const page = await respond(t, loader, jar ? withCookies(request, jar) : request);
      return (page.data as { heldForYouUntil: string | null }).heldForYouUntil;
    };
    expect(await asViewer(await signedIn(t, await createAccount(t.env.DB, { email: "keeper@example.com" })))).toBe(
      "Tue Nov 24, 5 pm",
    );
    expect(
      await asViewer(await signedIn(t, await createAccount(t.env.DB, { email: "someone.else@example.com" }))),
    ).toBeNull();
    expect(await asViewer()).toBeNull();
  });
});
