import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as startGoogle } from "#app/routes/account/google";
import { loader as googleCallback } from "#app/routes/account/google-callback";
import { action as favoriteAction } from "#app/routes/adopt/favorites-toggle";
import { action as registerAction } from "#app/routes/account/register";
import { action as signInAction } from "#app/routes/account/sign-in";
import { loader as profileLoader } from "#app/routes/account/user-profile";
import { googleReturnTo } from "#app/services/google-return.server";
import { localGoogleUser, localWorkerVars, startLocalOidcProvider } from "../../scripts/lib/oidc-provider";
import { injectFaults } from "./faults";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";

let t: TestEnv;
let provider: Awaited<ReturnType<typeof startLocalOidcProvider>>;
let userinfo: Record<string, unknown> = localGoogleUser;

beforeAll(async () => {
  provider = await startLocalOidcProvider(0);
  provider.server.service.removeAllListeners("beforeUserinfo");
  provider.server.service.on("beforeUserinfo", (response) => {
    response.body = userinfo;
    response.statusCode = 200;
  });
  t = await createTestEnv(localWorkerVars(provider.issuer) as Partial<Env>);
});
afterAll(async () => {
  await t.dispose();
  await provider.stop();
});
afterEach(() => {
  userinfo = localGoogleUser;
});

/** The browser's round trip: our redirect to the provider, the provider's back to our callback. */
async function signInWithGoogle(redirectTo = "/") {
  const jar = new CookieJar();
  const start = await respond(t, startGoogle, postForm("/auth/google", { redirectTo }));
  jar.keep(start.headers);
  const authorize = new URL(start.headers.get("Location")!);
  const atProvider = await fetch(authorize, { redirect: "manual" });
  const callback = atProvider.headers.get("Location")!;
  const result = await respond(
    t,
    googleCallback,
    withCookies(getRequest(new URL(callback).pathname + new URL(callback).search), jar),
  );
  jar.keep(result.headers);
  return { authorize, result, jar };
}

