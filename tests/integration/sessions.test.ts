import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "#app/db/client.server";
import { messages } from "#app/lib/accounts/account-fields";
import { limits } from "#app/lib/accounts/rate-limits";
import { tokenLifetimesMs } from "#app/lib/accounts/token-lifetimes";
import { createInvitation, ensureOrganisation, shelterOrganisationSlug } from "#app/models/organisations.server";
import { deleteExpiredSecurityEvents, securityEventRetentionMs } from "#app/models/security-events.server";
import { issueUserToken } from "#app/models/user-tokens.server";
import { createUser } from "#app/models/users.server";
import { action as joinAction } from "#app/routes/site/join";
import { loader as petAdminLoader } from "#app/routes/petadmin/layout";
import { loader as securityLoader } from "#app/routes/petadmin/security";
import { action as staffAction } from "#app/routes/petadmin/staff";
import { action as resetAction } from "#app/routes/account/reset-password";
import { action as signInAction } from "#app/routes/account/sign-in";
import { action as profileAction, loader as profileLoader } from "#app/routes/account/user-profile";
import { idleLimitMs, lastSeenIntervalMs } from "#app/services/session.server";
import { CookieJar, createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { shelter } from "#app/config/shelter";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => t.dispose());

const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";
const safari =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Signs in from a browser of its own (its own cookie jar, User-Agent and address). */
async function signIn(
  account: { email: string; password: string },
  { agent = firefox, address = "203.0.113.7", remember = false } = {},
) {
  const request = postForm("/sign-in", {
    email: account.email,
    password: account.password,
    ...(remember ? { remember: "on" } : {}),
  });
  request.headers.set("User-Agent", agent);
  request.headers.set("CF-Connecting-IP", address);
  const result = await respond(t, signInAction, request);
  expect(result.status).toBe(302);
  return new CookieJar().keep(result.headers);
}

const get = (path: string, jar: CookieJar) => withCookies(getRequest(path), jar);
const post = (path: string, fields: Record<string, string>, jar: CookieJar) => withCookies(postForm(path, fields), jar);

async function isSignedIn(jar: CookieJar) {
  return (await respond(t, profileLoader, get("/user-profile", jar))).status === 200;
}
const sessionCount = async (userId: number) =>
  (await t.env.DB.prepare("select count(*) as n from sessions where user_id = ?").bind(userId).first<{ n: number }>())
    ?.n ?? -1;
const eventsOf = async (userId: number, kind: string) =>
  (
    await t.env.DB.prepare("select * from security_events where user_id = ? and kind = ? order by id")
      .bind(userId, kind)
      .all<{
        kind: string;
        email: string;
        actor_user_id: number | null;
        address: string;
        detail: string | null;
        organisation_id: number | null;
      }>()
  ).results;

type Reply = {
  intent?: string;
  error?: string | null;
  result?: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> };
};
const replyOf = (data: unknown) => data as Reply;

interface Device {
  key: string;
  device: string;
  network: string;
  current: boolean;
}
async function devicesOf(jar: CookieJar): Promise<Device[]> {
  return (
    replyOf((await respond(t, profileLoader, get("/user-profile", jar))).data) as unknown as { devices: Device[] }
  ).devices;
}

