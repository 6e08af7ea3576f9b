import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as languageAction, loader as languageLoader } from "#app/routes/site/language";
import { action as forgotAction } from "#app/routes/account/forgot-password";
import { languageFirst } from "#server/language";
import { createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";
import { signedIn } from "./signed-in";
import { createAccount } from "../builders/accounts";

/** The language switch, the remembered choice and the account's language (decision 057). */
let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const languageOf = async (email: string) =>
  (await t.env.DB.prepare("select language from users where email = ?").bind(email).first<{ language: string }>())
    ?.language;

describe("the language switch", () => {
  it("remembers the choice in a cookie and goes to the same page in that language", async () => {
    const answer = await respond(t, languageLoader, getRequest("/language?to=es&path=%2Fadopt%2Fdog%3Fsort%3Dage"));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/es/adopt/dog?sort=age");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^lang=es; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const back = await respond(t, languageLoader, getRequest("/language?to=en&path=%2Fes%2Fadopt"));
    expect(back.headers.get("Location")).toBe("/adopt");
  });

  it("never leaves the site, and ignores a language it does not have", async () => {
    const away = await respond(t, languageLoader, getRequest("/language?to=es&path=%2F%2Fevil.example%2Fx"));
    expect(away.headers.get("Location")).toBe("/es");
    const unknown = await respond(t, languageLoader, getRequest("/language?to=fr&path=%2Fdonate"));
    expect(unknown.headers.get("Location")).toBe("/donate");
    expect(unknown.headers.get("Set-Cookie")).toBeNull();
  });

  it("saves the choice on a signed-in account, whose reset email then comes in it", async () => {
    const account = await createAccount(t.env.DB, { email: "lucia@example.com" });
    expect(await languageOf(account.email)).toBe("en");
    const jar = await signedIn(t, account);
    // The link (a GET) only sets the cookie: it changes nothing stored, even for a signed-in person.
    const linked = await respond(t, languageLoader, withCookies(getRequest("/language?to=es&path=%2F"), jar));
    expect(linked.headers.get("Set-Cookie")).toMatch(/lang=es/);
    expect(await languageOf(account.email)).toBe("en");
    // The signed-in switch posts the choice, which the account keeps.
    const posted = await respond(
      t,
      languageAction,
      withCookies(postForm("/language", { to: "es", path: "/adopt" }), jar),
    );
    expect(posted.headers.get("Location")).toBe("/es/adopt");
    expect(posted.headers.get("Set-Cookie")).toMatch(/lang=es/);
    expect(await languageOf(account.email)).toBe("es");

    // Asked from an English page: the email is in the account's language all the same.
    await respond(t, forgotAction, postForm("/forgot-password", { email: account.email }));
    await t.settle();
    const mail = await t.env.DB.prepare('select subject, text from outbox_messages where "to" = ? order by id desc')
      .bind(account.email)
      .first<{ subject: string; text: string }>();
    expect(mail?.subject).toMatch(/^Restablece tu contraseña de /);
    expect(mail?.text).toContain("/es/reset-password?token=");
  });
});

describe("the first visit", () => {
  const page = (path: string, headers: Record<string, string>) =>
    new Request(`https://shelter.example${path}`, { headers: { Accept: "text/html", ...headers } });

  it("sends a browser that prefers Spanish to the Spanish page, never cached", () => {
    const answer = languageFirst(page("/adopt", { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" }));
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get("Location")).toBe("/es/adopt");
    expect(answer?.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer?.headers.get("Vary")).toBe("Accept-Language, Cookie");
  });

  it("follows the remembered choice (the __Host- cookie over HTTPS) over the browser", () => {
    expect(languageFirst(page("/adopt", { "Accept-Language": "es", Cookie: "__Host-lang=en" }))).toBeNull();
    expect(
      languageFirst(page("/adopt", { "Accept-Language": "en", Cookie: "__Host-lang=es" }))?.headers.get("Location"),
    ).toBe("/es/adopt");
    expect(languageFirst(page("/es/adopt", { "Accept-Language": "en", Cookie: "__Host-lang=en" }))).toBeNull();
  });
});
