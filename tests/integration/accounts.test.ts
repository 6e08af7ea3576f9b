import { createCookie } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "#app/lib/accounts/crypto";
import { messages } from "#app/lib/accounts/account-fields";
import { action as confirmAction, loader as confirmLoader } from "#app/routes/account/confirm-email";
import { action as logoutAction } from "#app/routes/account/logout";
import { action as registerAction, loader as registerLoader } from "#app/routes/account/register";
import { action as signInAction, loader as signInLoader } from "#app/routes/account/sign-in";
import { loader as profileLoader } from "#app/routes/account/user-profile";
import { action as verifyAction, loader as verifyLoader } from "#app/routes/account/verify-email";
import { loader as fosterApplyLoader } from "#app/routes/foster/apply";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const query = <T>(sql: string, ...params: unknown[]) =>
  t.env.DB.prepare(sql)
    .bind(...params)
    .all<T>()
    .then((result) => result.results);
const outbox = () =>
  query<{ to: string; subject: string; text: string }>("select * from outbox_messages order by id desc");
const linkIn = (text: string) => text.match(/http:\/\/localhost\/\S+/)?.[0] ?? "";

const registration = {
  firstName: "Robin",
  lastName: "Reyes",
  email: "Robin.Reyes@Example.com",
  password: "kennel-cough-is-no-fun",
  confirmPassword: "kennel-cough-is-no-fun",
  dateOfBirth: "1990-04-12",
  gender: "prefer-not-to-say",
  agreeToTerms: "on",
};

async function signIn(fields: Record<string, string>, jar = new CookieJar()) {
  const result = await respond(t, signInAction, withCookies(postForm("/sign-in", fields), jar));
  jar.keep(result.headers);
  return { ...result, jar };
}