describe("changing the password", () => {
  it("ends every other session, keeps this one under a new id, and logs it once", async () => {
    const account = await createAccount(t.env.DB);
    const here = await signIn(account);
    const phone = await signIn(account, { agent: safari });
    const laptop = await signIn(account);
    const oldCookie = here.header();

    const changed = await respond(
      t,
      profileAction,
      post(
        "/user-profile",
        {
          intent: "change-password",
          currentPassword: account.password,
          password: "a-brand-new-passphrase",
          confirmPassword: "a-brand-new-passphrase",
        },
        here,
      ),
    );
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/user-profile?done=password");
    here.keep(changed.headers);

    expect(here.header()).not.toBe(oldCookie);
    expect(await isSignedIn(here)).toBe(true);
    const stale = new CookieJar().keep(new Headers([["Set-Cookie", `${oldCookie}; Path=/`]]));
    expect(await isSignedIn(stale)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await sessionCount(account.id)).toBe(1);
    expect(await eventsOf(account.id, "password-changed")).toHaveLength(1);

    // The new password signs in; the old one does not.
    await signIn({ email: account.email, password: "a-brand-new-passphrase" });
    const old = await respond(
      t,
      signInAction,
      postForm("/sign-in", { email: account.email, password: account.password }),
    );
    expect(old.status).toBe(400);
  });

  it("refuses a wrong current password and changes nothing, without echoing passwords", async () => {
    const account = await createAccount(t.env.DB);
    const here = await signIn(account);
    const other = await signIn(account);
    const before = await t.env.DB.prepare("select password_hash from users where id = ?").bind(account.id).first();

    const refused = await respond(
      t,
      profileAction,
      post(
        "/user-profile",
        {
          intent: "change-password",
          currentPassword: "not-my-password",
          password: "a-brand-new-passphrase",
          confirmPassword: "a-brand-new-passphrase",
        },
        here,
      ),
    );
    expect(refused.status).toBe(400);
    const reply = replyOf(refused.data);
    expect(reply.result?.error?.currentPassword).toEqual([messages.wrongCurrentPassword]);
    expect(reply.result?.initialValue).toMatchObject({ intent: "change-password" });
    expect(reply.result?.initialValue).not.toHaveProperty("currentPassword");
    expect(reply.result?.initialValue).not.toHaveProperty("password");
    expect(await t.env.DB.prepare("select password_hash from users where id = ?").bind(account.id).first()).toEqual(
      before,
    );
    expect(await isSignedIn(other)).toBe(true);
    expect(await eventsOf(account.id, "password-changed")).toHaveLength(0);
  });

  it("refuses a common new password and a mismatched re-type", async () => {
    const account = await createAccount(t.env.DB);
    const here = await signIn(account);
    const common = await respond(
      t,
      profileAction,
      post(
        "/user-profile",
        {
          intent: "change-password",
          currentPassword: account.password,
          password: "password123",
          confirmPassword: "password123",
        },
        here,
      ),
    );
    expect(replyOf(common.data).result?.error?.password).toEqual([messages.commonPassword]);
    const mismatch = await respond(
      t,
      profileAction,
      post(
        "/user-profile",
        {
          intent: "change-password",
          currentPassword: account.password,
          password: "a-brand-new-passphrase",
          confirmPassword: "something-else",
        },
        here,
      ),
    );
    expect(replyOf(mismatch.data).result?.error?.confirmPassword).toEqual([messages.confirmPassword]);
  });

  it("tells an account without a password to set one with Forgot password", async () => {
    const db = createDb(t.env.DB);
    const user = await createUser(db, {
      email: "google-only@example.com",
      firstName: "Gee",
      lastName: "Only",
      googleSubject: "g-only",
      emailConfirmedAt: new Date(),
    });
    const { startSession } = await import("#app/services/session.server");
    const jar = new CookieJar().keep(
      new Headers([["Set-Cookie", await startSession(db, new Request("http://localhost/"), user!.id, false)]]),
    );
    const page = await respond(t, profileLoader, get("/user-profile", jar));
    expect(page.data).toMatchObject({ hasPassword: false });
    const refused = await respond(
      t,
      profileAction,
      post(
        "/user-profile",
        {
          intent: "change-password",
          currentPassword: "anything",
          password: "a-brand-new-passphrase",
          confirmPassword: "a-brand-new-passphrase",
        },
        jar,
      ),
    );
    expect(refused.status).toBe(400);
    expect(replyOf(refused.data).result?.error?.[""]?.[0]).toContain("Forgot password?");
  });

  it("counts wrong current passwords against the account's sign-in limit", async () => {
    const account = await createAccount(t.env.DB);
    const here = await signIn(account);
    const wrong = {
      intent: "change-password",
      currentPassword: "not-my-password",
      password: "a-brand-new-passphrase",
      confirmPassword: "a-brand-new-passphrase",
    };
    for (let attempt = 0; attempt < limits.signInPerAccount.limit; attempt += 1) {
      expect((await respond(t, profileAction, post("/user-profile", wrong, here))).status).toBe(400);
    }
    const locked = await respond(
      t,
      profileAction,
      post("/user-profile", { ...wrong, currentPassword: account.password }, here),
    );
    expect(locked.status).toBe(429);
    // Each wrong guess and the lockout are in the security log, as on the sign-in form.
    expect(await eventsOf(account.id, "sign-in-failed")).toHaveLength(limits.signInPerAccount.limit);
    expect(await eventsOf(account.id, "sign-in-locked")).toEqual([
      expect.objectContaining({ detail: "change-password form" }),
    ]);
  });
});

