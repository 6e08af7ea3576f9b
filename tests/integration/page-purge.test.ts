import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crons } from "#server/scheduled";
import { startBuiltWorker, type BuiltWorker } from "./built-worker";
import { CookieJar } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";

/**
 * Staff changes purge the cached pages they affect (decision 034), on the production bundle with its
 * edge cache: with no Cloudflare zone, the local cache is purged by the tags noted in D1.
 */
let worker: BuiltWorker;
beforeAll(async () => {
  worker = await startBuiltWorker();
}, 240_000);
afterAll(() => worker?.dispose());

const origin = "http://localhost";
const sameOrigin = { "Sec-Fetch-Site": "same-origin", Origin: origin, "X-Forwarded-Host": "localhost" };

/** An anonymous visitor: no cookies, so the page cache serves and keeps the page. */
async function visit(path: string) {
  const response = await worker.fetch(`${origin}${path}`);
  expect(response.status, path).toBe(200);
  return { status: response.headers.get("X-Page-Cache"), html: await response.text() };
}

/** Visits until the page is served from the cache (its first rendering is stored after answering). */
async function cached(path: string) {
  await visit(path);
  const again = await visit(path);
  expect(again.status, `${path} from the cache`).toMatch(/^(HIT|STALE)$/);
  return again;
}

async function staffJar() {
  const account = await createAccount(worker.db, { role: "owner" });
  const signIn = await staffPost(
    new CookieJar(),
    "/sign-in",
    new URLSearchParams({ email: account.email, password: account.password }),
  );
  expect(signIn.status).toBe(302);
  return new CookieJar().keep(signIn.headers);
}

/** A staff post, then the redirect followed as the browser does. */
async function staffPost(jar: CookieJar, path: string, form: URLSearchParams | FormData) {
  // Encoded here, as a browser does: the body crosses into workerd as bytes with its Content-Type.
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  const headers = { ...sameOrigin, Cookie: jar.header(), "Content-Type": encoded.headers.get("Content-Type") ?? "" };
  const response = await worker.fetch(`${origin}${path}`, { method: "POST", body, headers });
  const location = response.headers.get("Location");
  if (response.status === 302 && location && jar.header()) {
    expect((await worker.fetch(new URL(location, origin).href, { headers: { Cookie: jar.header() } })).status).toBe(
      200,
    );
  }
  return response;
}

const newPetForm = (name: string) => {
  const form = new FormData();
  const fields = {
    intent: "save",
    name,
    animalId: `P-${crypto.randomUUID().slice(0, 8)}`,
    ageMonths: "14",
    weightLbs: "32",
    sex: "Female",
    species: "Dog",
    breed: "Pug",
    activeLevel: "Moderately active",
    adoptionFee: "150",
    about: "Purged in.",
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("newPhotos", new File([photo], `${name}.jpg`, { type: "image/jpeg" }));
  return form;
};

let photo: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  photo = new Uint8Array(
    await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c84" } })
      .jpeg()
      .toBuffer(),
  );
});

/** Publishes the draft a create left (decision 052). */
async function publish(jar: CookieJar, name: string) {
  const pet = await worker.db
    .prepare("select id, version from pets where name = ?")
    .bind(name)
    .first<{ id: number; version: number }>();
  if (!pet) throw new Error("pet not created");
  const published = await staffPost(
    jar,
    "/petadmin/edit",
    new URLSearchParams({ intent: "publish", petId: String(pet.id), version: String(pet.version) }),
  );
  expect(published.status).toBe(302);
}

/** Creates a pet and publishes it. */
async function createListed(jar: CookieJar, name: string) {
  expect((await staffPost(jar, "/petadmin/create", newPetForm(name))).status).toBe(302);
  await publish(jar, name);
}

