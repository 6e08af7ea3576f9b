import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createDb } from "#app/db/client.server";
import { shelter } from "#app/config/shelter";
import { writeFailedMessage } from "#app/lib/http/storage-error";
import { tokenLifetimesMs } from "#app/lib/accounts/token-lifetimes";
import { createInvitation, ensureOrganisation, shelterOrganisationSlug } from "#app/models/organisations.server";
import { issueUserToken, peekUserToken } from "#app/models/user-tokens.server";
import { action as toggleFavorite } from "#app/routes/adopt/favorites-toggle";
import { action as homeAction } from "#app/routes/site/home";
import { action as joinAction } from "#app/routes/site/join";
import { action as matchAction } from "#app/routes/match/route";
import { action as editAction } from "#app/routes/petadmin/edit/route";
import { action as staffAction } from "#app/routes/petadmin/staff";
import { action as registerAction } from "#app/routes/account/register";
import { action as resetAction } from "#app/routes/account/reset-password";
import { action as signInAction } from "#app/routes/account/sign-in";
import { action as profileAction, loader as profileLoader } from "#app/routes/account/user-profile";
import { action as verifyAction } from "#app/routes/account/verify-email";
import { action as resendAction } from "#app/routes/account/confirm-email";
import { action as alertsAction } from "#app/routes/adopt/alerts-new-pets";
import { action as unsubscribeAction } from "#app/routes/adopt/alerts-unsubscribe";
import { unsubscribeToken } from "#app/lib/email/alert-tokens";
import { type CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { injectFaults, transientD1Error, type D1Fault, type R2Fault } from "./faults";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";
import { snapshot as snapshotRows } from "./snapshot";

let t: TestEnv;
let faults: ReturnType<typeof injectFaults> | undefined;

beforeAll(async () => {
  t = await createTestEnv();
});
beforeEach(() => {
  // The bindings log every failure they see; these tests make them fail on purpose.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  faults?.restore();
  faults = undefined;
  vi.restoreAllMocks();
});
afterAll(() => t.dispose());

const failing = (d1: D1Fault[] = [], r2: R2Fault[] = []) => {
  faults = injectFaults(t, { d1, r2 });
  return faults;
};
const heal = () => {
  faults?.restore();
  faults = undefined;
};

const tables = [
  "users",
  "user_tokens",
  "sessions",
  "memberships",
  "invitations",
  "pets",
  "pet_changes",
  "favorites",
  "contact_messages",
  "newsletter_subscribers",
  "newsletter_pending",
  "outbox_messages",
  "security_events",
];
/** Every row of the tables a user's change can touch (rate limits aside), to compare before and after. */
/** `leaveOut`: tables a test expects to change (the log of a withdrawn invitation). */
const snapshot = (leaveOut: string[] = []) =>
  snapshotRows(
    t.env.DB,
    tables.filter((name) => !leaveOut.includes(name)),
  );
const count = async (sql: string, ...params: unknown[]) =>
  (
    await t.env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? -1;

type Reply = { result?: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> } };
const formErrors = (data: unknown) => (data as Reply).result?.error?.[""] ?? [];
const kept = (data: unknown) => (data as Reply).result?.initialValue ?? {};

describe("home page forms", () => {
  it("show the contact form again with the message kept when D1 cannot save it", async () => {
    const fields = {
      intent: "contact",
      name: "Ann Lee",
      email: "ann@example.com",
      message: "Can I visit on Saturday?",
    };
    failing([{ sql: /^insert into "contact_messages"/ }]);
    const before = await snapshot();
    const failed = await respond(t, homeAction, postForm("/?index", fields));
    expect(failed.status).toBe(503);
    expect(formErrors(failed.data)).toEqual([writeFailedMessage]);
    expect(kept(failed.data)).toMatchObject({
      name: "Ann Lee",
      email: "ann@example.com",
      message: "Can I visit on Saturday?",
    });
    expect(await snapshot()).toEqual(before);

    heal();
    const sent = await respond(t, homeAction, postForm("/?index", fields));
    expect(sent.headers.get("Location")).toBe("/?message=sent#get-in-touch");
    expect(await count("select count(*) as n from contact_messages")).toBe(1);
  });

  it("show the newsletter form again with the address kept", async () => {
    failing([{ sql: /insert into "newsletter_pending"/, message: transientD1Error }]);
    const failed = await respond(
      t,
      homeAction,
      postForm("/?index", { intent: "newsletter", email: "news@example.com" }),
    );
    expect(failed.status).toBe(503);
    expect(formErrors(failed.data)).toEqual([writeFailedMessage]);
    expect(kept(failed.data)).toMatchObject({ email: "news@example.com" });
    expect(await count("select count(*) as n from newsletter_pending")).toBe(0);
  });
});

describe("register", () => {
  const registration = (email: string) => ({
    firstName: "Robin",
    lastName: "Reyes",
    email,
    password: "kennel-cough-is-no-fun",
    confirmPassword: "kennel-cough-is-no-fun",
    agreeToTerms: "on",
  });

  it.each([
    ["the account", /^insert into "users"/],
    ["its confirmation link", /^insert into "user_tokens"/],
  ])("saves nothing when %s cannot be written, and keeps what was typed but the passwords", async (_step, sql) => {
    failing([{ sql }]);
    const before = await snapshot();
    const failed = await respond(t, registerAction, postForm("/register", registration("robin@example.com")));
    expect(failed.status).toBe(503);
    expect(formErrors(failed.data)).toEqual([writeFailedMessage]);
    expect(kept(failed.data)).toMatchObject({ firstName: "Robin", lastName: "Reyes", email: "robin@example.com" });
    expect(JSON.stringify(failed.data)).not.toContain("kennel-cough");
    expect(await snapshot()).toEqual(before);
  });

  it("after the account is saved, a failed sign-in sends the new user to sign in rather than claim nothing was saved", async () => {
    failing([{ sql: /^insert into "sessions"/ }]);
    const result = await respond(t, registerAction, postForm("/register", registration("late@example.com")));
    expect(result.headers.get("Location")).toBe("/sign-in?notice=registered");
    expect(
      await count(
        "select count(*) as n from users u join user_tokens k on k.user_id = u.id where u.email = 'late@example.com'",
      ),
    ).toBe(1);
    expect(await count("select count(*) as n from sessions")).toBe(0);
  });
});

describe("sign-in", () => {
  it("keeps the email, never the password, and starts no session when D1 fails", async () => {
    const account = await createAccount(t.env.DB, { email: "signer@example.com" });
    failing([{ sql: /^insert into "sessions"/ }]);
    const failed = await respond(
      t,
      signInAction,
      postForm("/sign-in", { email: account.email, password: account.password }),
    );
    expect(failed.status).toBe(503);
    expect(formErrors(failed.data)).toEqual([writeFailedMessage]);
    expect(kept(failed.data)).toMatchObject({ email: "signer@example.com" });
    expect(JSON.stringify(failed.data)).not.toContain(account.password);
    expect(failed.headers.getSetCookie()).toEqual([]);
    expect(await count("select count(*) as n from sessions where user_id = ?", account.id)).toBe(0);
  });
});

describe("reset password", () => {
  it.each([
    ["using the token up", /^update "user_tokens"/],
    ["the new password", /^update "users"/],
    ["ending the other sessions", /^delete from "sessions"/],
  ])("changes nothing when %s fails, and the link still works afterwards", async (_step, sql) => {
    const account = await createAccount(t.env.DB);
    // A session that the reset ends, once it succeeds.
    await signedIn(t, account);
    const db = createDb(t.env.DB);
    const token = await issueUserToken(db, account.id, "reset-password", tokenLifetimesMs.resetPassword);
    const fields = { token, password: "a-brand-new-secret", confirmPassword: "a-brand-new-secret" };

    failing([{ sql }]);
    const before = await snapshot();
    const failed = await respond(t, resetAction, postForm("/reset-password", fields));
    expect(failed.status).toBe(503);
    expect(formErrors(failed.data)).toEqual([writeFailedMessage]);
    expect(JSON.stringify(failed.data)).not.toContain("a-brand-new-secret");
    expect(await snapshot()).toEqual(before);

    heal();
    expect(await peekUserToken(db, token, "reset-password")).toBe(account.id);
    const reset = await respond(t, resetAction, postForm("/reset-password", fields));
    expect(reset.headers.get("Location")).toBe("/sign-in?notice=reset");
    expect(await count("select count(*) as n from sessions where user_id = ?", account.id)).toBe(0);
  });
});

describe("email confirmation", () => {
  it("leaves the link unused and the address unconfirmed when confirming fails", async () => {
    const account = await createAccount(t.env.DB, { confirmed: false });
    const db = createDb(t.env.DB);
    const token = await issueUserToken(db, account.id, "confirm-email", tokenLifetimesMs.confirmEmail);
    failing([{ sql: /^update "users"/ }]);
    const failed = await respond(t, verifyAction, postForm("/verify-email", { token }));
    expect(failed.status).toBe(503);
    expect(failed.data).toEqual({ error: writeFailedMessage });
    heal();
    expect(await peekUserToken(db, token, "confirm-email")).toBe(account.id);
    expect(await count("select count(*) as n from users where id = ? and email_confirmed_at is null", account.id)).toBe(
      1,
    );
  });

  it("says so when a new confirmation email cannot be made", async () => {
    const account = await createAccount(t.env.DB, { confirmed: false });
    const jar = await signedIn(t, account);
    failing([{ sql: /^insert into "user_tokens"/ }]);
    const failed = await respond(t, resendAction, withCookies(postForm("/confirm-email", { intent: "resend" }), jar));
    expect(failed.status).toBe(503);
    expect(failed.data).toEqual({ error: writeFailedMessage });
  });
});

describe("joining the staff", () => {
  it.each([
    ["using the invitation", /^update "invitations"/],
    ["adding the membership", /^insert into "memberships"/],
    ["logging it", /^insert into "security_events"/],
    ["giving the session a new id", /^insert into "sessions"/],
  ])("leaves no half-membership when %s fails", async (_step, sql) => {
    const db = createDb(t.env.DB);
    const organisation = await ensureOrganisation(db, shelterOrganisationSlug, shelter.name);
    const hire = await createAccount(t.env.DB);
    const token = await createInvitation(
      db,
      { organisationId: organisation.id, email: hire.email, role: "member", invitedBy: null as never },
      { actor: { id: hire.id, email: "inviter@example.com" }, address: "local" },
    );
    const jar = await signedIn(t, hire);

    failing([{ sql }]);
    const before = await snapshot();
    const failed = await respond(t, joinAction, withCookies(postForm("/join", { token }), jar));
    expect(failed.status).toBe(503);
    expect(failed.data).toEqual({ error: writeFailedMessage });
    expect(await snapshot()).toEqual(before);

    heal();
    const joined = await respond(t, joinAction, withCookies(postForm("/join", { token }), jar));
    expect(joined.headers.get("Location")).toBe("/petadmin");
    expect(await count("select count(*) as n from memberships where user_id = ?", hire.id)).toBe(1);
  });
});

describe("the questionnaire", () => {
  it("shows the question again with the answer chosen when it cannot be saved", async () => {
    const jar = await signedIn(t, await createAccount(t.env.DB));
    failing([{ sql: /^update "users"/ }]);
    const failed = await respond(
      t,
      matchAction,
      withCookies(postForm("/match", { intent: "answer", question: "a1", housing: "Apartment" }), jar),
    );
    expect(failed.status).toBe(503);
    expect(failed.data).toMatchObject({
      question: "a1",
      error: writeFailedMessage,
      result: { initialValue: { housing: "Apartment" } },
    });
  });

  it("keeps the answer as it was when widening it from an empty result cannot be saved", async () => {
    const account = await createAccount(t.env.DB);
    const answers = {
      a1: "House",
      a2: { children: 0, youngestAge: null },
      a3: [],
      a4: [],
      p1: "Dog",
      p2: { fromAge: "All", toAge: "All" },
      p3: ["Small"],
      p4: ["Quietly active"],
    };
    await t.env.DB.prepare("update users set match_answers = ? where id = ?")
      .bind(JSON.stringify(answers), account.id)
      .run();
    const jar = await signedIn(t, account);
    failing([{ sql: /^update "users"/ }]);
    const failed = await respond(
      t,
      matchAction,
      withCookies(postForm("/match", { intent: "relax", answer: "p3" }), jar),
    );
    expect(failed.status).toBe(503);
    expect(failed.data).toMatchObject({ error: writeFailedMessage });
    const stored = await t.env.DB.prepare("select match_answers as answers from users where id = ?")
      .bind(account.id)
      .first<{ answers: string }>();
    expect(JSON.parse(stored!.answers).p3).toEqual(["Small"]);
  });
});

describe("favorites", () => {
  it("answer 503 and keep nothing when the heart cannot be saved, with and without JavaScript", async () => {
    const pet = await insertPet(t.env.DB, { name: "Hearty" });
    const jar = await signedIn(t, await createAccount(t.env.DB));
    failing([{ sql: /^insert into "favorites"/ }]);
    const fields = { petId: String(pet.id), favorite: "true", redirectTo: "/adopt/cat" };
    const enhanced = await respond(
      t,
      toggleFavorite,
      withCookies(postForm("/favorites/toggle", { ...fields, stay: "1" }), jar),
    );
    expect(enhanced.status).toBe(503);
    expect(enhanced.data).toEqual({ ok: false, error: writeFailedMessage });
    const plain = await respond(t, toggleFavorite, withCookies(postForm("/favorites/toggle", fields), jar));
    expect(plain.status).toBe(503);
    expect(await plain.response?.text()).toBe(writeFailedMessage);
    expect(await count("select count(*) as n from favorites")).toBe(0);
  });
});

describe("staff changes to a pet", () => {
  let staff: CookieJar;
  beforeAll(async () => {
    staff = await signedIn(t, await createAccount(t.env.DB, { role: "owner", firstName: "Sam", lastName: "Staff" }));
  });
  const edit = (fields: Record<string, string>) =>
    respond(t, editAction, withCookies(postForm("/petadmin/edit", fields), staff));

  it.each([
    ["the pet", /^update "pets"/],
    ["its history row", /^insert into "pet_changes"/],
  ])("a hold that fails writing %s changes nothing and keeps the email", async (_step, sql) => {
    const pet = await insertPet(t.env.DB, { name: "Holdable" });
    failing([{ sql }]);
    const before = await snapshot();
    const failed = await edit({ intent: "hold", petId: String(pet.id), version: "1", email: "keeper@example.com" });
    expect(failed.status).toBe(503);
    expect(failed.data).toMatchObject({
      intent: "hold",
      message: writeFailedMessage,
      result: { initialValue: { email: "keeper@example.com" } },
    });
    expect(await snapshot()).toEqual(before);

    heal();
    const held = await edit({ intent: "hold", petId: String(pet.id), version: "1", email: "keeper@example.com" });
    expect(held.status).toBe(302);
    expect(await count("select count(*) as n from pet_changes where pet_id = ?", pet.id)).toBe(1);
  });

  it("extending a hold that fails leaves its end and version as they were", async () => {
    const until = new Date(Date.now() + 60 * 60 * 1000);
    const pet = await insertPet(t.env.DB, {
      name: "Extendable",
      onHoldEmail: "h@example.com",
      onHoldDate: new Date(),
      onHoldUntil: until,
    });
    failing([{ sql: /^insert into "pet_changes"/ }]);
    const before = await snapshot();
    const failed = await edit({ intent: "extend", petId: String(pet.id), version: "1" });
    expect(failed.status).toBe(503);
    expect(failed.data).toMatchObject({ intent: "extend", message: writeFailedMessage });
    expect(await snapshot()).toEqual(before);
    expect(await t.env.DB.prepare("select on_hold_until, version from pets where id = ?").bind(pet.id).first()).toEqual(
      { on_hold_until: until.getTime(), version: 1 },
    );
  });

  it("marking adopted that fails leaves the hold and the version as they were", async () => {
    const pet = await insertPet(t.env.DB, { name: "Adoptable", onHoldEmail: "h@example.com", onHoldDate: new Date() });
    failing([{ sql: /^insert into "pet_changes"/ }]);
    const failed = await edit({ intent: "adopt", petId: String(pet.id), version: "1", email: "new.home@example.com" });
    expect(failed.status).toBe(503);
    const row = await t.env.DB.prepare("select on_hold_email, adopted_email, version from pets where id = ?")
      .bind(pet.id)
      .first();
    expect(row).toEqual({ on_hold_email: "h@example.com", adopted_email: null, version: 1 });
  });

  it.each([
    ["the pet", /^update "pets"/],
    ["its history row", /^insert into "pet_changes"/],
  ])("a delete that fails writing %s leaves the pet listed as it was, photos and all", async (_step, sql) => {
    const key = "gone-abcdefghijklmnopqrstuvwxyz012345.jpg";
    await t.env.PHOTOS.put(key, new Uint8Array([1, 2, 3]));
    const pet = await insertPet(t.env.DB, { name: "Staying", images: [key] });
    failing([{ sql }]);
    const before = await snapshot();
    const failed = await edit({ intent: "delete", petId: String(pet.id), version: "1", confirm: "delete" });
    expect(failed.status).toBe(503);
    expect(failed.data).toMatchObject({ message: writeFailedMessage });
    expect(await snapshot()).toEqual(before);
    expect(await t.env.PHOTOS.head(key)).not.toBeNull();
  });

  it.each([
    ["the pet", /^update "pets"/],
    ["its history row", /^insert into "pet_changes"/],
  ])("a restore that fails writing %s leaves the pet in Recently deleted", async (_step, sql) => {
    const pet = await insertPet(t.env.DB, { name: "Restorable", deletedAt: new Date(), version: 2 });
    failing([{ sql }]);
    const before = await snapshot();
    const failed = await edit({ intent: "restore", petId: String(pet.id), version: "2" });
    expect(failed.status).toBe(503);
    expect(failed.data).toMatchObject({ intent: "restore", message: writeFailedMessage });
    expect(await snapshot()).toEqual(before);

    heal();
    const restored = await edit({ intent: "restore", petId: String(pet.id), version: "2" });
    expect(restored.headers.get("Location")).toBe(`/petadmin/edit?pet_id=${pet.id}&done=restored`);
    expect(await count("select count(*) as n from pets where id = ? and deleted_at is null", pet.id)).toBe(1);
  });
});

describe("new-pet alerts", () => {
  const answers = {
    a1: "House",
    a2: { children: 0, youngestAge: null },
    a3: [],
    a4: [],
    p1: "Dog",
    p2: { fromAge: "All", toAge: "All" },
    p3: ["Small"],
    p4: ["Quietly active"],
  };

  it("turning alerts on or unsubscribing that D1 refuses changes nothing and says so (503)", async () => {
    const account = await createAccount(t.env.DB);
    await t.env.DB.prepare("update users set match_answers = ? where id = ?")
      .bind(JSON.stringify(answers), account.id)
      .run();
    const jar = await signedIn(t, account);
    failing([{ sql: /^update "users"/ }]);
    const before = await snapshot();
    const failed = await respond(
      t,
      alertsAction,
      withCookies(postForm("/alerts/new-pets", { alerts: "on", redirectTo: "/match" }), jar),
    );
    expect(failed.status).toBe(503);
    expect(await failed.response?.text()).toBe(writeFailedMessage);
    expect(await snapshot()).toEqual(before);

    heal();
    await respond(t, alertsAction, withCookies(postForm("/alerts/new-pets", { alerts: "on" }), jar));
    const token = await unsubscribeToken(account.id, t.context.config.alertTokenSecret!);
    failing([{ sql: /^update "users"/ }]);
    const refused = await respond(
      t,
      unsubscribeAction,
      postForm(`/alerts/unsubscribe?user=${account.id}&token=${token}`, { "List-Unsubscribe": "One-Click" }),
    );
    expect(refused.status).toBe(503);
    expect(
      await t.env.DB.prepare("select new_pet_alerts as on_ from users where id = ?").bind(account.id).first(),
    ).toEqual({ on_: 1 });
  });
});

describe("staff members", () => {
  it("an invitation that cannot be saved keeps the email and role, and sends nothing", async () => {
    const owner = await signedIn(t, await createAccount(t.env.DB, { role: "owner" }));
    failing([{ sql: /^insert into "invitations"/ }]);
    const before = await snapshot();
    const failed = await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "invite", email: "helper@example.com", role: "admin" }), owner),
    );
    expect(failed.status).toBe(503);
    expect(formErrors(failed.data)).toEqual([writeFailedMessage]);
    expect(kept(failed.data)).toMatchObject({ email: "helper@example.com", role: "admin" });
    expect(await snapshot()).toEqual(before);
  });

  it("an invitation whose email cannot be sent is withdrawn, and the form says nothing was saved", async () => {
    const owner = await signedIn(t, await createAccount(t.env.DB, { role: "owner" }));
    failing([{ sql: /^insert into "outbox_messages"/ }]);
    const before = await snapshot(["security_events"]);
    const failed = await respond(
      t,
      staffAction,
      withCookies(
        postForm("/petadmin/staff", { intent: "invite", email: "unsent@example.com", role: "member" }),
        owner,
      ),
    );
    expect(failed.status).toBe(503);
    expect(formErrors(failed.data)).toEqual([writeFailedMessage]);
    expect(kept(failed.data)).toMatchObject({ email: "unsent@example.com" });
    expect(await snapshot(["security_events"])).toEqual(before);
    // The log keeps what happened: sent, then withdrawn.
    const logged = await t.env.DB.prepare(
      "select kind from security_events where email = 'unsent@example.com' order by id",
    ).all<{ kind: string }>();
    expect(logged.results.map((row) => row.kind)).toEqual(["invitation-sent", "invitation-withdrawn"]);
  });

  it("a role change that cannot be saved says so", async () => {
    const owner = await signedIn(t, await createAccount(t.env.DB, { role: "owner" }));
    const member = await createAccount(t.env.DB, { role: "member" });
    failing([{ sql: /^update "memberships"/ }]);
    const failed = await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { intent: "role", userId: String(member.id), role: "admin" }), owner),
    );
    expect(failed.status).toBe(503);
    expect(failed.data).toMatchObject({ error: writeFailedMessage });
    expect(await count("select count(*) as n from memberships where user_id = ? and role = 'member'", member.id)).toBe(
      1,
    );
  });
});

