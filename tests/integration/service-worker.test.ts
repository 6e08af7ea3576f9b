import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAttribute, viewerHeader } from "#app/lib/offline-pages";
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
  (await (await worker.fetch(`${origin}${path}`)).text()).match(new RegExp(`<html[^>]*\\s${registerAttribute}="([^"]*)"`))?.[1];

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

describe("who an answer is for", () => {
  it("names the session in X-Viewer-Key on pages and data, differently per session, and never for visitors without one", async () => {
    const sessionOf = async (email: string) => {
      const account = await createAccount(on.db, { email });
      const signIn = await on.fetch(`${origin}/sign-in`, {
        method: "POST",
        // A browser's own post; the forwarded host stands for the one Miniflare's dispatch replaces (as in security.test.ts).
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-origin", "X-Forwarded-Host": "localhost" },
        body: new URLSearchParams({ email: account.email, password: account.password }).toString(),
      });
      expect(signIn.status).toBe(302);
      return new CookieJar().keep(signIn.headers).header();
    };
    const first = await sessionOf("first.viewer@example.com");
    const second = await sessionOf("second.viewer@example.com");
    const keyOf = async (path: string, cookie?: string) => (await on.fetch(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).headers.get(viewerHeader);
    const firstKey = await keyOf("/favorite", first);
    expect(firstKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await keyOf("/adopt/dog.data", first)).toBe(firstKey);
    expect(await keyOf("/favorite", second)).not.toBe(firstKey);
    expect(await keyOf("/adopt/dog")).toBeNull();
    expect(await keyOf("/adopt/dog", "list-preferences=x")).toBeNull();
    expect(first).not.toContain(firstKey);
  });
});