describe("a staff change reaches every visitor at once", () => {
  it("shows a newly published pet on the cached lists and the home page on the very next request", async () => {
    const jar = await staffJar();
    const created = await staffPost(jar, "/petadmin/create", newPetForm("Purgeable Pip"));
    expect(
      created.status,
      (await created.clone().text())
        .match(/(error|invalid)[^<]{0,200}/gi)
        ?.slice(0, 8)
        .join(" | "),
    ).toBe(302);
    // A draft is in no list.
    for (const path of ["/adopt/dog", "/", "/foster"]) expect((await cached(path)).html).not.toContain("Purgeable Pip");

    await publish(jar, "Purgeable Pip");

    for (const path of ["/adopt/dog", "/", "/foster"]) {
      const next = await visit(path);
      expect(next.status, path).toBe("MISS");
      expect(next.html, path).toContain("Purgeable Pip");
    }
    // Another species' list was not touched.
    expect((await cached("/adopt/cat")).status).toMatch(/^(HIT|STALE)$/);
  });

  it("takes a held pet off the cached lists at once", async () => {
    const jar = await staffJar();
    await createListed(jar, "Holdable Hazel");
    const pet = await worker.db
      .prepare("select id, version from pets where name = 'Holdable Hazel'")
      .first<{ id: number; version: number }>();
    if (!pet) throw new Error("pet not created");
    expect((await cached("/adopt/dog")).html).toContain("Holdable Hazel");
    await cached("/adopt/cat");

    const hold = new URLSearchParams({
      intent: "hold",
      petId: String(pet.id),
      version: String(pet.version),
      email: "holder@example.com",
    });
    expect((await staffPost(jar, "/petadmin/edit", hold)).status).toBe(302);
    const held = await visit("/adopt/dog");
    expect(held.status).toBe("MISS");
    expect(held.html).not.toContain("Holdable Hazel");
    expect((await visit("/adopt/cat")).status, "another species' list stays cached").toMatch(/^(HIT|STALE)$/);
  });

  it("takes a deleted pet off the cached lists and its page at once, and brings it back on Restore (decision 042)", async () => {
    const jar = await staffJar();
    await createListed(jar, "Deletable Dot");
    const pet = await worker.db
      .prepare("select id, version from pets where name = 'Deletable Dot'")
      .first<{ id: number; version: number }>();
    if (!pet) throw new Error("pet not created");
    expect((await cached("/adopt/dog")).html).toContain("Deletable Dot");
    expect((await visit(`/adopt/pet?pet_id=${pet.id}`)).html).toContain("Deletable Dot");

    const remove = new URLSearchParams({
      intent: "delete",
      petId: String(pet.id),
      version: String(pet.version),
      confirm: "delete",
    });
    expect((await staffPost(jar, "/petadmin/edit", remove)).status).toBe(302);
    const gone = await visit("/adopt/dog");
    expect(gone.status).toBe("MISS");
    expect(gone.html).not.toContain("Deletable Dot");
    expect((await worker.fetch(`${origin}/adopt/pet?pet_id=${pet.id}`)).status).toBe(404);

    const restore = new URLSearchParams({ intent: "restore", petId: String(pet.id), version: String(pet.version + 1) });
    expect((await staffPost(jar, "/petadmin/edit", restore)).status).toBe(302);
    const back = await visit("/adopt/dog");
    expect(back.status).toBe("MISS");
    expect(back.html).toContain("Deletable Dot");
    expect((await visit(`/adopt/pet?pet_id=${pet.id}`)).html).toContain("Deletable Dot");
  });

  it("lists a pet again on the next request once the scheduled run ends its hold", async () => {
    const end = new Date("2026-11-25T01:00:00Z");
    await insertPet(worker.db, {
      species: "Dog",
      name: "Released Rufus",
      createdAt: new Date(),
      onHoldEmail: "rufus@example.com",
      onHoldDate: new Date(end.getTime() - 86_400_000),
      onHoldUntil: end,
    });
    expect((await cached("/adopt/dog")).html).not.toContain("Released Rufus");

    expect(await worker.scheduled(crons.hourly, new Date(end.getTime() + 60_000))).toMatchObject({ outcome: "ok" });

    const next = await visit("/adopt/dog");
    expect(next.status).toBe("MISS");
    expect(next.html).toContain("Released Rufus");
  });
});