describe("sign-up", () => {
  it("creates the user, sends a single-use confirmation link, signs in and lands on /confirm-email", async () => {
    const result = await respond(t, registerAction, postForm("/register", registration));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/confirm-email");
    const jar = new CookieJar().keep(result.headers);
    expect(jar.get("session")).toMatch(/\S{20,}/);

    const [user] = await query<Record<string, unknown>>("select * from users where email = 'robin.reyes@example.com'");
    expect(user).toMatchObject({
      first_name: "Robin",
      last_name: "Reyes",
      date_of_birth: "1990-04-12",
      gender: "prefer-not-to-say",
      email_confirmed_at: null,
    });
    expect(String(user?.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$/);

    const [mail] = await outbox();
    expect(mail?.to).toBe("robin.reyes@example.com");
    const link = linkIn(mail!.text);
    expect(link).toMatch(/^http:\/\/localhost\/verify-email\?token=[\w-]{43}$/);

    // The confirmation page is for this signed-in, unconfirmed user.
    const page = await respond(t, confirmLoader, withCookies(getRequest("/confirm-email"), jar));
    expect(page.data).toMatchObject({ email: "robin.reyes@example.com" });

    // Following the link shows a button; pressing it confirms, once.
    const token = new URL(link).searchParams.get("token")!;
    expect((await respond(t, verifyLoader, getRequest(`/verify-email?token=${token}`))).data).toMatchObject({
      state: "ready",
    });
    const confirmed = await respond(t, verifyAction, postForm("/verify-email", { token }));
    expect(confirmed.headers.get("Location")).toBe("/verify-email?done");
    const [after] = await query<{ email_confirmed_at: number | null }>(
      "select email_confirmed_at from users where email = 'robin.reyes@example.com'",
    );
    expect(after?.email_confirmed_at).not.toBeNull();
    expect((await respond(t, verifyLoader, getRequest(`/verify-email?token=${token}`))).data).toMatchObject({
      state: "invalid",
    });
    expect((await respond(t, verifyAction, postForm("/verify-email", { token }))).headers.get("Location")).toBe(
      "/verify-email?token=",
    );

    // Confirmed users are sent home from /confirm-email.
    const home = await respond(t, confirmLoader, withCookies(getRequest("/confirm-email"), jar));
    expect(home.headers.get("Location")).toBe("/");
  });

  it("answers with the spec's messages per field and the list of failing fields, never echoing passwords", async () => {
    const result = await respond(
      t,
      registerAction,
      postForm("/register", {
        ...registration,
        firstName: "",
        email: "robin@",
        password: "short",
        confirmPassword: "other",
        agreeToTerms: "",
      }),
    );
    expect(result.status).toBe(400);
    const reply = (
      result.data as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
    ).result;
    expect(reply.error).toMatchObject({
      firstName: [messages.firstName],
      email: [messages.email],
      password: [messages.password],
      agreeToTerms: [messages.agree],
      "": [
        "Make sure that the following required fields have valid form: First Name, Email, Password, Re-type Password",
      ],
    });
    expect(reply.initialValue.password).toBeUndefined();
    expect(reply.initialValue.confirmPassword).toBeUndefined();
    expect(reply.initialValue.lastName).toBe("Reyes");
  });

  it("refuses a commonly used password", async () => {
    const common = await respond(
      t,
      registerAction,
      postForm("/register", {
        ...registration,
        email: "new@example.com",
        password: "password1",
        confirmPassword: "password1",
      }),
    );
    expect((common.data as { result: { error: Record<string, string[]> } }).result.error.password).toEqual([
      messages.commonPassword,
    ]);
    expect(await query("select id from users where email = 'new@example.com'")).toEqual([]);
  });

  it("answers an address that has an account exactly as a new one, and emails its owner a sign-in and a reset link", async () => {
    const owner = await createAccount(t.env.DB, { email: "already.here@example.com", firstName: "Owen" });
    const fresh = await respond(
      t,
      registerAction,
      postForm("/register", { ...registration, email: "brand.new@example.com", redirectTo: "/favorite" }),
    );
    const taken = await respond(
      t,
      registerAction,
      postForm("/register", { ...registration, email: "Already.Here@example.com", redirectTo: "/favorite" }),
    );
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers.get("Location")).toBe(fresh.headers.get("Location"));
    expect(taken.headers.get("Location")).toBe("/confirm-email?redirectTo=%2Ffavorite");
    expect(taken.data).toBeNull();

    // Nothing of the account changed; the stranger's password does not sign in.
    expect(
      await query(
        "select first_name, email_confirmed_at is not null as confirmed from users where email = 'already.here@example.com'",
      ),
    ).toEqual([{ first_name: "Owen", confirmed: 1 }]);
    expect(
      (await respond(t, signInAction, postForm("/sign-in", { email: owner.email, password: registration.password })))
        .status,
    ).toBe(400);

    // The owner is told, with a sign-in link and a working reset link.
    const [mail] = (await outbox()).filter((row) => row.to === owner.email);
    expect(mail?.subject).toMatch(/tried to register your email/);
    expect(mail?.text).toContain("http://localhost/sign-in\n");
    const reset = mail!.text.match(/http:\/\/localhost\/reset-password\?token=[\w-]{43}/)?.[0];
    expect(reset).toBeDefined();
    const token = new URL(reset!).searchParams.get("token")!;
    expect(await query("select purpose from user_tokens where user_id = ? and used_at is null", owner.id)).toEqual([
      { purpose: "reset-password" },
    ]);
    expect(token.length).toBe(43);

    // The page both land on says an email is on its way (a visitor not signed in sees no address).
    const page = await respond(t, confirmLoader, getRequest("/confirm-email?redirectTo=%2Ffavorite"));
    expect(page.data).toMatchObject({ email: null, continueTo: "/favorite" });
  });

  it("sends signed-in users away from the register page", async () => {
    const account = await createAccount(t.env.DB);
    const { jar } = await signIn({ email: account.email, password: account.password });
    const result = await respond(t, registerLoader, withCookies(getRequest("/register"), jar));
    expect(result.headers.get("Location")).toBe("/");
  });
});

