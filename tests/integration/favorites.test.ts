import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as listLoader } from "#app/routes/adopt/species";
import { loader as adoptedLoader } from "#app/routes/adopt/adopted";
import { loader as favoriteLoader } from "#app/routes/adopt/favorite";
import { loader as onHoldLoader } from "#app/routes/adopt/on-hold";
import { action as registerAction } from "#app/routes/account/register";
import { action as signInAction } from "#app/routes/account/sign-in";
import { loader as layoutLoader } from "#app/routes/site/layout";
import { action as toggle } from "#app/routes/adopt/favorites-toggle";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const press = (
  jar: CookieJar,
  petId: number | string,
  favorite: boolean | string,
  extra: Record<string, string> = { stay: "1" },
) =>
  respond(
    t,
    toggle,
    withCookies(
      postForm("/favorites/toggle", {
        petId: String(petId),
        favorite: String(favorite),
        redirectTo: "/adopt/dog?size=Large",
        ...extra,
      }),
      jar,
    ),
  );
const rows = (userId: number) =>
  t.env.DB.prepare("select pet_id from favorites where user_id = ?")
    .bind(userId)
    .all<{ pet_id: number }>()
    .then((r) => r.results.map((row) => row.pet_id));
const names = (result: { data: unknown }) => (result.data as { pets: { name: string }[] }).pets.map((pet) => pet.name);
const hold = (petId: number, email: string | null) =>
  t.env.DB.prepare("update pets set on_hold_email = ?, on_hold_date = ? where id = ?")
    .bind(email, email ? Date.now() : null, petId)
    .run();

describe("the favorite button's action", () => {
  it("adds, then removes (pressing twice), answering with data when JavaScript asks", async () => {
    const account = await createAccount(t.env.DB);
    const jar = await signedIn(t, account);
    const pet = await insertPet(t.env.DB, { name: "Twice" });
    expect((await press(jar, pet.id, true)).data).toEqual({ ok: true, petId: pet.id, favorite: true });
    expect(await rows(account.id)).toEqual([pet.id]);
    expect((await press(jar, pet.id, false)).data).toEqual({ ok: true, petId: pet.id, favorite: false });
    expect(await rows(account.id)).toEqual([]);
  });

  it("redirects back to the same list and card without JavaScript", async () => {
    const jar = await signedIn(t, await createAccount(t.env.DB));
    const pet = await insertPet(t.env.DB);
    const result = await press(jar, pet.id, true, {});
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(`/adopt/dog?size=Large#pet-${pet.id}`);
  });

  it("keeps one row under concurrent presses", async () => {
    const account = await createAccount(t.env.DB);
    const jar = await signedIn(t, account);
    const pet = await insertPet(t.env.DB);
    const results = await Promise.all([press(jar, pet.id, true), press(jar, pet.id, true), press(jar, pet.id, true)]);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    expect(await rows(account.id)).toEqual([pet.id]);
  });

  it("refuses unknown and malformed pets and pets that are hidden", async () => {
    const jar = await signedIn(t, await createAccount(t.env.DB));
    expect((await press(jar, 999_999, true)).status).toBe(404);
    expect((await press(jar, "abc", true)).status).toBe(400);
    expect((await press(jar, 1, "maybe")).status).toBe(400);
    const held = await insertPet(t.env.DB, { onHoldEmail: "someone@example.com", onHoldDate: new Date() });
    expect((await press(jar, held.id, true)).status).toBe(409);
  });

  it("refuses staff, however they post", async () => {
    const staff = await createAccount(t.env.DB, { role: "member" });
    const jar = await signedIn(t, staff);
    const pet = await insertPet(t.env.DB);
    expect((await press(jar, pet.id, true)).status).toBe(403);
    expect((await press(jar, pet.id, true, {})).status).toBe(403);
    expect(await rows(staff.id)).toEqual([]);
  });

  it("asks a visitor to sign in, then adds the pet once they have", async () => {
    const account = await createAccount(t.env.DB);
    const pet = await insertPet(t.env.DB, { name: "Wanted" });
    const visitor = new CookieJar();
    const asked = await press(visitor, pet.id, true, {});
    expect(asked.headers.get("Location")).toBe("/sign-in-required?redirectTo=%2Fadopt%2Fdog%3Fsize%3DLarge");
    visitor.keep(asked.headers);
    expect(visitor.get("pending-favorite")).toBeTruthy();

    const enhanced = await press(new CookieJar(), pet.id, true);
    expect(enhanced.status).toBe(401);
    expect(enhanced.data).toEqual({ ok: false, signInRequired: true });

    const signIn = await respond(
      t,
      signInAction,
      withCookies(
        postForm("/sign-in", { email: account.email, password: account.password, redirectTo: "/adopt/dog?size=Large" }),
        visitor,
      ),
    );
    expect(signIn.headers.get("Location")).toBe("/adopt/dog?size=Large");
    visitor.keep(signIn.headers);
    expect(visitor.get("pending-favorite")).toBeUndefined();
    expect(await rows(account.id)).toEqual([pet.id]);
  });

  it("adds the pending pet to a new account too", async () => {
    const pet = await insertPet(t.env.DB);
    const visitor = new CookieJar().keep((await press(new CookieJar(), pet.id, true, {})).headers);
    await respond(
      t,
      registerAction,
      withCookies(
        postForm("/register", {
          firstName: "Nia",
          lastName: "New",
          email: "nia.new@example.com",
          password: "fresh-start-friend",
          confirmPassword: "fresh-start-friend",
          agreeToTerms: "on",
        }),
        visitor,
      ),
    );
    const user = await t.env.DB.prepare("select id from users where email = 'nia.new@example.com'").first<{
      id: number;
    }>();
    expect(await rows(user!.id)).toEqual([pet.id]);
  });
});

