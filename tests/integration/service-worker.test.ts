import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAttribute, viewerHeader } from "#app/lib/http/offline-pages";
import { createAccount } from "../builders/accounts";
import { startBuiltWorker, type BuiltWorker } from "./built-worker";
import { CookieJar } from "./harness";

// The offline service worker's server side (decision 050), through the built Worker: the script, who
// each answer is for, and the switch that retires the worker.

const origin = "http://localhost";
let on: BuiltWorker;
let off: BuiltWorker;
beforeAll(async () => {
  on = await startBuiltWorker();
  off = await startBuiltWorker({ SERVICE_WORKER: "off" });
}, 240_000);
afterAll(async () => {
  await on?.dispose();
  await off?.dispose();
});

const htmlAttribute = async (worker: BuiltWorker, path: string) =>
  (await (await worker.fetch(`${origin}${path}`)).text()).match(
    new RegExp(`<html[^>]*\\s${registerAttribute}="([^"]*)"`),
  )?.[1];

describe("the service worker's script", () => {
  it("is this build's worker, named after the build, never cached, and pages register it", async () => {
    const answer = await on.fetch(`${origin}/sw.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toBe("no-cache");
    const script = await answer.text();
    expect(script).not.toMatch(/__BUILD__|__TIME_ZONE__|__SITE_NAME__/);
    expect(script).toContain("America/Los_Angeles");
    expect(script).toContain('addEventListener("fetch"');
    const version = (await (await on.fetch(`${origin}/`)).text()).match(/\/assets\/manifest-([0-9a-f]+)\.js/)?.[1];
    expect(version).toBeTruthy();
    expect(script).toContain(version);
    expect(await htmlAttribute(on, "/")).toBe("/sw.js");
  });

  it("retired (SERVICE_WORKER = off): pages say off and the script deletes its caches and unregisters itself", async () => {
    const script = await (await off.fetch(`${origin}/sw.js`)).text();
    expect(script).toContain("self.registration.unregister()");
    expect(script).not.toContain('addEventListener("fetch"');
    expect(await htmlAttribute(off, "/")).toBe("off");
  });
});

/** A browser's own post; the forwarded host stands for the one Miniflare's dispatch replaces (as in security.test.ts). */
const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
  on.fetch(`${origin}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-Host": "localhost",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

/** Signs an account in from a browser of its own: the Cookie header it then sends. */
async function signIn(account: { email: string; password: string }) {
  const signedIn = await postForm("/sign-in", { email: account.email, password: account.password });
  expect(signedIn.status).toBe(302);
  return new CookieJar().keep(signedIn.headers).header();
}

describe("who an answer is for", () => {
  it("names the session in X-Viewer-Key on pages and data, differently per session, and never for visitors without one", async () => {
    const sessionOf = async (email: string) => signIn(await createAccount(on.db, { email }));
    const first = await sessionOf("first.viewer@example.com");
    const second = await sessionOf("second.viewer@example.com");
    const keyOf = async (path: string, cookie?: string) =>
      (await on.fetch(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).headers.get(viewerHeader);
    const firstKey = await keyOf("/favorite", first);
    expect(firstKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await keyOf("/adopt/dog.data", first)).toBe(firstKey);
    expect(await keyOf("/favorite", second)).not.toBe(firstKey);
    expect(await keyOf("/adopt/dog")).toBeNull();
    expect(await keyOf("/adopt/dog", "list-preferences=x")).toBeNull();
    expect(first).not.toContain(firstKey);
  });
});

describe("a session that has ended", () => {
  /** The answer's instruction to forget the session cookie, if it has one. */
  const clearing = (answer: Response) =>
    answer.headers.getSetCookie().find((cookie) => /^session=;/.test(cookie) && /max-age=0/i.test(cookie));
  const get = (path: string, cookie: string) =>
    on.fetch(`${origin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  /** Makes every session of the account last used `hours` ago. */
  const leaveIdle = async (email: string, hours: number) => {
    const then = Date.now() - hours * 60 * 60 * 1000;
    await on.db
      .prepare(
        "update sessions set last_seen_at = ?, created_at = ? where user_id = (select id from users where email = ?)",
      )
      .bind(then, then, email)
      .run();
  };

  it("after Sign out everywhere else: the other browser's cookie is cleared by its next answer, whatever the page, which names no viewer", async () => {
    const account = await createAccount(on.db, { email: "tablet.ended@example.com" });
    const tablet = await signIn(account);
    const phone = await signIn(account);
    const live = await get("/favorite", tablet);
    expect(live.headers.get(viewerHeader)).toMatch(/^[0-9a-f]{32}$/);
    expect(clearing(live)).toBeUndefined();

    const ended = await postForm("/user-profile", { intent: "sign-out-others" }, phone);
    expect(ended.status).toBe(302);
    // Each kind of answer the tablet may get next: a page, a page's data, a staff page's redirect, a page that needs no one.
    for (const path of ["/adopt/dog", "/adopt/dog.data", "/favorite", "/petadmin", "/es/donate"]) {
      const answer = await get(path, tablet);
      expect(clearing(answer), path).toBeDefined();
      expect(answer.headers.get(viewerHeader), path).toBeNull();
    }
    // The phone that signed the others out stays signed in, and is told nothing of the kind.
    const kept = await get("/favorite", phone);
    expect(clearing(kept)).toBeUndefined();
    expect(kept.headers.get(viewerHeader)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("past the idle limit (a staff tablet left 3 hours): cleared with the next answer", async () => {
    const staff = await createAccount(on.db, { email: "tablet.idle@example.com", role: "member" });
    const tablet = await signIn(staff);
    expect((await get("/petadmin/inbox", tablet)).headers.get(viewerHeader)).toMatch(/^[0-9a-f]{32}$/);
    await leaveIdle(staff.email, 3);
    const answer = await get("/volunteer", tablet);
    expect(clearing(answer)).toBeDefined();
    expect(answer.headers.get(viewerHeader)).toBeNull();
  });

  it("a session given a new id (the password changed, or signed in over): an answer to a request sent with the old cookie clears nothing for two minutes, and signs no one in", async () => {
    // A phone's service worker fetches its page (decision 050) as the password is changed: that answer,
    // sent with the old cookie and coming after the change's, must not sign the phone out of its new session.
    const account = await createAccount(on.db, { email: "phone.rotated@example.com" });
    const before = await signIn(account);
    const changed = await postForm(
      "/user-profile",
      {
        intent: "change-password",
        currentPassword: account.password,
        password: "a-brand-new-passphrase",
        confirmPassword: "a-brand-new-passphrase",
      },
      before,
    );
    expect(changed.status).toBe(302);
    const after = new CookieJar().keep(changed.headers).header();
    expect(after).not.toBe(before);
    for (const path of ["/user-profile", "/favorite.data", "/adopt/dog"]) {
      const late = await get(path, before);
      expect(clearing(late), path).toBeUndefined();
      expect(late.headers.get(viewerHeader), path).toBeNull();
    }
    expect((await get("/user-profile", before)).status).toBe(302);
    expect((await get("/user-profile", after)).status).toBe(200);

    // Signing in again over a session left idle past its limit (a phone kept 5 hours): the same for the
    // session that sign-in replaced.
    await leaveIdle(account.email, 5);
    const again = await postForm("/sign-in", { email: account.email, password: "a-brand-new-passphrase" }, after);
    expect(again.status).toBe(302);
    expect(new CookieJar().keep(again.headers).header()).not.toBe(after);
    expect(clearing(await get("/adopt/cat", after))).toBeUndefined();
    expect((await get("/user-profile", after)).status).toBe(302);

    // Two minutes on, the old cookie is an ended session's like any other.
    await on.db
      .prepare("update replaced_sessions set replaced_at = replaced_at - ?")
      .bind(2 * 60 * 1000 + 1)
      .run();
    expect(clearing(await get("/adopt/dog", before))).toBeDefined();
    expect(clearing(await get("/adopt/dog", after))).toBeDefined();
  });

  it("a cookie that never named a session is cleared too; signing in or out keeps its own cookie", async () => {
    const forged = await get("/adopt/cat", "session=not-a-session");
    expect(clearing(forged)).toBeDefined();
    expect(forged.headers.get(viewerHeader)).toBeNull();
    // Signing in over an ended session's cookie: the answer sets the new session, and clears nothing.
    const account = await createAccount(on.db, { email: "tablet.again@example.com" });
    const signedIn = await postForm(
      "/sign-in",
      { email: account.email, password: account.password },
      "session=not-a-session",
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.getSetCookie().filter((cookie) => cookie.startsWith("session="))).toEqual([
      expect.stringMatching(/^session=[^;]+;/),
    ]);
    expect(clearing(signedIn)).toBeUndefined();
  });
});