const count = async (sql: string, ...params: unknown[]) =>
  (
    await t.env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;
const signInWithPassword = (email: string, password: string) =>
  respond(t, signInAction, postForm("/sign-in", { email, password }));

const userByEmail = (email: string) =>
  t.env.DB.prepare("select * from users where email = ?").bind(email).first<Record<string, unknown>>();

describe("Google sign-in (OpenID Connect against a local provider)", () => {
  it("asks for openid, email and profile with PKCE (S256) and a state", async () => {
    const { authorize } = await signInWithGoogle();
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get("scope")).toBe("openid email profile");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://localhost/auth/google/callback");
  });

  it("creates a confirmed account on first sign-in, signs in, and returns where the visitor was", async () => {
    const { result, jar } = await signInWithGoogle("/adopt/pet?pet_id=2");
    expect(result.headers.get("Location")).toBe("/adopt/pet?pet_id=2");
    const user = await userByEmail("google.user@example.com");
    expect(user).toMatchObject({
      first_name: "Gabriel",
      last_name: "Google",
      google_subject: "local-google-user-1",
      password_hash: null,
    });
    expect(user?.email_confirmed_at).not.toBeNull();
    const profile = await respond(t, profileLoader, withCookies(getRequest("/user-profile"), jar));
    expect(profile.data).toMatchObject({ email: "google.user@example.com", hasGoogle: true });

    await signInWithGoogle();
    const count = await t.env.DB.prepare(
      "select count(*) as n from users where email = 'google.user@example.com'",
    ).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("links Google to an existing account whose address was confirmed, keeping its password", async () => {
    const account = await createAccount(t.env.DB, { email: "linked@example.com", firstName: "Lin" });
    userinfo = { ...localGoogleUser, sub: "google-linked", email: "Linked@Example.com" };
    await signInWithGoogle();
    const user = await userByEmail("linked@example.com");
    expect(user).toMatchObject({ id: account.id, google_subject: "google-linked", first_name: "Lin" });
    expect(user?.password_hash).not.toBeNull();
    const logged = await t.env.DB.prepare("select kind, detail from security_events where user_id = ? order by id")
      .bind(account.id)
      .all();
    expect(logged.results).toEqual([
      { kind: "google-linked", detail: null },
      { kind: "sign-in", detail: "google" },
    ]);
    expect((await signInWithPassword(account.email, account.password)).status).toBe(302);
  });

  it("never hands the owner an account someone else registered with their address: it is taken over clean", async () => {
    const attackerPassword = "i-registered-it-first-9";
    const registered = await respond(
      t,
      registerAction,
      postForm("/register", {
        firstName: "Mallory",
        lastName: "Attacker",
        email: "victim@example.com",
        password: attackerPassword,
        confirmPassword: attackerPassword,
        dateOfBirth: "1980-01-01",
        gender: "other",
        agreeToTerms: "on",
      }),
    );
    const attacker = new CookieJar().keep(registered.headers);
    const victimId = (await userByEmail("victim@example.com"))!.id as number;
    const pet = await insertPet(t.env.DB, { name: "Planted" });
    await respond(
      t,
      favoriteAction,
      withCookies(
        postForm("/favorites/toggle", { petId: String(pet.id), favorite: "true", redirectTo: "/" }),
        attacker,
      ),
    );
    await t.env.DB.prepare(`update users set match_answers = '{"home":"apartment"}' where id = ?`).bind(victimId).run();
    expect(await count("select count(*) as n from favorites where user_id = ?", victimId)).toBe(1);
    expect(await count("select count(*) as n from user_tokens where user_id = ?", victimId)).toBe(1);

    userinfo = {
      ...localGoogleUser,
      sub: "google-victim",
      email: "victim@example.com",
      given_name: "Vera",
      family_name: "Owner",
    };
    const { result, jar: owner } = await signInWithGoogle("/favorite");
    expect(result.headers.get("Location")).toBe("/favorite");

    const user = await userByEmail("victim@example.com");
    expect(user).toMatchObject({
      id: victimId,
      first_name: "Vera",
      last_name: "Owner",
      google_subject: "google-victim",
      password_hash: null,
      date_of_birth: null,
      gender: null,
      match_answers: "{}",
    });
    expect(user?.email_confirmed_at).not.toBeNull();
    expect(await count("select count(*) as n from favorites where user_id = ?", victimId)).toBe(0);
    expect(await count("select count(*) as n from user_tokens where user_id = ?", victimId)).toBe(0);
    expect(await count("select count(*) as n from sessions where user_id = ?", victimId)).toBe(1);

    expect(
      (await respond(t, profileLoader, withCookies(getRequest("/user-profile"), attacker))).headers.get("Location"),
    ).toMatch(/^\/sign-in/);
    expect((await signInWithPassword("victim@example.com", attackerPassword)).status).toBe(400);
    expect((await respond(t, profileLoader, withCookies(getRequest("/user-profile"), owner))).data).toMatchObject({
      firstName: "Vera",
      hasGoogle: true,
    });
  });

  it("changes nothing when the takeover cannot be saved, and works when tried again", async () => {
    const account = await createAccount(t.env.DB, {
      email: "half.taken@example.com",
      confirmed: false,
      firstName: "Mallory",
    });
    await signInWithPassword(account.email, account.password);
    const before = await userByEmail(account.email);
    const sessionsBefore = await count("select count(*) as n from sessions where user_id = ?", account.id);
    userinfo = { ...localGoogleUser, sub: "google-half", email: account.email, given_name: "Hana" };

    const faults = injectFaults(t, { d1: [{ sql: /delete from "favorites"/ }] });
    const { result } = await signInWithGoogle();
    faults.restore();
    expect(faults.failures()).toBeGreaterThan(0);
    expect(result.headers.get("Location")).toBe("/sign-in?error=google");
    expect(await userByEmail(account.email)).toEqual(before);
    expect(await count("select count(*) as n from sessions where user_id = ?", account.id)).toBe(sessionsBefore);

    await signInWithGoogle();
    expect(await userByEmail(account.email)).toMatchObject({
      first_name: "Hana",
      password_hash: null,
      google_subject: "google-half",
    });
  });

  it("logs a failed Google sign-in for the account of the address Google named", async () => {
    const account = await createAccount(t.env.DB, { email: "google.refused@example.com" });
    userinfo = {
      ...localGoogleUser,
      sub: "google-refused",
      email: "Google.Refused@example.com",
      email_verified: false,
    };
    const { result } = await signInWithGoogle();
    expect(result.headers.get("Location")).toBe("/sign-in?error=google");
    const events = await t.env.DB.prepare("select kind, detail from security_events where user_id = ? order by id")
      .bind(account.id)
      .all();
    expect(events.results).toEqual([
      { kind: "sign-in-failed", detail: "google: Your Google email address is not verified." },
    ]);
  });

  it("logs a Google sign-in that failed while saving, for that account", async () => {
    const account = await createAccount(t.env.DB, { email: "google.fault@example.com", confirmed: false });
    userinfo = { ...localGoogleUser, sub: "google-fault", email: account.email };
    const faults = injectFaults(t, { d1: [{ sql: /delete from "favorites"/ }] });
    const { result } = await signInWithGoogle();
    faults.restore();
    expect(result.headers.get("Location")).toBe("/sign-in?error=google");
    const failed = await count(
      "select count(*) as n from security_events where user_id = ? and kind = 'sign-in-failed' and detail like 'google: %'",
      account.id,
    );
    expect(failed).toBe(1);
  });

  it("refuses an unverified Google email", async () => {
    userinfo = { ...localGoogleUser, sub: "google-unverified", email: "unverified@example.com", email_verified: false };
    const { result } = await signInWithGoogle();
    expect(result.headers.get("Location")).toBe("/sign-in?error=google");
    expect(await userByEmail("unverified@example.com")).toBeNull();
  });

  it("refuses a callback whose state does not match the browser's", async () => {
    const forged = await respond(t, googleCallback, getRequest("/auth/google/callback?code=stolen&state=guess"));
    expect(forged.headers.get("Location")).toBe("/sign-in?error=google");
  });

  it.each(["https://evil.example/", "/.//evil.example", "/%2e//evil.example", "/a/..//evil.example"])(
    "never returns off the site after Google (%s)",
    async (redirectTo) => {
      const { result } = await signInWithGoogle(redirectTo);
      expect(result.headers.get("Location")).toBe("/");
    },
  );

  it.each([
    "/es//evil.example/phish",
    "/es/\\evil.example",
    "/es/%2F%2Fevil.example",
    "/es/.//evil.example",
    "//evil.example/phish",
  ])(
    "returns to this site after Google from a return path that a language prefix would turn into another host (%s)",
    async (redirectTo) => {
      const { result } = await signInWithGoogle(redirectTo);
      const location = result.headers.get("Location")!;
      expect(location).not.toMatch(/^\/[/\\]/);
      expect(new URL(location, "https://shelter.example/es/sign-in").origin).toBe("https://shelter.example");
    },
  );

  it("never returns off the site from a return cookie the browser altered", async () => {
    const start = await respond(t, startGoogle, postForm("/auth/google", { redirectTo: "/" }));
    const tampered = new CookieJar().keep(start.headers);
    tampered.keep(new Headers([["Set-Cookie", await googleReturnTo(getRequest("/")).serialize("/.//evil.example")]]));
    const atProvider = await fetch(new URL(start.headers.get("Location")!), { redirect: "manual" });
    const callback = new URL(atProvider.headers.get("Location")!);
    const result = await respond(
      t,
      googleCallback,
      withCookies(getRequest(callback.pathname + callback.search), tampered),
    );
    expect(result.headers.get("Location")).toBe("/");
    expect(result.headers.getSetCookie().some((cookie) => cookie.startsWith("session="))).toBe(true);
  });

  it("clears the round trip's cookies once back: the state (named per flow) and the return address", async () => {
    const jar = new CookieJar().keep(
      (await respond(t, startGoogle, postForm("/auth/google", { redirectTo: "/favorite" }))).headers,
    );
    expect(jar.header()).toMatch(/(^|; )oidc-state:[\w-]+=/);
    expect(jar.header()).toContain("google-return-to=");
    const { jar: after } = await signInWithGoogle("/favorite");
    expect(after.header()).toMatch(/^session=/);
    expect(after.header()).not.toContain("oidc-state");
    expect(after.header()).not.toContain("google-return-to");
  });
});
