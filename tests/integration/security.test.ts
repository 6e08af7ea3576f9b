import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { honeypotField } from "#app/lib/honeypot";
import { limits } from "#app/lib/rate-limits";
import { createAccount } from "../fixtures/accounts";
import { startBuiltWorker, type BuiltWorker } from "./built-worker";
import { CookieJar } from "./harness";

// The Worker as deployed (server/index.ts around the built Remix app) on workerd: every header and refusal
// below comes from the code path production runs, with the page cache in front of Remix.
const googleAuthorization = "http://127.0.0.1:9/authorize";
let worker: BuiltWorker;
beforeAll(async () => {
  worker = await startBuiltWorker({
    GOOGLE_CLIENT_ID: "local-client",
    GOOGLE_CLIENT_SECRET: "local-secret",
    GOOGLE_AUTHORIZATION_ENDPOINT: googleAuthorization,
    GOOGLE_TOKEN_ENDPOINT: "http://127.0.0.1:9/token",
    GOOGLE_USERINFO_ENDPOINT: "http://127.0.0.1:9/userinfo",
  });
}, 240_000);
afterAll(() => worker?.dispose());

const origin = "http://localhost";
// A browser's own post. Remix also compares Origin with the Host, which Miniflare's dispatch
// replaces by its own loopback address: the forwarded host stands for the one the browser sent.
const sameOrigin = { "Sec-Fetch-Site": "same-origin", Origin: origin, "X-Forwarded-Host": "localhost" };

function get(pathWithQuery: string, headers: Record<string, string> = {}) {
  return worker.fetch(`${origin}${pathWithQuery}`, { headers });
}

