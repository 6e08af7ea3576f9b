import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "#app/lib/accounts/rate-limits";
import { action as favoritesToggleAction } from "#app/routes/adopt/favorites-toggle";
import { loader as adoptedLoader } from "#app/routes/adopt/adopted";
import { loader as favoriteLoader } from "#app/routes/adopt/favorite";
import { action as forgotAction } from "#app/routes/account/forgot-password";
import { loader as onHoldLoader } from "#app/routes/adopt/on-hold";
import { action as registerAction } from "#app/routes/account/register";
import { action as resetAction } from "#app/routes/account/reset-password";
import { action as signInAction } from "#app/routes/account/sign-in";
import { loader as signInRequiredLoader } from "#app/routes/account/sign-in-required";
import { action as verifyAction } from "#app/routes/account/verify-email";
import { CookieJar, createTestEnv, getRequest, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

/** A form post from a given network address (Cloudflare's CF-Connecting-IP). */
function postFrom(address: string, path: string, fields: Record<string, string>) {
  return new Request(new URL(path, "http://localhost"), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
  });
}

async function signIn(email: string, password: string, address = "203.0.113.1") {
  const result = await respond(t, signInAction, postFrom(address, "/sign-in", { email, password }));
  return { result, jar: new CookieJar().keep(result.headers) };
}

const formError = (result: { data: unknown }) =>
  (result.data as { result?: { error?: Record<string, string[]> } }).result?.error?.[""]?.[0] ?? "";
const mailsTo = (email: string) =>
  t.env.DB.prepare('select text from outbox_messages where "to" = ? order by id desc')
    .bind(email)
    .all<{ text: string }>()
    .then((r) => r.results);
const tokenIn = (text: string) => new URL(text.match(/http:\/\/localhost\/\S+/)![0]).searchParams.get("token")!;

describe("return addresses stay on the site", () => {
  it.each([
    "/.//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/./%5cevil.example",
  ])("a signed-in user sent to /sign-in-required?redirectTo=%s lands on this site", async (redirectTo) => {
    const account = await createAccount(t.env.DB);
    const { jar } = await signIn(account.email, account.password, "203.0.113.10");
    const request = withCookies(getRequest(`/sign-in-required?redirectTo=${redirectTo}`), jar);
    const result = await respond(t, signInRequiredLoader, request);
    expect(result.status).toBe(302);
    const location = result.headers.get("Location")!;
    expect(location.startsWith("//")).toBe(false);
    expect(new URL(location, "https://shelter.example").origin).toBe("https://shelter.example");
  });

  it("keeps the favorites button's way back on the site", async () => {
    const result = await respond(
      t,
      favoritesToggleAction,
      postFrom("203.0.113.11", "/favorites/toggle", { petId: "1", favorite: "true", redirectTo: "/.//evil.example" }),
    );
    const location = new URL(result.headers.get("Location")!, "https://shelter.example");
    expect(location.origin).toBe("https://shelter.example");
    expect(new URL(location.searchParams.get("redirectTo")!, "https://shelter.example").origin).toBe(
      "https://shelter.example",
    );
  });
});

describe("lists tied to an email address", () => {
  const registration = {
    firstName: "Not",
    lastName: "Jordan",
    email: "jordan.lee@example.com",
    password: "someone-elses-address-1",
    confirmPassword: "someone-elses-address-1",
    agreeToTerms: "on",
  };
  const names = (result: { data: unknown }) =>
    ((result.data as { pets: { name: string }[] }).pets ?? []).map((pet) => pet.name);

  it("show holds and adoptions only once the address is confirmed", async () => {
    await insertPet(t.env.DB, { name: "Ruby", onHoldEmail: "jordan.lee@example.com", onHoldDate: new Date() });
    await insertPet(t.env.DB, { name: "Biscuit", adoptedEmail: "Jordan.Lee@example.com", adoptedDate: new Date() });

    const registered = await respond(t, registerAction, postFrom("203.0.113.20", "/register", registration));
    expect(registered.headers.get("Location")).toBe("/confirm-email");
    const jar = new CookieJar().keep(registered.headers);

    const onHold = await respond(t, onHoldLoader, withCookies(getRequest("/on-hold"), jar));
    expect(names(onHold)).toEqual([]);
    expect(onHold.data).toMatchObject({ confirmFirst: true });
    const adopted = await respond(t, adoptedLoader, withCookies(getRequest("/adopted"), jar));
    expect(names(adopted)).toEqual([]);
    expect(adopted.data).toMatchObject({ confirmFirst: true });

    await t.settle();
    const [mail] = await mailsTo("jordan.lee@example.com");
    const confirmed = await respond(
      t,
      verifyAction,
      postFrom("203.0.113.20", "/verify-email", { token: tokenIn(mail!.text) }),
    );
    expect(confirmed.status).toBe(302);
    expect(names(await respond(t, onHoldLoader, withCookies(getRequest("/on-hold"), jar)))).toEqual(["Ruby"]);
    expect(names(await respond(t, adoptedLoader, withCookies(getRequest("/adopted"), jar)))).toEqual(["Biscuit"]);
  });

  it("leave a held favorite out of an unconfirmed account's favorites", async () => {
    const account = await createAccount(t.env.DB, { email: "held.favorite@example.com", confirmed: false });
    const pet = await insertPet(t.env.DB, {
      name: "Pepper",
      onHoldEmail: "held.favorite@example.com",
      onHoldDate: new Date(),
    });
    await t.env.DB.prepare("insert into favorites (user_id, pet_id, created_at) values (?, ?, ?)")
      .bind(account.id, pet.id, Date.now())
      .run();
    const { jar } = await signIn(account.email, account.password, "203.0.113.21");
    expect(names(await respond(t, favoriteLoader, withCookies(getRequest("/favorite"), jar)))).toEqual([]);
  });
});

