import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as startGoogle } from "#app/routes/auth.google";
import { loader as googleCallback } from "#app/routes/auth.google.callback";
import { loader as profileLoader } from "#app/routes/_main.user-profile";
import { localGoogleUser, localWorkerVars, startLocalOidcProvider } from "../../scripts/lib/oidc-provider";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../fixtures/accounts";

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
  const result = await respond(t, googleCallback, withCookies(getRequest(new URL(callback).pathname + new URL(callback).search), jar));
  jar.keep(result.headers);
  return { authorize, result, jar };
}

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
    expect(user).toMatchObject({ first_name: "Gabriel", last_name: "Google", google_subject: "local-google-user-1", password_hash: null });
    expect(user?.email_confirmed_at).not.toBeNull();
    const profile = await respond(t, profileLoader, withCookies(getRequest("/user-profile"), jar));
    expect(profile.data).toMatchObject({ email: "google.user@example.com", hasGoogle: true });

    await signInWithGoogle();
    const count = await t.env.DB.prepare("select count(*) as n from users where email = 'google.user@example.com'").first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("links Google to an existing account with the same verified e-mail", async () => {
    const account = await createAccount(t.env.DB, { email: "linked@example.com", confirmed: false });
    userinfo = { ...localGoogleUser, sub: "google-linked", email: "Linked@Example.com" };
    await signInWithGoogle();
    const user = await userByEmail("linked@example.com");
    expect(user).toMatchObject({ id: account.id, google_subject: "google-linked" });
    expect(user?.email_confirmed_at).not.toBeNull();
    const logged = await t.env.DB.prepare("select kind, detail from security_events where user_id = ? order by id").bind(account.id).all();
    expect(logged.results).toEqual([
      { kind: "google-linked", detail: null },
      { kind: "sign-in", detail: "google" },
    ]);
  });

  it("refuses an unverified Google e-mail", async () => {
    userinfo = { ...localGoogleUser, sub: "google-unverified", email: "unverified@example.com", email_verified: false };
    const { result } = await signInWithGoogle();
    expect(result.headers.get("Location")).toBe("/sign-in?error=google");
    expect(await userByEmail("unverified@example.com")).toBeNull();
  });

  it("refuses a callback whose state does not match the browser's", async () => {
    const forged = await respond(t, googleCallback, getRequest("/auth/google/callback?code=stolen&state=guess"));
    expect(forged.headers.get("Location")).toBe("/sign-in?error=google");
  });

  it("never returns off the site after Google", async () => {
    const { result } = await signInWithGoogle("https://evil.example/");
    expect(result.headers.get("Location")).toBe("/");
  });
});