describe("the device list", () => {
  it("shows only the user's own sessions, marks this device, and signs out everywhere else", async () => {
    const account = await createAccount(t.env.DB);
    const stranger = await createAccount(t.env.DB);
    const strangerJar = await signIn(stranger);
    const here = await signIn(account, { address: "198.51.100.23" });
    const phone = await signIn(account, { agent: safari, address: "2001:db8:85a3:8d3:1319:8a2e:370:7348" });
    const tablet = await signIn(account, { agent: safari });

    const devices = await devicesOf(here);
    expect(devices).toHaveLength(3);
    expect(devices.filter((device) => device.current)).toEqual([
      expect.objectContaining({ device: "Firefox on Windows", network: "198.51.100.0/24" }),
    ]);
    expect(devices.map((device) => device.network)).toContain("2001:db8:85a3::/48");
    expect(devices.filter((device) => device.device === "Safari on iOS")).toHaveLength(2);

    const ended = await respond(t, profileAction, post("/user-profile", { intent: "sign-out-others" }, here));
    expect(ended.headers.get("Location")).toBe("/user-profile?done=others");
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(tablet)).toBe(false);
    expect(await isSignedIn(strangerJar)).toBe(true);
    expect(await devicesOf(here)).toHaveLength(1);
    expect(await eventsOf(account.id, "signed-out-everywhere-else")).toHaveLength(1);
  });

  it("signs out one other device, never this one nor someone else's", async () => {
    const account = await createAccount(t.env.DB);
    const stranger = await createAccount(t.env.DB);
    const strangerJar = await signIn(stranger);
    const here = await signIn(account);
    const phone = await signIn(account, { agent: safari });
    const laptop = await signIn(account);
    const [strangerDevice] = await devicesOf(strangerJar);
    const devices = await devicesOf(here);
    const thisOne = devices.find((device) => device.current)!;
    const phoneDevice = devices.find((device) => device.device === "Safari on iOS")!;

    for (const key of [strangerDevice!.key, thisOne.key, "not-a-key"]) {
      const refused = await respond(
        t,
        profileAction,
        post("/user-profile", { intent: "sign-out-device", device: key }, here),
      );
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(replyOf(refused.data).error).toBeTruthy();
    }
    expect(await isSignedIn(strangerJar)).toBe(true);
    expect(await isSignedIn(here)).toBe(true);

    const ended = await respond(
      t,
      profileAction,
      post("/user-profile", { intent: "sign-out-device", device: phoneDevice.key }, here),
    );
    expect(ended.headers.get("Location")).toBe("/user-profile?done=device");
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await eventsOf(account.id, "signed-out-other-device")).toHaveLength(1);
  });
});

describe("idle sessions", () => {
  const minute = 60_000;
  /** A controlled clock: only Date moves, timers stay real (Miniflare needs them). */
  function clockAt(start: number) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    return (ms: number) => vi.setSystemTime(Date.now() + ms);
  }

  it("ends a staff session after 2 hours unused, even with Remember Me", async () => {
    const staff = await createAccount(t.env.DB, { role: "member" });
    const advance = clockAt(Date.now());
    const jar = await signIn(staff, { remember: true });
    advance(idleLimitMs.staff - minute);
    expect(await isSignedIn(jar)).toBe(true);
    // Activity moved the idle clock: two more hours less a minute later it still holds.
    advance(idleLimitMs.staff - minute);
    expect(await isSignedIn(jar)).toBe(true);
    advance(idleLimitMs.staff + minute);
    expect(await isSignedIn(jar)).toBe(false);
    expect((await respond(t, petAdminLoader, get("/petadmin", jar))).headers.get("Location")).toBe(
      "/sign-in?redirectTo=%2Fpetadmin",
    );
  });

  it("keeps an adopter's Remember Me session 7 days unused, and a browser session 4 hours", async () => {
    const adopter = await createAccount(t.env.DB);
    const advance = clockAt(Date.now());
    const remembered = await signIn(adopter, { remember: true });
    const browser = await signIn(adopter);
    advance(idleLimitMs.browser - minute);
    expect(await isSignedIn(browser)).toBe(true);
    expect(await isSignedIn(remembered)).toBe(true);
    advance(idleLimitMs.browser + minute);
    expect(await isSignedIn(browser)).toBe(false);
    expect(await isSignedIn(remembered)).toBe(true);
    advance(idleLimitMs.persistent - minute);
    expect(await isSignedIn(remembered)).toBe(true);
    advance(idleLimitMs.persistent + minute);
    expect(await isSignedIn(remembered)).toBe(false);
    // The next sign-in clears the rows of sessions unused for longer than any idle limit.
    await signIn(adopter);
    expect(await sessionCount(adopter.id)).toBe(1);
  });

  it("writes the last activity at most every few minutes", async () => {
    const adopter = await createAccount(t.env.DB);
    const advance = clockAt(Date.now());
    const jar = await signIn(adopter);
    const lastSeen = async () =>
      (await t.env.DB.prepare("select last_seen_at from sessions where user_id = ?")
        .bind(adopter.id)
        .first<{ last_seen_at: number }>())!.last_seen_at;
    const signedInAt = await lastSeen();
    advance(lastSeenIntervalMs - minute);
    await isSignedIn(jar);
    expect(await lastSeen()).toBe(signedInAt);
    advance(2 * minute);
    await isSignedIn(jar);
    expect(await lastSeen()).toBe(Date.now());
  });
});