describe("sign-in", () => {
  it("shows only its own notices: `?notice=toString` is no notice (found by fuzzing)", async () => {
    const page = async (query: string) =>
      (await respond(t, signInLoader, getRequest(`/sign-in${query}`))).data as {
        notice: unknown;
        googleError: unknown;
      };
    expect((await page("?notice=reset")).notice).toMatch(/password has been changed/);
    for (const name of ["toString", "__proto__", "constructor", "hasOwnProperty"]) {
      const data = await page(`?notice=${name}&error=${name}`);
      expect(data.notice).toBeNull();
      expect(data.googleError).toBeNull();
    }
  });

  it("gives the same message for an unknown email and a wrong password", async () => {
    const account = await createAccount(t.env.DB);
    const unknown = await signIn({ email: "nobody-here@example.com", password: "whatever-it-is" });
    const wrong = await signIn({ email: account.email, password: "not-the-password" });
    const errorOf = (result: { data: unknown }) =>
      (result.data as { result: { error: Record<string, string[]> } }).result.error[""];
    expect(errorOf(unknown)).toEqual(["The email address or password is incorrect. Recheck your email and password."]);
    expect(errorOf(wrong)).toEqual(errorOf(unknown));
    expect(unknown.status).toBe(wrong.status);
  });

  it("issues a new session id at sign-in, whatever id the browser brought (no session fixation)", async () => {
    const account = await createAccount(t.env.DB);
    const planted = "AttackerChosenSessionIdOfTheRightShape12345";
    const jar = new CookieJar();
    jar.keep(new Headers({ "Set-Cookie": await createCookie("session").serialize(planted) }));
    const plantedCookie = jar.get("session");
    const { jar: after } = await signIn({ email: account.email, password: account.password }, jar);
    expect(after.get("session")).not.toBe(plantedCookie);
    const rows = await query<{ id_hash: string }>("select id_hash from sessions where user_id = ?", account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id_hash).not.toBe(await sha256Hex(planted));
  });

  it("sends a signed-in user who opens the sign-in form home, keeping their session", async () => {
    const account = await createAccount(t.env.DB);
    const first = await signIn({ email: account.email, password: account.password });
    const again = await signIn({ email: account.email, password: account.password }, first.jar);
    expect(again.headers.get("Location")).toBe("/");
    expect(again.jar.get("session")).toBe(first.jar.get("session"));
  });

  it("keeps a Remember Me session 30 days and pre-fills the email, never the password", async () => {
    const account = await createAccount(t.env.DB);
    const remembered = await signIn({ email: account.email, password: account.password, remember: "on" });
    const cookies = remembered.headers.getSetCookie();
    expect(cookies.find((cookie) => cookie.startsWith("session="))).toMatch(/Max-Age=2592000/);
    expect(cookies.find((cookie) => cookie.startsWith("remembered-email="))).toMatch(/Max-Age=2592000/);
    expect(cookies.join(" ")).not.toContain(account.password);

    const browserOnly = await signIn({ email: account.email, password: account.password });
    const session = browserOnly.headers.getSetCookie().find((cookie) => cookie.startsWith("session="));
    expect(session).not.toMatch(/Max-Age|Expires/);
    expect(browserOnly.headers.getSetCookie().find((cookie) => cookie.startsWith("remembered-email="))).toMatch(
      /Max-Age=0/,
    );
  });

  it("sends an unconfirmed user to /confirm-email (carrying where they were going) and a confirmed one back where they were", async () => {
    const unconfirmed = await createAccount(t.env.DB, { confirmed: false });
    expect(
      (await signIn({ email: unconfirmed.email, password: unconfirmed.password, redirectTo: "/favorite" })).headers.get(
        "Location",
      ),
    ).toBe("/confirm-email?redirectTo=%2Ffavorite");
    expect((await signIn({ email: unconfirmed.email, password: unconfirmed.password })).headers.get("Location")).toBe(
      "/confirm-email",
    );
    const confirmed = await createAccount(t.env.DB);
    expect(
      (
        await signIn({ email: confirmed.email, password: confirmed.password, redirectTo: "/adopt/pet?pet_id=3" })
      ).headers.get("Location"),
    ).toBe("/adopt/pet?pet_id=3");
  });

  it.each(["https://evil.example/steal", "//evil.example", "/\\evil.example"])(
    "never redirects off the site (%s)",
    async (redirectTo) => {
      const account = await createAccount(t.env.DB);
      const result = await signIn({ email: account.email, password: account.password, redirectTo });
      expect(result.headers.get("Location")).toBe("/");
    },
  );

  it("slows an account down after five failures, even for the right password", async () => {
    const account = await createAccount(t.env.DB);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn({ email: account.email, password: `wrong-${attempt}` })).status).toBe(400);
    }
    const blocked = await signIn({ email: account.email, password: account.password });
    expect(blocked.status).toBe(429);
    expect((blocked.data as { result: { error: Record<string, string[]> } }).result.error[""]?.[0]).toMatch(
      /^Too many failed attempts\. Please wait 15 minutes/,
    );
    expect(blocked.jar.get("session")).toBeUndefined();
  });
});