describe("the personal lists", () => {
  it("count and show favorites, leave out pets hidden for someone else, and bring them back", async () => {
    const account = await createAccount(t.env.DB);
    const jar = await signedIn(t, account);
    const first = await insertPet(t.env.DB, { name: "First Love" });
    const second = await insertPet(t.env.DB, { name: "Second Chance" });
    await press(jar, first.id, true);
    await press(jar, second.id, true);
    const list = () => respond(t, favoriteLoader, withCookies(getRequest("/favorite"), jar));
    expect(names(await list()).sort()).toEqual(["First Love", "Second Chance"]);

    await hold(first.id, "someone.else@example.com");
    expect(names(await list())).toEqual(["Second Chance"]);
    await hold(first.id, null);
    expect(names(await list()).sort()).toEqual(["First Love", "Second Chance"]);

    await t.env.DB.prepare("update pets set adopted_email = 'other@example.com', adopted_date = ? where id = ?")
      .bind(Date.now(), second.id)
      .run();
    expect(names(await list())).toEqual(["First Love"]);
  });

  it("shows holds and adoptions by email, even when the hold came before the account", async () => {
    const held = await insertPet(t.env.DB, {
      name: "Held Early",
      onHoldEmail: "Late.Comer@example.com",
      onHoldDate: new Date(Date.UTC(2026, 10, 20)),
    });
    const adopted = await insertPet(t.env.DB, {
      name: "Gone Home",
      adoptedEmail: "late.comer@example.com",
      adoptedDate: new Date(Date.UTC(2026, 10, 21)),
    });
    const account = await createAccount(t.env.DB, { email: "late.comer@example.com" });
    const jar = await signedIn(t, account);
    const onHold = await respond(t, onHoldLoader, withCookies(getRequest("/on-hold"), jar));
    expect(names(onHold)).toEqual(["Held Early"]);
    const gone = await respond(t, adoptedLoader, withCookies(getRequest("/adopted"), jar));
    expect(names(gone)).toEqual(["Gone Home"]);
    expect(new Date((gone.data as { pets: { adoptedDate: Date }[] }).pets[0]!.adoptedDate).toISOString()).toBe(
      "2026-11-21T00:00:00.000Z",
    );
    expect([held.id, adopted.id]).toHaveLength(2);
  });

  it("forget a deleted pet everywhere", async () => {
    const account = await createAccount(t.env.DB);
    const jar = await signedIn(t, account);
    const pet = await insertPet(t.env.DB, { name: "Deleted Soon" });
    await press(jar, pet.id, true);
    await t.env.DB.prepare("delete from pets where id = ?").bind(pet.id).run();
    expect(await rows(account.id)).toEqual([]);
    expect(names(await respond(t, favoriteLoader, withCookies(getRequest("/favorite"), jar)))).toEqual([]);
  });

  it("are for signed-in users only", async () => {
    for (const [loader, path] of [
      [favoriteLoader, "/favorite"],
      [onHoldLoader, "/on-hold"],
      [adoptedLoader, "/adopted"],
    ] as const) {
      const result = await respond(t, loader, getRequest(path));
      expect(result.headers.get("Location")).toBe(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
    }
  });
});

describe("favorites elsewhere", () => {
  it("the layout tells every card which pets are favorites; staff and visitors have none", async () => {
    const account = await createAccount(t.env.DB);
    const jar = await signedIn(t, account);
    const pet = await insertPet(t.env.DB);
    await press(jar, pet.id, true);
    expect((await respond(t, layoutLoader, withCookies(getRequest("/"), jar))).data).toMatchObject({
      favoriteIds: [pet.id],
    });
    expect((await respond(t, layoutLoader, getRequest("/"))).data).toMatchObject({ viewer: null, favoriteIds: [] });
  });

  it("Most relevant puts the user's favorites first on the adopt list", async () => {
    const account = await createAccount(t.env.DB);
    const jar = await signedIn(t, account);
    const older = await insertPet(t.env.DB, {
      species: "Dog",
      name: "Old Friend",
      createdAt: new Date(Date.UTC(2020, 0, 1)),
    });
    await insertPet(t.env.DB, { species: "Dog", name: "Newcomer" });
    await press(jar, older.id, true);
    const list = await respond(t, listLoader, withCookies(getRequest("/adopt/dog"), jar), { species: "dog" });
    expect(names(list)[0]).toBe("Old Friend");
    const visitorList = await respond(t, listLoader, getRequest("/adopt/dog"), { species: "dog" });
    expect(names(visitorList)[0]).not.toBe("Old Friend");
  });
});