describe("rights change, session changes", () => {
  it("gives the joiner a new session id: the old cookie no longer works", async () => {
    const db = createDb(t.env.DB);
    const organisation = await ensureOrganisation(db, shelterOrganisationSlug, shelter.name);
    const owner = await createAccount(t.env.DB, { role: "owner" });
    const hire = await createAccount(t.env.DB);
    const token = await createInvitation(
      db,
      { organisationId: organisation.id, email: hire.email, role: "member", invitedBy: owner.id },
      { actor: owner, address: "local" },
    );
    const jar = await signIn(hire);
    const before = jar.header();

    const joined = await respond(t, joinAction, post("/join", { token }, jar));
    expect(joined.headers.get("Location")).toBe("/petadmin");
    jar.keep(joined.headers);
    expect(jar.header()).not.toBe(before);
    expect((await respond(t, petAdminLoader, get("/petadmin", jar))).status).toBe(200);
    const stale = new CookieJar().keep(new Headers([["Set-Cookie", `${before}; Path=/`]]));
    expect(await isSignedIn(stale)).toBe(false);
    expect(await sessionCount(hire.id)).toBe(1);
    expect(await eventsOf(hire.id, "invitation-accepted")).toEqual([
      expect.objectContaining({ organisation_id: organisation.id, detail: "member" }),
    ]);
  });

  it("ends every other session of the joiner: no browser keeps adopter rights it signed in with", async () => {
    const db = createDb(t.env.DB);
    const organisation = await ensureOrganisation(db, shelterOrganisationSlug, shelter.name);
    const owner = await createAccount(t.env.DB, { role: "owner" });
    const hire = await createAccount(t.env.DB);
    const token = await createInvitation(
      db,
      { organisationId: organisation.id, email: hire.email, role: "admin", invitedBy: owner.id },
      { actor: owner, address: "local" },
    );
    const phone = await signIn(hire, { agent: safari });
    const laptop = await signIn(hire);

    const joined = await respond(t, joinAction, post("/join", { token }, laptop));
    expect(joined.headers.get("Location")).toBe("/petadmin");
    laptop.keep(joined.headers);
    expect((await respond(t, petAdminLoader, get("/petadmin", laptop))).status).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await sessionCount(hire.id)).toBe(1);
  });

  it("ends the sessions of a member whose role changes or who is removed, and logs who did it", async () => {
    const admin = await createAccount(t.env.DB, { role: "admin" });
    const adminJar = await signIn(admin);
    const colleague = await createAccount(t.env.DB, { role: "member" });
    const colleagueJars = [await signIn(colleague), await signIn(colleague, { agent: safari })];

    const promoted = await respond(
      t,
      staffAction,
      post("/petadmin/staff", { intent: "role", userId: String(colleague.id), role: "admin" }, adminJar),
    );
    expect(promoted.headers.get("Location")).toBe("/petadmin/staff");
    for (const jar of colleagueJars) expect(await isSignedIn(jar)).toBe(false);
    expect(await isSignedIn(adminJar)).toBe(true);
    expect(await eventsOf(colleague.id, "role-changed")).toEqual([
      expect.objectContaining({ actor_user_id: admin.id, detail: "member → admin" }),
    ]);

    const again = await signIn(colleague);
    await respond(
      t,
      staffAction,
      post("/petadmin/staff", { intent: "remove", userId: String(colleague.id) }, adminJar),
    );
    expect(await isSignedIn(again)).toBe(false);
    expect(await eventsOf(colleague.id, "member-removed")).toEqual([
      expect.objectContaining({ actor_user_id: admin.id, detail: "was admin" }),
    ]);
  });
});