describe("sessions", () => {
  it("protects the profile: visitors go to sign in and come back", async () => {
    const visitor = await respond(t, profileLoader, getRequest("/user-profile"));
    expect(visitor.headers.get("Location")).toBe("/sign-in?redirectTo=%2Fuser-profile");
  });

  it("shows the profile to its user, and Log out deletes the session", async () => {
    const account = await createAccount(t.env.DB, { firstName: "Lee", lastName: "Park" });
    const { jar } = await signIn({ email: account.email, password: account.password });
    const profile = await respond(t, profileLoader, withCookies(getRequest("/user-profile"), jar));
    expect(profile.data).toMatchObject({
      email: account.email,
      firstName: "Lee",
      lastName: "Park",
      hasGoogle: false,
      alerts: { on: false, answered: false },
    });

    const out = await respond(t, logoutAction, withCookies(postForm("/logout", {}), jar));
    expect(out.headers.get("Location")).toBe("/");
    expect(await query("select id_hash from sessions where user_id = ?", account.id)).toEqual([]);
    const stale = await respond(t, profileLoader, withCookies(getRequest("/user-profile"), jar));
    expect(stale.headers.get("Location")).toMatch(/^\/sign-in/);
  });

  it("ignores a forged or malformed session cookie", async () => {
    const forged = getRequest("/user-profile", {
      Cookie: "session=InRoaXMtaXMtbm90LWEtcmVhbC1zZXNzaW9uLXRva2VuLWF0LWFsbCI%3D",
    });
    expect((await respond(t, profileLoader, forged)).headers.get("Location")).toMatch(/^\/sign-in/);
    const garbage = getRequest("/user-profile", { Cookie: "session=%%%" });
    expect((await respond(t, profileLoader, garbage)).headers.get("Location")).toMatch(/^\/sign-in/);
  });
});

describe("confirmation email", () => {
  it("can be sent again, at most three times in fifteen minutes", async () => {
    const account = await createAccount(t.env.DB, { confirmed: false, email: "resend@example.com" });
    const { jar } = await signIn({ email: account.email, password: account.password });
    for (let i = 0; i < 3; i++) {
      const sent = await respond(t, confirmAction, withCookies(postForm("/confirm-email", { intent: "resend" }), jar));
      expect(sent.headers.get("Location")).toBe("/confirm-email?resent");
    }
    const refused = await respond(t, confirmAction, withCookies(postForm("/confirm-email", { intent: "resend" }), jar));
    expect(refused.status).toBe(429);
    expect((await outbox()).filter((mail) => mail.to === "resend@example.com")).toHaveLength(3);
  });
});