function post(pathWithQuery: string, fields: Record<string, string>, headers: Record<string, string> = sameOrigin) {
  return worker.fetch(`${origin}${pathWithQuery}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

function directives(response: Response): Map<string, string> {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = "", ...values] = directive.split(/\s+/);
        return [name, values.join(" ")] as const;
      }),
  );
}

function nonceOf(response: Response): string | undefined {
  return directives(response).get("script-src")?.match(/'nonce-([^']+)'/)?.[1];
}

/** Every table's rows: a forged request must leave all of them as they were. */
async function snapshot(): Promise<string> {
  const { results: tables } = await worker.db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' order by name")
    .all<{ name: string }>();
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables) rows[name] = (await worker.db.prepare(`select * from "${name}"`).all()).results;
  return JSON.stringify(rows);
}

async function count(table: string): Promise<number> {
  return (await worker.db.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())?.n ?? 0;
}

function expectSecurityHeaders(response: Response, what: string) {
  const policy = directives(response);
  expect(policy.get("default-src"), what).toBe("'self'");
  expect(policy.get("script-src"), what).toMatch(/^'self'( 'nonce-[A-Za-z0-9+/=]+')?$/);
  expect(policy.get("object-src"), what).toBe("'none'");
  expect(policy.get("base-uri"), what).toBe("'none'");
  expect(policy.get("frame-ancestors"), what).toBe("'none'");
  expect(policy.get("img-src"), what).toBe("'self' data: blob:");
  expect(policy.get("style-src"), what).toBe("'self'");
  expect(policy.get("form-action"), what).toBe("'self' http://127.0.0.1:9");
  expect(response.headers.get("Content-Security-Policy"), what).not.toContain("unsafe-inline");
  expect(response.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy"), what).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("Permissions-Policy"), what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
  expect(response.headers.get("X-Frame-Options"), what).toBe("DENY");
}

describe("security headers", () => {
  it("are on pages, data requests, errors, redirects, photos, refusals and resources", async () => {
    const tinyPng = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
      (c) => c.charCodeAt(0),
    );
    const photoKey = `tiny-${"a".repeat(32)}.png`;
    await worker.photos.put(photoKey, tinyPng, { httpMetadata: { contentType: "image/png" } });
    const responses: [string, Response][] = [
      ["home page", await get("/")],
      ["pet list", await get("/adopt/dog")],
      ["sign-in page (personal)", await get("/sign-in", { Cookie: "x=y" })],
      ["single-fetch data", await get("/adopt/dog.data")],
      ["not found page", await get("/no-such-page")],
      ["redirect", await get("/logout")],
      ["photo", await get(`/photos/${photoKey}`)],
      ["photo not found", await get(`/photos/x-${"b".repeat(32)}.png`)],
      ["health check", await get("/healthz")],
      ["cross-site refusal", await post("/logout", {}, { "Sec-Fetch-Site": "cross-site" })],
      ["form error", await post("/?index", { intent: "newsletter", email: "not an address" })],
    ];
    for (const [what, response] of responses) expectSecurityHeaders(response, what);
    expect(responses.map(([what, response]) => [what, response.status])).toEqual([
      ["home page", 200],
      ["pet list", 200],
      ["sign-in page (personal)", 200],
      ["single-fetch data", 200],
      ["not found page", 404],
      ["redirect", 302],
      ["photo", 200],
      ["photo not found", 404],
      ["health check", 200],
      ["cross-site refusal", 403],
      ["form error", 400],
    ]);
    const photo = responses.find(([what]) => what === "photo")![1];
    expect(photo.headers.get("Content-Type")).toBe("image/png");
  });

  it("gives each rendering its own nonce, on every script tag and nowhere else", async () => {
    const first = await get("/sign-in", { Cookie: "a=1" });
    const second = await get("/sign-in", { Cookie: "a=1" });
    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(firstNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(secondNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(firstNonce).not.toBe(secondNonce);

    for (const [response, nonce] of [
      [first, firstNonce],
      [second, secondNonce],
    ] as const) {
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts.length).toBeGreaterThan(1);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      // No inline style attributes either: the policy allows none.
      expect(html).not.toMatch(/\sstyle="/);
    }
  });

  it("serves a cached public page with the policy its body was rendered with", async () => {
    const url = "/adopt/cat";
    const miss = await get(url);
    expect(miss.headers.get("X-Page-Cache")).toBe("MISS");
    const missNonce = nonceOf(miss);
    expect(await miss.text()).toContain(`nonce="${missNonce}"`);

    // The copy is stored after the answer (waitUntil): ask until the cache answers.
    let hit: Response | undefined;
    await expect
      .poll(async () => {
        hit = await get(url);
        return hit.headers.get("X-Page-Cache");
      })
      .toBe("HIT");
    expect(nonceOf(hit!)).toBe(missNonce);
    const html = await hit!.text();
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag).toContain(`nonce="${missNonce}"`);

    const revalidated = await get(url, { "If-None-Match": hit!.headers.get("ETag") ?? "" });
    expect(revalidated.status).toBe(304);
    expectSecurityHeaders(revalidated, "304 from the cache");
  });

  it("sends Strict-Transport-Security over https only", async () => {
    const secure = await worker.fetch("https://shelter.example/");
    expect(secure.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
    expect((await get("/")).headers.get("Strict-Transport-Security")).toBeNull();
    expect((await worker.fetch("http://127.0.0.1/healthz")).headers.get("Strict-Transport-Security")).toBeNull();
  });
});

/** Every route with an action, and a URL that reaches it. A new action route must be added here. */
const actionRoutes: Record<string, string> = {
  "_main._index.tsx": "/?index",
  "_main.adopt.apply.tsx": "/adopt/apply?pet_id=1",
  "_main.applications.tsx": "/applications",
  "_main.forgot-password.tsx": "/forgot-password",
  "_main.join.tsx": "/join",
  "_main.newsletter.confirm.tsx": "/newsletter/confirm",
  "_main.newsletter.unsubscribe.tsx": "/newsletter/unsubscribe",
  "_main.match.tsx": "/match",
  "_main.petadmin.create.tsx": "/petadmin/create",
  "_main.petadmin.edit.tsx": "/petadmin/edit?id=1",
  "_main.petadmin.inbox.application.$id.tsx": "/petadmin/inbox/application/1",
  "_main.petadmin.inbox.message.$id.tsx": "/petadmin/inbox/message/1",
  "_main.petadmin.staff.tsx": "/petadmin/staff",
  "_main.register.tsx": "/register",
  "_main.reset-password.tsx": "/reset-password",
  "_main.sign-in.tsx": "/sign-in",
  "_main.verify-email.tsx": "/verify-email",
  "auth.google.tsx": "/auth/google",
  "confirm-email.tsx": "/confirm-email",
  "favorites.toggle.tsx": "/favorites/toggle",
  "logout.tsx": "/logout",
};

/** The single-fetch URL Remix's JavaScript posts to for the same action. */
function dataUrl(url: string) {
  const [pathname = "/", query] = url.split("?");
  const data = pathname === "/" ? "/_root.data" : `${pathname}.data`;
  return query ? `${data}?${query}` : data;
}

describe("cross-site requests", () => {
  it("lists every route that exports an action", () => {
    const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
    const withAction = readdirSync(routesDir)
      .filter((file) => /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(readFileSync(path.join(routesDir, file), "utf8")))
      .sort();
    expect(withAction).toEqual(Object.keys(actionRoutes).sort());
  });

  it("refuses a forged post to every action, with a friendly page, and changes nothing", async () => {
    const account = await createAccount(worker.db, { email: "victim@example.com", role: "owner" });
    const signIn = await post("/sign-in", { email: account.email, password: account.password });
    expect(signIn.status).toBe(302);
    const jar = new CookieJar().keep(signIn.headers);
    const cookie = jar.header();
    const before = await snapshot();

    const forgeries: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "same-site", Origin: "https://evil.localhost" },
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    const fields = { intent: "contact", name: "Mallory", email: "mallory@example.com", message: "Forged message", petId: "1", id: "1" };
    for (const url of Object.values(actionRoutes)) {
      for (const target of [url, dataUrl(url)]) {
        for (const forged of forgeries) {
          const response = await post(target, fields, { ...forged, Cookie: cookie });
          expect(response.status, `${target} ${JSON.stringify(forged)}`).toBe(403);
          expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
          const page = await response.text();
          expect(page).toContain("This form was sent from another site");
          expect(page).not.toMatch(/Error|at \w+ \(/);
        }
      }
    }
    // Other methods are held to the same rule, and so are paths without an action.
    expect((await worker.fetch(`${origin}/logout`, { method: "DELETE", headers: { "Sec-Fetch-Site": "cross-site", Cookie: cookie } })).status).toBe(403);
    expect((await post("/adopt/dog", fields, { "Sec-Fetch-Site": "cross-site", Cookie: cookie })).status).toBe(403);

    expect(await snapshot()).toBe(before);
    // Still signed in: the forged logouts did nothing.
    const profile = await get("/user-profile", { Cookie: cookie });
    expect(profile.status).toBe(200);
  });

  it("lets through the site's own posts: same origin, typed or bookmarked (none), and clients without these headers", async () => {
    const subscribers = await count("newsletter_pending");
    const ownPage = await post("/?index", { intent: "newsletter", email: "own-page@example.com" });
    expect(ownPage.status).toBe(302);
    const javascript = await post("/_root.data?index", { intent: "newsletter", email: "javascript@example.com" }, sameOrigin);
    expect(javascript.status).not.toBe(403);
    expect(javascript.status).toBeLessThan(400);
    const typed = await post("/?index", { intent: "newsletter", email: "typed@example.com" }, { "Sec-Fetch-Site": "none" });
    expect(typed.status).toBe(302);
    const noHeaders = await post("/?index", { intent: "newsletter", email: "curl@example.com" }, {});
    expect(noHeaders.status).toBe(302);
    expect(await count("newsletter_pending")).toBe(subscribers + 4);
  });
});

describe("abuse limits", () => {
  it("thanks a robot that fills a honeypot and keeps nothing", async () => {
    const tables = ["contact_messages", "newsletter_subscribers", "newsletter_pending", "users", "sessions", "outbox_messages"];
    const counts = async () => Promise.all(tables.map(count));
    const before = await counts();
    const contact = await post("/?index", { intent: "contact", name: "Bot", email: "bot@example.com", message: "Cheap pills", [honeypotField]: "555" });
    expect(contact.headers.get("Location")).toBe("/?message=sent#get-in-touch");
    const newsletter = await post("/?index", { intent: "newsletter", email: "bot@example.com", [honeypotField]: "555" });
    expect(newsletter.headers.get("Location")).toBe("/?subscribed=yes#newsletter");
    const register = await post("/register", {
      firstName: "Robo",
      lastName: "Bot",
      email: "robot@example.com",
      password: "a-long-robot-password",
      confirmPassword: "a-long-robot-password",
      agreeToTerms: "on",
      [honeypotField]: "http://spam.example",
    });
    expect(register.status).toBe(302);
    expect(register.headers.get("Location")).toBe("/confirm-email");
    expect(register.headers.get("Set-Cookie")).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it("renders every public form with its honeypot hidden, labelled, out of the tab order and never autofilled", async () => {
    for (const page of ["/", "/register"]) {
      const html = await (await get(page)).text();
      const inputs = [...html.matchAll(new RegExp(`<input[^>]*name="${honeypotField}"[^>]*>`, "g"))].map(([tag]) => tag);
      expect(inputs.length, page).toBe(page === "/" ? 2 : 1);
      for (const input of inputs) {
        expect(input).toContain('tabindex="-1"');
        expect(input.toLowerCase()).toContain('autocomplete="off"');
        const id = input.match(/id="([^"]+)"/)?.[1];
        expect(html).toContain(`<div class="visually-hidden"><label for="${id}">Leave this field empty</label>`);
      }
    }
  });

  it("answers too many messages and sign-ups from one address with 429, Retry-After and the form kept", async () => {
    const address = { ...sameOrigin, "CF-Connecting-IP": "203.0.113.7" };
    for (let i = 0; i < limits.contactPerAddress.limit; i++) {
      const sent = await post("/?index", { intent: "contact", name: "Chatty", email: "chatty@example.com", message: `Question number ${i} about adopting` }, address);
      expect(sent.status).toBe(302);
    }
    const messages = await count("contact_messages");
    const limited = await post("/?index", { intent: "contact", name: "Chatty Cathy", email: "chatty@example.com", message: "One more thing about the cats" }, address);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(limits.contactPerAddress.windowMs / 1000);
    const html = await limited.text();
    expect(html).toContain("We have received several messages from your network");
    expect(html).toContain('value="Chatty Cathy"');
    expect(html).toContain("One more thing about the cats");
    expect(await count("contact_messages")).toBe(messages);
    // Another address is not held back.
    const other = await post("/?index", { intent: "contact", name: "Other", email: "other@example.com", message: "Hello from next door" }, { ...sameOrigin, "CF-Connecting-IP": "203.0.113.8" });
    expect(other.status).toBe(302);

    for (let i = 0; i < limits.newsletterPerAddress.limit; i++) {
      expect((await post("/?index", { intent: "newsletter", email: `reader${i}@example.com` }, address)).status).toBe(302);
    }
    const subscribers = await count("newsletter_pending");
    const tooMany = await post("/?index", { intent: "newsletter", email: "one-more-reader@example.com" }, address);
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers.get("Retry-After"))).toBeGreaterThan(0);
    const page = await tooMany.text();
    expect(page).toContain("We have received several sign-ups from your network");
    expect(page).toContain('value="one-more-reader@example.com"');
    // JavaScript's single-fetch post gets the same status and header.
    const data = await post("/_root.data?index", { intent: "newsletter", email: "one-more-reader@example.com" }, address);
    expect(data.status).toBe(429);
    expect(Number(data.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await count("newsletter_pending")).toBe(subscribers);
  });

  it("answers sign-up, sign-in and reset limits with 429 and Retry-After too", async () => {
    const address = { ...sameOrigin, "CF-Connecting-IP": "198.51.100.9" };
    let signIn: Response | undefined;
    for (let i = 0; i <= limits.signInPerAccount.limit; i++) {
      signIn = await post("/sign-in", { email: "nobody-here@example.com", password: "wrong-password" }, address);
    }
    expect(signIn!.status).toBe(429);
    expect(Number(signIn!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await signIn!.text()).toContain('value="nobody-here@example.com"');

    let forgot: Response | undefined;
    for (let i = 0; i <= limits.forgotPasswordPerAccount.limit; i++) {
      forgot = await post("/forgot-password", { email: "forgetful-robot@example.com" }, address);
    }
    expect(forgot!.status).toBe(429);
    expect(Number(forgot!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await forgot!.text()).toContain("You can ask again in");

    let register: Response | undefined;
    for (let i = 0; i <= limits.signUpPerAddress.limit; i++) {
      register = await post(
        "/register",
        { firstName: "Many", lastName: "Accounts", email: `many${i}@example.com`, password: "a-long-password-here", confirmPassword: "a-long-password-here", agreeToTerms: "on" },
        address,
      );
    }
    expect(register!.status).toBe(429);
    expect(Number(register!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await register!.text()).toContain("Too many new accounts from your network");

    const unconfirmed = await createAccount(worker.db, { email: "waiting@example.com", confirmed: false });
    const signedIn = await post("/sign-in", { email: unconfirmed.email, password: unconfirmed.password }, address);
    expect(signedIn.headers.get("Location")).toBe("/confirm-email");
    const cookie = new CookieJar().keep(signedIn.headers).header();
    let resend: Response | undefined;
    for (let i = 0; i <= limits.resendConfirmation.limit; i++) {
      resend = await post("/confirm-email", { intent: "resend" }, { ...address, Cookie: cookie });
    }
    expect(resend!.status).toBe(429);
    expect(Number(resend!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await resend!.text()).toContain("You can ask again in");
  });
});