describe("the security log", () => {
  it("logs each kind of event once", async () => {
    const owner = await createAccount(t.env.DB, { role: "owner" });
    const ownerJar = await signIn(owner, { address: "192.0.2.44" });
    expect(await eventsOf(owner.id, "sign-in")).toEqual([
      expect.objectContaining({ address: "192.0.2.44", detail: "password" }),
    ]);

    const victim = await createAccount(t.env.DB);
    for (let attempt = 0; attempt < limits.signInPerAccount.limit; attempt += 1) {
      await respond(t, signInAction, postForm("/sign-in", { email: victim.email, password: "wrong-password" }));
    }
    expect(await eventsOf(victim.id, "sign-in-failed")).toHaveLength(limits.signInPerAccount.limit);
    const refused = await respond(
      t,
      signInAction,
      postForm("/sign-in", { email: victim.email, password: victim.password }),
    );
    expect(refused.status).toBe(429);
    expect(await eventsOf(victim.id, "sign-in-locked")).toHaveLength(1);
    expect(await eventsOf(victim.id, "sign-in")).toHaveLength(0);
    // A typed address with no account leaves nothing behind.
    const strangers = await t.env.DB.prepare(
      "select count(*) as n from security_events where user_id is null and kind like 'sign-in%'",
    ).first<{ n: number }>();
    await respond(
      t,
      signInAction,
      postForm("/sign-in", { email: "nobody-here@example.com", password: "whatever-it-is" }),
    );
    expect(
      await t.env.DB.prepare(
        "select count(*) as n from security_events where user_id is null and kind like 'sign-in%'",
      ).first(),
    ).toEqual(strangers);

    const forgetful = await createAccount(t.env.DB);
    const resetToken = await issueUserToken(
      createDb(t.env.DB),
      forgetful.id,
      "reset-password",
      tokenLifetimesMs.resetPassword,
    );
    await respond(
      t,
      resetAction,
      postForm("/reset-password", {
        token: resetToken,
        password: "a-brand-new-passphrase",
        confirmPassword: "a-brand-new-passphrase",
      }),
    );
    expect(await eventsOf(forgetful.id, "password-reset")).toHaveLength(1);

    const invited = await respond(
      t,
      staffAction,
      post("/petadmin/staff", { intent: "invite", email: "log.hire@example.com", role: "member" }, ownerJar),
    );
    expect(invited.status).toBe(302);
    const sent = await t.env.DB.prepare(
      "select * from security_events where kind = 'invitation-sent' and email = 'log.hire@example.com'",
    ).all();
    expect(sent.results).toEqual([expect.objectContaining({ actor_user_id: owner.id, detail: "member" })]);
  });

  it("refuses UPDATE, and DELETE of rows younger than the retention; housekeeping deletes the old ones", async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const insert = t.env.DB.prepare(
      "insert into security_events (kind, user_id, email, address, created_at) values ('sign-in', 999, 'old@example.com', 'local', ?)",
    );
    await insert.bind(now - securityEventRetentionMs - day).run();
    await insert.bind(now - securityEventRetentionMs + day).run();
    await expect(
      t.env.DB.prepare("update security_events set email = 'forged@example.com' where user_id = 999").run(),
    ).rejects.toThrow(/append-only/);
    await expect(t.env.DB.prepare("delete from security_events where user_id = 999").run()).rejects.toThrow(
      /kept 365 days/,
    );
    await expect(t.env.DB.prepare("delete from security_events").run()).rejects.toThrow(/kept 365 days/);

    expect(await deleteExpiredSecurityEvents(createDb(t.env.DB), new Date(now))).toBe(1);
    const left = await t.env.DB.prepare("select created_at from security_events where user_id = 999").all<{
      created_at: number;
    }>();
    expect(left.results).toEqual([{ created_at: now - securityEventRetentionMs + day }]);
  });

  it("is for owners and admins of the organisation: members get 403, visitors sign in", async () => {
    expect((await respond(t, securityLoader, getRequest("/petadmin/security"))).headers.get("Location")).toBe(
      "/sign-in?redirectTo=%2Fpetadmin%2Fsecurity",
    );
    const member = await signIn(await createAccount(t.env.DB, { role: "member" }));
    expect((await respond(t, securityLoader, get("/petadmin/security", member))).status).toBe(403);
    const adopter = await signIn(await createAccount(t.env.DB));
    expect((await respond(t, securityLoader, get("/petadmin/security", adopter))).status).toBe(403);
  });

  it("shows the organisation's events newest first, by kind and by page, and no adopter's", async () => {
    const admin = await createAccount(t.env.DB, { role: "admin" });
    const adminJar = await signIn(admin);
    const adopter = await createAccount(t.env.DB, { email: "private-adopter@example.com" });
    await signIn(adopter);

    type Page = {
      events: { what: string; who: string }[];
      page: number;
      pages: number;
      total: number;
      kind: string | null;
    };
    const page = async (query: string) =>
      (await respond(t, securityLoader, get(`/petadmin/security${query}`, adminJar))).data as Page;
    const all = await page("");
    expect(all.events[0]).toMatchObject({ what: "Signed in", who: admin.email });
    expect(all.events.map((event) => event.who)).not.toContain("private-adopter@example.com");

    const removals = await page("?kind=member-removed");
    expect(removals.kind).toBe("member-removed");
    expect(removals.events.length).toBeGreaterThan(0);
    expect(new Set(removals.events.map((event) => event.what))).toEqual(new Set(["Removed from the staff"]));

    // Enough sign-ins of a colleague to fill more than one page.
    const colleague = await createAccount(t.env.DB, { role: "member" });
    const stamp = t.env.DB.prepare(
      "insert into security_events (kind, user_id, email, address, created_at) values ('sign-in', ?, ?, 'local', ?)",
    );
    const joinedAt = Date.now();
    await t.env.DB.batch(
      Array.from({ length: 60 }, (_, index) => stamp.bind(colleague.id, colleague.email, joinedAt + 1_000 + index)),
    );
    const first = await page("?kind=sign-in");
    expect(first.pages).toBeGreaterThan(1);
    const second = await page("?kind=sign-in&page=2");
    expect(second.page).toBe(2);
    expect(second.events.length).toBeGreaterThan(0);
    expect(await page("?kind=no-such-kind&page=-4")).toMatchObject({ kind: null, page: 1 });
  });
});