describe("sessions and the security log", () => {
  const newPassword = {
    intent: "change-password",
    password: "a-brand-new-passphrase",
    confirmPassword: "a-brand-new-passphrase",
  };

  it("a sign-in whose event cannot be logged starts no session", async () => {
    const account = await createAccount(t.env.DB);
    failing([{ sql: /^insert into "security_events"/ }]);
    const failed = await respond(
      t,
      signInAction,
      postForm("/sign-in", { email: account.email, password: account.password }),
    );
    expect(failed.status).toBe(503);
    expect(kept(failed.data)).toMatchObject({ email: account.email });
    expect(await count("select count(*) as n from sessions where user_id = ?", account.id)).toBe(0);
  });

  it.each([
    ["the password", /^update "users"/],
    ["ending the other sessions", /^delete from "sessions"/],
    ["the new session id", /^insert into "sessions"/],
    ["the event", /^insert into "security_events"/],
  ])("a password change that fails at %s changes nothing and shows the form again", async (_step, sql) => {
    const account = await createAccount(t.env.DB);
    const jar = await signedIn(t, account);
    const other = await signedIn(t, account);
    failing([{ sql }]);
    const before = await snapshot();
    const failed = await respond(
      t,
      profileAction,
      withCookies(postForm("/user-profile", { ...newPassword, currentPassword: account.password }), jar),
    );
    expect(failed.status).toBe(503);
    expect(formErrors(failed.data)).toEqual([writeFailedMessage]);
    expect(failed.headers.getSetCookie()).toEqual([]);
    expect(await snapshot()).toEqual(before);

    heal();
    expect((await respond(t, profileLoader, withCookies(getRequest("/user-profile"), jar))).status).toBe(200);
    expect((await respond(t, profileLoader, withCookies(getRequest("/user-profile"), other))).status).toBe(200);
  });

  it.each([
    ["everywhere else", { intent: "sign-out-others" }, /^delete from "sessions"/],
    ["everywhere else (its event)", { intent: "sign-out-others" }, /^insert into "security_events"/],
    ["one device", { intent: "sign-out-device" }, /^insert into "security_events"/],
  ])("signing out %s that fails ends no session and says so", async (_what, fields, sql) => {
    const account = await createAccount(t.env.DB);
    const jar = await signedIn(t, account);
    await signedIn(t, account);
    const devices = (await respond(t, profileLoader, withCookies(getRequest("/user-profile"), jar))).data as {
      devices: { key: string; current: boolean }[];
    };
    const other = devices.devices.find((device) => !device.current)!;
    failing([{ sql }]);
    const before = await snapshot();
    const failed = await respond(
      t,
      profileAction,
      withCookies(postForm("/user-profile", { ...fields, device: other.key }), jar),
    );
    expect(failed.status).toBe(503);
    expect(failed.data).toMatchObject({ error: writeFailedMessage });
    expect(await snapshot()).toEqual(before);
    expect(await count("select count(*) as n from sessions where user_id = ?", account.id)).toBe(2);
  });

  it.each([
    ["role change", { intent: "role", role: "admin" }, /^delete from "sessions"/],
    ["role change", { intent: "role", role: "admin" }, /^insert into "security_events"/],
    ["removal", { intent: "remove" }, /^insert into "security_events"/],
  ])("a %s that fails keeps the membership and the member's sessions", async (_what, fields, sql) => {
    const owner = await signedIn(t, await createAccount(t.env.DB, { role: "owner" }));
    const member = await createAccount(t.env.DB, { role: "member" });
    await signedIn(t, member);
    failing([{ sql }]);
    const before = await snapshot();
    const failed = await respond(
      t,
      staffAction,
      withCookies(postForm("/petadmin/staff", { ...fields, userId: String(member.id) }), owner),
    );
    expect(failed.status).toBe(503);
    expect(failed.data).toMatchObject({ error: writeFailedMessage });
    expect(await snapshot()).toEqual(before);
    expect(await count("select count(*) as n from sessions where user_id = ?", member.id)).toBe(1);
  });
});