describe("the detour through sign-in and registration (issue 40)", () => {
  it("says why each sign-in wall asks, in the page's language, and keeps the way", async () => {
    const wall = await respond(t, fosterApplyLoader, getRequest("/es/foster/apply?pet_id=2"));
    expect(wall.headers.get("Location")).toBe("/es/sign-in?redirectTo=%2Fes%2Ffoster%2Fapply%3Fpet_id%3D2");
    const page = await respond(t, signInLoader, getRequest(wall.headers.get("Location")!));
    expect(page.data).toMatchObject({
      reason: "Inicia sesión para solicitar ser hogar temporal.",
      redirectTo: "/es/foster/apply?pet_id=2",
      continueTo: "/es/foster/apply?pet_id=2",
    });
    const reasons: [string, string][] = [
      ["/foster/apply", "Sign in to apply to foster."],
      ["/adopt/apply?pet_id=3", "Sign in to apply to adopt."],
      ["/applications/4/visit", "Sign in to book your visit."],
      ["/favorite", "Sign in to see your favorite pets."],
      ["/petadmin/inbox", "Sign in with your staff account."],
      ["/adopt/dog", ""],
    ];
    for (const [path, reason] of reasons) {
      const signInPage = await respond(t, signInLoader, getRequest(`/sign-in?redirectTo=${encodeURIComponent(path)}`));
      expect((signInPage.data as { reason: string | null }).reason ?? "", path).toBe(reason);
    }
  });

  it("carries where the person was going through register, the confirmation page, the e-mailed link and its button", async () => {
    const email = "detour.person@example.com";
    const going = "/es/foster/apply?pet_id=2";
    const registered = await respond(
      t,
      registerAction,
      postForm("/es/register", { ...registration, email, redirectTo: going }),
    );
    expect(registered.headers.get("Location")).toBe(`/es/confirm-email?redirectTo=${encodeURIComponent(going)}`);
    const jar = new CookieJar().keep(registered.headers);
    const confirmPage = await respond(
      t,
      confirmLoader,
      withCookies(getRequest(registered.headers.get("Location")!), jar),
    );
    expect(confirmPage.data).toMatchObject({ email, continueTo: going });

    // Sent again from that page, the link still carries it.
    const resent = await respond(
      t,
      confirmAction,
      withCookies(postForm("/es/confirm-email", { intent: "resend", redirectTo: going }), jar),
    );
    expect(resent.headers.get("Location")).toBe(`/es/confirm-email?resent&redirectTo=${encodeURIComponent(going)}`);
    const mails = (await outbox()).filter((row) => row.to === email);
    expect(mails).toHaveLength(2);
    for (const mail of mails)
      expect(linkIn(mail.text)).toMatch(
        new RegExp(
          `^http://localhost/es/verify-email\\?token=[\\w-]{43}&redirectTo=${encodeURIComponent(going).replace(/[.?]/g, "\\$&")}$`,
        ),
      );

    const link = new URL(linkIn(mails[0]!.text));
    const opened = await respond(t, verifyLoader, getRequest(link.pathname + link.search));
    expect(opened.data).toMatchObject({ state: "ready", continueTo: going });
    const confirmed = await respond(
      t,
      verifyAction,
      postForm("/es/verify-email", { token: link.searchParams.get("token")!, redirectTo: going }),
    );
    expect(confirmed.headers.get("Location")).toBe(`/es/verify-email?done&redirectTo=${encodeURIComponent(going)}`);
    const done = await respond(t, verifyLoader, getRequest(confirmed.headers.get("Location")!));
    expect(done.data).toMatchObject({ state: "done", continueTo: going });
    expect(await query("select email_confirmed_at is not null as confirmed from users where email = ?", email)).toEqual(
      [{ confirmed: 1 }],
    );
  });

  it.each(["/es//evil.example", "/es/\\evil.example", "/es/%2F%2Fevil.example", "//evil.example"])(
    "never carries a way off the site (%s)",
    async (attack) => {
      const opened = await respond(
        t,
        verifyLoader,
        getRequest(`/verify-email?token=abc&redirectTo=${encodeURIComponent(attack)}`),
      );
      const posted = await respond(t, verifyAction, postForm("/verify-email", { token: "abc", redirectTo: attack }));
      const location = new URL(posted.headers.get("Location")!, "http://localhost");
      // The page's link, and the return path its button's answer carries on, each lead to this site.
      for (const target of [
        (opened.data as { continueTo: string }).continueTo,
        location.searchParams.get("redirectTo") ?? "/",
      ]) {
        expect(new URL(target, "http://localhost/es/page").origin).toBe("http://localhost");
        expect(target).not.toMatch(/^\/[/\\]/);
      }
      expect(location.origin).toBe("http://localhost");
    },
  );
});