describe("the security log of an organisation", () => {
  it("shows a member's events only since they joined, and nothing another organisation did", async () => {
    const db = createDb(t.env.DB);
    const organisation = await ensureOrganisation(db, shelterOrganisationSlug, shelter.name);
    const elsewhere = await ensureOrganisation(db, "other-rescue", "Other Rescue");
    const admin = await createAccount(t.env.DB, { role: "admin" });
    const adminJar = await signIn(admin);
    const hire = await createAccount(t.env.DB, { email: "hire.with.a.past@example.com" });
    // Before joining: a sign-in from home, and a role in another organisation.
    await signIn(hire, { address: "198.51.100.1" });
    await t.env.DB.prepare(
      "insert into memberships (organisation_id, user_id, role, created_at) values (?, ?, 'owner', ?)",
    )
      .bind(elsewhere.id, hire.id, Date.now())
      .run();
    await t.env.DB.prepare(
      "insert into security_events (kind, user_id, email, organisation_id, address, detail, created_at) values ('role-changed', ?, ?, ?, 'local', 'member → owner', ?)",
    )
      .bind(hire.id, hire.email, elsewhere.id, Date.now())
      .run();
    const hireJar = await signIn(hire);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 1_000);
    const token = await createInvitation(
      db,
      { organisationId: organisation.id, email: hire.email, role: "member", invitedBy: admin.id },
      { actor: admin, address: "local" },
    );
    expect((await respond(t, joinAction, post("/join", { token }, hireJar))).headers.get("Location")).toBe("/petadmin");
    vi.setSystemTime(Date.now() + 1_000);
    await signIn(hire, { address: "198.51.100.2" });
    vi.useRealTimers();

    type Page = { events: { what: string; who: string }[] };
    const seen = ((await respond(t, securityLoader, get("/petadmin/security", adminJar))).data as Page).events.filter(
      (event) => event.who === hire.email,
    );
    expect(seen.map((event) => event.what)).toEqual(["Signed in", "Invitation accepted", "Invitation sent"]);
    expect(JSON.stringify(seen)).not.toContain("198.51.100.1");
    expect(JSON.stringify(seen)).not.toContain("member → owner");
  });
});