describe("the sign-in limit", () => {
  it("checks at most the limit's number of passwords when a burst of guesses arrives at once", async () => {
    const account = await createAccount(t.env.DB, { email: "burst@example.com" });
    const guesses = 20;
    const answers = await Promise.all(
      Array.from({ length: guesses }, (_, i) =>
        respond(
          t,
          signInAction,
          postFrom(`198.51.100.${i + 1}`, "/sign-in", { email: account.email, password: `guess-${i}` }),
        ),
      ),
    );
    const checked = answers.filter((answer) => answer.status === 400);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(checked.length).toBeLessThanOrEqual(limits.signInPerAccount.limit);
    expect(checked.length + refused.length).toBe(guesses);
    expect(checked.every((answer) => /incorrect/.test(formError(answer)))).toBe(true);
    expect(refused.every((answer) => /^Too many failed attempts/.test(formError(answer)))).toBe(true);
  });

  it("counts one /64 of IPv6 as one network address", async () => {
    const account = await createAccount(t.env.DB, { email: "ipv6@example.com" });
    const answers = [];
    for (let i = 0; i <= limits.signInPerAddress.limit; i++) {
      // A new account name each time, so only the per-address limit can refuse.
      answers.push(
        await respond(
          t,
          signInAction,
          postFrom(`2001:db8:1:2::${(i + 1).toString(16)}`, "/sign-in", {
            email: `nobody${i}@example.com`,
            password: "x",
          }),
        ),
      );
    }
    expect(answers.at(-1)?.status).toBe(429);
    expect((await signIn(account.email, account.password, "2001:db8:1:2:ffff::1")).result.status).toBe(429);
    expect((await signIn(account.email, account.password, "2001:db8:1:3::1")).result.status).toBe(302);
  });

  it("does not count the owner's successful sign-ins against them", async () => {
    const account = await createAccount(t.env.DB, { email: "regular@example.com" });
    for (let i = 0; i < limits.signInPerAccount.limit + 2; i++) {
      expect((await signIn(account.email, account.password, "203.0.113.30")).result.status).toBe(302);
    }
  });

  it("never keeps a staff owner out: strangers' guesses slow sign-in, but a password reset lets them in", async () => {
    const owner = await createAccount(t.env.DB, { email: "owner.locked@example.com", role: "owner" });
    for (let i = 0; i < limits.signInPerAccount.limit; i++)
      await signIn(owner.email, `stranger-${i}`, `192.0.2.${i + 1}`);
    for (let i = 0; i < limits.forgotPasswordPerAccount.limit + 2; i++) {
      await respond(t, forgotAction, postFrom(`192.0.2.${i + 1}`, "/forgot-password", { email: owner.email }));
    }
    expect((await signIn(owner.email, owner.password, "203.0.113.40")).result.status).toBe(429);

    const asked = await respond(t, forgotAction, postFrom("203.0.113.40", "/forgot-password", { email: owner.email }));
    expect(asked.headers.get("Location")).toBe("/forgot-password?sent");
    await t.settle();
    const [mail] = await mailsTo(owner.email);
    const password = "a-brand-new-owner-password";
    const reset = await respond(
      t,
      resetAction,
      postFrom("203.0.113.40", "/reset-password", { token: tokenIn(mail!.text), password, confirmPassword: password }),
    );
    expect(reset.headers.get("Location")).toBe("/sign-in?notice=reset");
    expect((await signIn(owner.email, password, "203.0.113.40")).result.status).toBe(302);
  });
});
