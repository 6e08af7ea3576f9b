import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, getRequest, withCookies, type CookieJar, type TestEnv } from "./harness";
import { createRemixApp } from "./remix-app";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

/**
 * An adopt list's content (filters, cards, pagination) kept rendered per isolate (decision 045, amended
 * 2026-11-29): through the real request handler (entry.server's kept parts), it is rendered once per
 * loader data, address, viewer and favourites shown once asked a second time, sent byte for byte as
 * rendered in the page, and
 * anything it shows that changes (a pet added, renamed or held, a favourite, a filter, the language,
 * the viewer) shows on the very next request.
 */
let t: TestEnv;
type RemixApp = Awaited<ReturnType<typeof createRemixApp>>;
let app: RemixApp;
let adopter: CookieJar;
let adopterId: number;
let staff: CookieJar;
beforeAll(async () => {
  [t, app] = await Promise.all([createTestEnv(), createRemixApp()]);
  const account = await createAccount(t.env.DB);
  adopterId = account.id;
  adopter = await signedIn(t, account);
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
  for (const name of ["Ada", "Bo", "Cy"])
    await insertPet(t.env.DB, { species: "Dog", name, breed: ["Beagle"], activeLevel: "Very active" });
}, 120_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

/** How many adopt list contents an app's isolate keeps (entry.server's kept parts); the file's app by default. */
const kept = (of: RemixApp = app) =>
  (of.build.entry.module as unknown as { keptPartsNamed(name: string): number }).keptPartsNamed("adopt-list");

async function page(path: string, jar?: CookieJar) {
  const request = jar ? withCookies(getRequest(path), jar) : getRequest(path);
  const response = await app.handle(request, t.contextFor(request));
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The list's content, as the page sends it. */
const content = (html: string) => {
  const found = /<div class="container adopt-list">([\s\S]*?)<\/div><\/main>/.exec(html);
  expect(found, "the list's content").not.toBeNull();
  return found![1]!;
};
const names = (html: string) =>
  [...content(html).matchAll(/class="pet-card__link"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
const pressedHearts = (html: string) => [...content(html).matchAll(/aria-pressed="true"/g)].length;

/**
 * A page asked three times: the first renders its content in the page only (its key is noted as seen
 * once: an address seen once pays no second render), the second renders it and keeps it (a new one,
 * unless `seen`: the same content was kept before), the third is the kept HTML, byte for byte the first's.
 */
async function thrice(path: string, jar?: CookieJar, seen = false) {
  const before = kept();
  const first = await page(path, jar);
  expect(kept(), `${path} seen once`).toBe(before);
  const second = await page(path, jar);
  expect(kept(), `${path} kept`).toBe(seen ? before : before + 1);
  const third = await page(path, jar);
  expect(kept(), `${path} sent as kept`).toBe(seen ? before : before + 1);
  expect(content(second)).toBe(content(first));
  expect(content(third)).toBe(content(first));
  return third;
}

describe("an adopt list's content, kept rendered", () => {
  it("is sent as rendered in the page, and a pet added, renamed or held shows on the next request", async () => {
    const first = await thrice("/adopt/dog");
    expect(names(first)).toEqual(["Cy", "Bo", "Ada"]);

    const dee = await insertPet(t.env.DB, { species: "Dog", name: "Dee", breed: ["Whippet"] });
    const added = await thrice("/adopt/dog");
    expect(names(added)).toEqual(["Dee", "Cy", "Bo", "Ada"]);
    expect(content(added)).toContain('value="Whippet"');

    await t.env.DB.prepare("update pets set name = 'Dee Dee' where id = ?").bind(dee.id).run();
    expect(names(await thrice("/adopt/dog"))).toEqual(["Dee Dee", "Cy", "Bo", "Ada"]);

    await t.env.DB.prepare("update pets set on_hold_email = 'h@example.com', on_hold_date = 1 where id = ?")
      .bind(dee.id)
      .run();
    // Held, the list is again what it was first: the same data, the content kept then.
    const held = await thrice("/adopt/dog", undefined, true);
    expect(names(held)).toEqual(["Cy", "Bo", "Ada"]);
    expect(content(held)).toBe(content(first));
  });

  it("has its own HTML for another filter, sort or language", async () => {
    await insertPet(t.env.DB, { species: "Dog", name: "Fay", breed: ["Poodle"], activeLevel: "Couch potato" });
    const all = names(await thrice("/adopt/dog"));
    expect(all).toContain("Fay");
    const filtered = await thrice("/adopt/dog?level=Very+active");
    expect(names(filtered)).not.toContain("Fay");
    expect(content(filtered)).toMatch(/name="level" checked="" value="Very active"/);
    expect(names(await thrice("/adopt/dog?sort=za"))).toEqual([...all].sort().reverse());

    const spanish = await thrice("/es/adopt/dog");
    expect(names(spanish)).toEqual(all);
    expect(content(spanish)).toContain("Perros en adopción");
    expect(content(spanish)).toContain('href="/es/adopt/pet?pet_id=');
  });

  it("shows the viewer's favourites and their way back, and no hearts to staff", async () => {
    const visitor = await thrice("/adopt/dog?sort=az");
    expect(content(visitor)).toContain('name="redirectTo" value="/adopt/dog?sort=az"');
    const mine = await thrice("/adopt/dog?sort=az", adopter);
    expect(pressedHearts(mine)).toBe(0);

    const ada = await t.env.DB.prepare("select id from pets where name = 'Ada'").first<{ id: number }>();
    await t.env.DB.prepare("insert into favorites (user_id, pet_id, created_at) values (?, ?, ?)")
      .bind(adopterId, ada!.id, Date.now())
      .run();
    const favourite = await thrice("/adopt/dog?sort=az", adopter);
    expect(pressedHearts(favourite)).toBe(1);
    expect(content(favourite)).toContain("Remove Ada from favorites");
    // Another visitor's page is not theirs.
    expect(pressedHearts(await page("/adopt/dog?sort=az"))).toBe(0);

    expect(content(visitor)).toContain("favorite-form");
    expect(content(await thrice("/adopt/dog?sort=az", staff))).not.toContain("favorite-form");
  });
});

describe("the site header, kept rendered", () => {
  const header = (html: string) => {
    const found = /<header class="site-header">([\s\S]*?)<\/header>/.exec(html);
    expect(found, "the header").not.toBeNull();
    return found![1]!;
  };
  const keptHeaders = () =>
    (app.build.entry.module as unknown as { keptPartsNamed(name: string): number }).keptPartsNamed("site-header");
  async function headerThrice(path: string, jar?: CookieJar) {
    const before = keptHeaders();
    const first = header(await page(path, jar));
    expect(keptHeaders(), `${path}'s header seen once`).toBe(before);
    const second = header(await page(path, jar));
    expect(keptHeaders(), `${path}'s header kept`).toBe(before + 1);
    const third = header(await page(path, jar));
    expect(keptHeaders(), `${path}'s header sent as kept`).toBe(before + 1);
    expect(second).toBe(first);
    expect(third).toBe(first);
    return third;
  }

  it("is sent as rendered in the page, for each address, language and viewer", async () => {
    const join = await headerThrice("/join");
    expect(join).toContain('href="/sign-in"');
    expect(join).toContain('href="/language?to=es&amp;path=%2Fjoin"');
    const foster = await headerThrice("/foster?from=join");
    expect(foster).toMatch(
      /aria-current="page" class="active"[^>]*href="\/foster"|class="active" aria-current="page"[^>]*href="\/foster"/,
    );
    expect(foster).toContain("path=%2Ffoster%3Ffrom%3Djoin");
    expect(join).not.toContain('aria-current="page"');
    expect(await headerThrice("/es/join")).toContain('href="/es/sign-in"');

    const signedIn = await headerThrice("/join", adopter);
    expect(signedIn).toContain("Log out");
    expect(signedIn).toContain('href="/favorite"');
    expect(signedIn).not.toContain('href="/sign-in"');
    const staffHeader = await headerThrice("/join", staff);
    expect(staffHeader).toContain('href="/petadmin"');
    expect(staffHeader).not.toContain('href="/favorite"');
  });
});

describe("another app in the same test process (tests/integration/remix-app.ts)", () => {
  it("runs the app's modules afresh: it shares the transformed source, never what the first app kept", async () => {
    await thrice("/adopt/dog?sort=az&fresh=1");
    expect(kept()).toBeGreaterThan(0);
    const other = await createRemixApp();
    try {
      expect(other.build.entry.module).not.toBe(app.build.entry.module);
      expect(kept(other)).toBe(0);
      // What the first app kept is not there: its address is new to the other app (seen once, not kept).
      const request = getRequest("/adopt/dog?sort=az&fresh=1");
      expect((await other.handle(request, t.contextFor(request))).status).toBe(200);
      expect(kept(other)).toBe(0);
    } finally {
      await other.close();
    }
  });
});
