import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#app/lib/accounts/account-fields";
import { action as forgotAction } from "#app/routes/account/forgot-password";
import { action as resetAction, loader as resetLoader } from "#app/routes/account/reset-password";
import { action as signInAction } from "#app/routes/account/sign-in";
import { action as profileAction, loader as profileLoader } from "#app/routes/account/user-profile";
import { loader as outboxLoader } from "#app/routes/site/dev-outbox";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const mailsTo = (email: string) =>
  t.env.DB.prepare('select text from outbox_messages where "to" = ? order by id desc')
    .bind(email)
    .all<{ text: string }>()
    .then((r) => r.results);
const tokenIn = (text: string) => new URL(text.match(/http:\/\/localhost\/\S+/)![0]).searchParams.get("token")!;

async function forgot(email: string) {
  const result = await respond(t, forgotAction, postForm("/forgot-password", { email }));
  await t.settle();
  return result;
}

async function signIn(email: string, password: string) {
  const result = await respond(t, signInAction, postForm("/sign-in", { email, password }));
  return { result, jar: new CookieJar().keep(result.headers) };
}

describe("forgot password", () => {
  it("answers the same whether or not the account exists, and mails only real accounts", async () => {
    const account = await createAccount(t.env.DB, { email: "forgetful@example.com" });
    const known = await forgot(account.email);
    const unknown = await forgot("no-such-person@example.com");
    expect(known.status).toBe(302);
    expect(known.headers.get("Location")).toBe("/forgot-password?sent");
    expect(unknown.headers.get("Location")).toBe(known.headers.get("Location"));
    expect(await mailsTo(account.email)).toHaveLength(1);
    expect(await mailsTo("no-such-person@example.com")).toHaveLength(0);
  });

  it("resets the password once with the link, ends every session, and confirms the address", async () => {
    const account = await createAccount(t.env.DB, { email: "reset-me@example.com", confirmed: false });
    const other = await signIn(account.email, account.password);
    await forgot(account.email);
    const token = tokenIn((await mailsTo(account.email))[0]!.text);

    expect((await respond(t, resetLoader, getRequest(`/reset-password?token=${token}`))).data).toMatchObject({
      valid: true,
    });
    const reset = await respond(
      t,
      resetAction,
      postForm("/reset-password", { token, password: "a-brand-new-secret", confirmPassword: "a-brand-new-secret" }),
    );
    expect(reset.headers.get("Location")).toBe("/sign-in?notice=reset");

    // The session opened before the reset no longer works.
    const stale = await respond(t, profileLoader, withCookies(getRequest("/user-profile"), other.jar));
    expect(stale.headers.get("Location")).toMatch(/^\/sign-in/);
    expect((await signIn(account.email, account.password)).result.status).toBe(400);
    expect((await signIn(account.email, "a-brand-new-secret")).result.headers.get("Location")).toBe("/");

    // The link works once.
    expect((await respond(t, resetLoader, getRequest(`/reset-password?token=${token}`))).data).toMatchObject({
      valid: false,
    });
    const reused = await respond(
      t,
      resetAction,
      postForm("/reset-password", { token, password: "yet-another-secret", confirmPassword: "yet-another-secret" }),
    );
    expect(reused.status).toBe(400);
    expect((await signIn(account.email, "yet-another-secret")).result.status).toBe(400);
  });

  it("refuses an expired link and a common or mismatched new password", async () => {
    const account = await createAccount(t.env.DB, { email: "late@example.com" });
    await forgot(account.email);
    const token = tokenIn((await mailsTo(account.email))[0]!.text);
    const weak = await respond(
      t,
      resetAction,
      postForm("/reset-password", { token, password: "iloveyou", confirmPassword: "iloveyou" }),
    );
    expect((weak.data as { result: { error: Record<string, string[]> } }).result.error.password).toEqual([
      messages.commonPassword,
    ]);
    const mismatch = await respond(
      t,
      resetAction,
      postForm("/reset-password", { token, password: "good-enough-pass", confirmPassword: "good-enough-pas" }),
    );
    expect((mismatch.data as { result: { error: Record<string, string[]> } }).result.error.confirmPassword).toEqual([
      messages.confirmPassword,
    ]);

    await t.env.DB.prepare("update user_tokens set expires_at = ? where user_id = ?")
      .bind(Date.now() - 1000, account.id)
      .run();
    const expired = await respond(
      t,
      resetAction,
      postForm("/reset-password", { token, password: "good-enough-pass", confirmPassword: "good-enough-pass" }),
    );
    expect((expired.data as { result: { error: Record<string, string[]> } }).result.error[""]?.[0]).toMatch(
      /expired or was already used/,
    );
  });

  it("spends every open reset link of the account when one of them resets the password", async () => {
    const account = await createAccount(t.env.DB, { email: "two-links@example.com" });
    await forgot(account.email);
    await forgot(account.email);
    const [second, first] = (await mailsTo(account.email)).map((mail) => tokenIn(mail.text));
    const used = await respond(
      t,
      resetAction,
      postForm("/reset-password", {
        token: first!,
        password: "first-link-secret",
        confirmPassword: "first-link-secret",
      }),
    );
    expect(used.headers.get("Location")).toBe("/sign-in?notice=reset");

    expect((await respond(t, resetLoader, getRequest(`/reset-password?token=${second}`))).data).toMatchObject({
      valid: false,
    });
    const late = await respond(
      t,
      resetAction,
      postForm("/reset-password", {
        token: second!,
        password: "second-link-secret",
        confirmPassword: "second-link-secret",
      }),
    );
    expect(late.status).toBe(400);
    expect((await signIn(account.email, "second-link-secret")).result.status).toBe(400);
    expect((await signIn(account.email, "first-link-secret")).result.headers.get("Location")).toBe("/");
  });

  it("spends the open reset links when the signed-in owner changes the password", async () => {
    const account = await createAccount(t.env.DB, { email: "changes-instead@example.com" });
    await forgot(account.email);
    const token = tokenIn((await mailsTo(account.email))[0]!.text);
    const { jar } = await signIn(account.email, account.password);
    const fields = {
      intent: "change-password",
      currentPassword: account.password,
      password: "changed-on-profile",
      confirmPassword: "changed-on-profile",
    };
    const changed = await respond(t, profileAction, withCookies(postForm("/user-profile", fields), jar));
    expect(changed.headers.get("Location")).toBe("/user-profile?done=password");

    const late = await respond(
      t,
      resetAction,
      postForm("/reset-password", { token, password: "link-after-change", confirmPassword: "link-after-change" }),
    );
    expect(late.status).toBe(400);
    expect((await signIn(account.email, "link-after-change")).result.status).toBe(400);
  });

  it("stops mailing an address after three requests an hour", async () => {
    const account = await createAccount(t.env.DB, { email: "spammed@example.com" });
    for (let i = 0; i < 5; i++) await forgot(account.email);
    expect(await mailsTo(account.email)).toHaveLength(3);
  });
});

describe("the development outbox", () => {
  it("lists emails locally and is a 404 in production", async () => {
    const listed = await respond(t, outboxLoader, getRequest("/dev/outbox"));
    expect((listed.data as { messages: unknown[] }).messages.length).toBeGreaterThan(0);
    const production = await createTestEnv({ APP_ENV: "production" });
    try {
      expect((await respond(production, outboxLoader, getRequest("/dev/outbox"))).status).toBe(404);
    } finally {
      await production.dispose();
    }
  });
});
