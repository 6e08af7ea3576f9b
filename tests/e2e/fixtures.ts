import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { Socket } from "node:net";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import {
  makeAdopter,
  makePet,
  removeOwnData,
  type OwnAdopter,
  type OwnAdopterOptions,
  type OwnPet,
  type OwnPetOptions,
} from "./own-data";

export { expect };

/**
 * Rules axe rates moderate that Lighthouse's accessibility score still counts, held to as if serious:
 * a card's heading that skips a level (an h3 straight under the page's h1) cost /adopt/dog its 100.
 */
const requiredModerateRules = new Set(["heading-order"]);

/**
 * Rules still experimental in the injected axe-core that the next version runs by default and rates
 * serious, run now: `label-content-name-mismatch` (WCAG 2.5.3, label in name: a control's name holds the
 * words it shows, so voice control can follow it), which the filter chips once failed.
 */
const comingRules = new Set(["label-content-name-mismatch"]);

/**
 * The rules whose violations can fail a test: axe's default rules (enabled, not experimental but for
 * `comingRules`) that are rated serious or critical, or have a check that is, and `requiredModerateRules`. Read from the injected
 * axe-core's own metadata, so an upgrade's new rules are counted. The others (rated moderate or minor whatever they
 * find, such as `region`) would be run only for their findings to be dropped (decision 036, amended
 * 2026-11-29: a quarter of axe's time on our pages).
 */
const ratedRules: string[] = (() => {
  // The axe-core that @axe-core/playwright injects (its own copy, which may not be the newest installed).
  const axe = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as {
    _audit: {
      rules: Array<{
        id: string;
        enabled: boolean;
        impact?: string;
        tags: string[];
        any: Array<string | { id: string }>;
        all: Array<string | { id: string }>;
        none: Array<string | { id: string }>;
      }>;
      data: { checks: Record<string, { impact?: string } | undefined> };
    };
  };
  const counts = (impact: string | undefined) => impact === "serious" || impact === "critical";
  return axe._audit.rules
    .filter(
      (rule) =>
        rule.enabled &&
        (!rule.tags.includes("experimental") || comingRules.has(rule.id)) &&
        (requiredModerateRules.has(rule.id) ||
          counts(rule.impact) ||
          [...rule.any, ...rule.all, ...rule.none].some((check) =>
            counts(axe._audit.data.checks[typeof check === "string" ? check : check.id]?.impact),
          )),
    )
    .map((rule) => rule.id);
})();

/**
 * axe as the audits run it: in the page itself (legacy mode: our pages have no frames, and the default
 * mode opens a blank page in the context for every audit to merge frames' results), asked for the
 * violations only (not every passing node, hundreds a page, sent back to the test), by `ratedRules`.
 */
function axeOf(page: Page) {
  // `options` first: it replaces every option, `withRules` then adds the rules to them.
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withRules(ratedRules);
}

/** Fails on serious or critical axe-core violations of the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await axeOf(page).analyze();
  expectNoSeriousViolations(results.violations);
}

/**
 * axe runs inside the page, so it cannot run where JavaScript is off. For the no-JS project the page
 * as the visitor has it (their session's page, the server's HTML as the browser parsed it) is audited
 * in a context with JavaScript, given without its scripts: it stays as the server sent it. No second
 * request for the document and no request routing: a context that aborted scripts through
 * `page.route` and loaded the URL again, once in a long while, never reached its load event (decision
 * 036), and without the visitor's cookies it audited a signed-in page's sign-in prompt instead.
 */
async function expectAccessibleWithoutScripts(auditContext: BrowserContext, page: Page) {
  const audited = await auditContext.newPage();
  try {
    await audited.setViewportSize(page.viewportSize()!);
    await audited.setContent(withoutScripts(await page.content(), new URL(page.url()).origin));
    expect(await audited.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const results = await axeOf(audited).analyze();
    expectNoSeriousViolations(results.violations);
  } finally {
    await audited.close();
  }
}

/** A page's HTML without its scripts and module preloads, its addresses read from `origin` (a `<base>`). */
function withoutScripts(html: string, origin: string) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "")
    .replace(/<head>/i, `<head><base href="${origin}/">`);
}

function expectNoSeriousViolations(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]) {
  const serious = violations
    .filter(
      (violation) =>
        violation.impact === "serious" || violation.impact === "critical" || requiredModerateRules.has(violation.id),
    )
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(serious, "serious or critical accessibility violations").toEqual([]);
}

/**
 * What a page is made of, for the audit of `visit`: its address with the numbers taken out (every pet's
 * page is one page), and each kind of element it holds (tag, classes and attribute names, not the
 * values): a new state of a page (an error shown, `aria-invalid`, a held card, a signed-in header, another
 * language's address) is a new kind, the same page with other pets or other counts is not.
 *
 * With or without JavaScript is no part of it, and neither is what hydration adds that no audit rule reads
 * (`shapeNoise`): a page as the server sent it is audited once, in whichever project meets it first, and
 * what scripts add or change (an enhanced control, a live message) still makes a kind of its own.
 */
async function pageShape(page: Page): Promise<string> {
  const kinds = await page.evaluate((noise) => {
    const seen = new Set<string>();
    for (const element of document.querySelectorAll("body *")) {
      if (element.tagName === "SCRIPT") continue;
      const names = element
        .getAttributeNames()
        .filter((name) => !noise.includes(`${element.tagName} ${name}`))
        .sort();
      seen.add(`${element.tagName} ${element.getAttribute("class") ?? ""} ${names.join(" ")}`);
    }
    return [...seen].sort().join("\n");
  }, shapeNoise);
  const route = new URL(page.url()).pathname.replace(/\d+/g, "#");
  return createHash("sha256").update(`${route}\n${kinds}`).digest("hex");
}

/**
 * What hydration adds to a page that no audit rule reads: Conform's `noValidate` on a form (the browser's
 * own bubbles give way to the messages under each field, which both versions have) and React's `value`
 * attribute on a text input it controls (the value is the same). Scripts are taken out of the audited
 * copy of a page seen without JavaScript anyway, and the two are otherwise the same page (decision 036,
 * amended 2026-11-29).
 */
const shapeNoise = ["FORM novalidate", "INPUT value"];

/**
 * Claims the audit of a page shape for this test: true the first time any worker of this run asks for it
 * (a file named by the shape, made only if it is not there yet, in the run's own output folder, which
 * Playwright empties when a run starts). axe takes about a second a page on CI's two cores, and the suite
 * visits the same pages hundreds of times: each shape is audited once per run, so every page and every
 * state of it is still audited in every run (decision 036, amended 2026-11-28 and 2026-11-29).
 */
function firstToAudit(info: TestInfo, shape: string): boolean {
  const folder = path.join(info.project.outputDir, ".audited-shapes");
  mkdirSync(folder, { recursive: true });
  try {
    writeFileSync(path.join(folder, shape), "", { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Every image declares its size, so nothing shifts while it loads. */
export async function expectSizedImages(page: Page) {
  const unsized = await page
    .locator("img")
    .evaluateAll((images) =>
      images
        .filter((image) => !image.getAttribute("width") || !image.getAttribute("height"))
        .map((image) => image.outerHTML),
    );
  expect(unsized, "images without width and height").toEqual([]);
}

/** The basics every page owes a phone and a search engine. */
export async function expectPageBasics(page: Page) {
  // The page's language is its address's: Spanish under /es (decision 057).
  await expect(page.locator("html")).toHaveAttribute(
    "lang",
    /^\/es(\/|$)/.test(new URL(page.url()).pathname) ? "es" : "en",
  );
  await expect(page).toHaveTitle(/Sequoia Humane Society/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^.{30,}$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow at phone width").toBeLessThanOrEqual(0);
}

/**
 * The network address a test's visitor comes from (`visitor` numbers a test's other browsers). Rate
 * limits count per address (`CF-Connecting-IP`, which Cloudflare sets and wrangler dev passes on), so
 * each test is its own visitor, as in life, instead of every test sharing one local budget.
 */
export function visitorAddress(info: TestInfo, visitor = 0): string {
  let hash = 0;
  for (const char of `${info.project.name} ${info.testId} ${visitor}`)
    hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  // 198.18.0.0/15 is reserved for tests of network devices: never a real visitor.
  return `198.${18 + ((hash >>> 16) & 1)}.${(hash >>> 8) & 0xff}.${hash & 0xff}`;
}

/**
 * Every keep-alive connection of this test process (the API request contexts: a test's `request`, a page's
 * `page.request`) is given up after 4 s idle, as undici's are by default. The e2e server (workerd) closes
 * a connection idle for 5 s, while Node's agent keeps one for ever (it reads no `Keep-Alive` hint: workerd
 * sends none, and Node would ignore it without a timeout of its own), so a request sent on it as it closed
 * failed with "socket hang up" (a test's `POST /sign-in`, 4,977 ms and then 5,018 ms after the request
 * before on the same connection; decision 036, amended 2026-11-29). A browser sends such a request
 * again; Node's client does not. The client that idles less than the server never meets the race.
 * (`Connection: close` on each request, tried first, does nothing here: workerd keeps the connection
 * and Node's agent reuses it.)
 */
const idleConnectionLimitMs = 4_000;
const keepSocketAlive = http.Agent.prototype.keepSocketAlive;
http.Agent.prototype.keepSocketAlive = function (this: http.Agent, socket: Socket) {
  // Node returns whether the socket may be kept (its types say void).
  const kept = keepSocketAlive.call(this, socket) as unknown as boolean;
  // A free socket that times out is destroyed by the agent.
  if (kept) socket.setTimeout(idleConnectionLimitMs);
  return kept;
};
const reuseSocket = http.Agent.prototype.reuseSocket;
http.Agent.prototype.reuseSocket = function (this: http.Agent, socket: Socket, request: http.ClientRequest) {
  // In use again: no idle limit while a request waits for its answer.
  socket.setTimeout(0);
  reuseSocket.call(this, socket, request);
};

export interface Account {
  email: string;
  password: string;
}

export const test = base.extend<
  {
    visit: (path: string, status?: number) => Promise<void>;
    /**
     * Signs this test's browser in by posting the real sign-in form (the action, its limits and its
     * session cookie), not by filling the page: for tests whose subject is not signing in. The demo
     * accounts are `demoAccounts` in scripts/demo/accounts.ts.
     */
    signInAs: (account: Account) => Promise<void>;
    /**
     * Makes a published, listed pet only this test uses (with its intake stay), named uniquely
     * (`makePet({ name: "Aaron" })` gives "Aaron qwerty", a cat); taken off every list after the test.
     * Use it instead of a demo pet whenever the test changes the pet (hold, adopt, delete, edit, favourite)
     * or needs a pet in a known state. Made by the server itself (tests/e2e/own-data.ts).
     */
    makePet: (options?: OwnPetOptions) => Promise<OwnPet>;
    /**
     * Makes a confirmed adopter account with a unique e-mail and signs this test's browser in as it
     * (`signIn: false` only makes it); the account is removed after the test. Use it instead of the demo
     * adopter whenever the test changes what the adopter has (favourites, applications, holds).
     */
    makeAdopter: (options?: OwnAdopterOptions & { signIn?: boolean }) => Promise<OwnAdopter>;
    /** What this test made through `makePet` and `makeAdopter`, removed after it. */
    ownData: { pets: number[]; adopters: number[] };
  },
  {
    /**
     * The context, with JavaScript, in which this worker audits pages seen without it (made at the first
     * such audit, kept for the worker's tests: a context a page cost 0.1 s and a cold cache for its images).
     */
    auditContext: () => Promise<BrowserContext>;
  }
>({
  auditContext: [
    async ({ browser }, use) => {
      let context: Promise<BrowserContext> | undefined;
      await use(() => (context ??= browser.newContext({ javaScriptEnabled: true })));
      if (context) await (await context).close();
    },
    { scope: "worker" },
  ],
  ownData: async ({ request }, use) => {
    const made = { pets: [] as number[], adopters: [] as number[] };
    await use(made);
    await removeOwnData(request, made);
  },
  makePet: async ({ request, ownData }, use) => {
    await use(async (options) => {
      const pet = await makePet(request, options);
      ownData.pets.push(pet.id);
      return pet;
    });
  },
  makeAdopter: async ({ request, ownData, signInAs }, use, info) => {
    await use(async ({ signIn = true, ...options } = {}) => {
      const adopter = await makeAdopter(request, info.project.name, options);
      ownData.adopters.push(adopter.id);
      if (signIn) await signInAs(adopter);
      return adopter;
    });
  },
  /**
   * With JavaScript, a page's scripts start after its load event (decision 045), when `page.goto`
   * returns: the page works before they run, as the no-JS project shows. So in the JavaScript
   * projects `goto` and `reload` return once the page is hydrated (or has no scripts to run), and a
   * test of what JavaScript adds meets the page as a visitor does a moment later. A test about the
   * time before hydration passes `waitUntil` ("commit" or "domcontentloaded") and is not held.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      /** After a load (not "commit" or "domcontentloaded"), wait until the page is hydrated. */
      const thenHydrated = async <R>(loading: Promise<R>, waitUntil: string | undefined) => {
        const response = await loading;
        if (!waitUntil || waitUntil === "load" || waitUntil === "networkidle")
          await page.waitForFunction(
            () =>
              document.documentElement.dataset.hydrated === "true" || !document.querySelector('script[type="module"]'),
          );
        return response;
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = (url, options) => thenHydrated(goto(url, options), options?.waitUntil);
      page.reload = (options) => thenHydrated(reload(options), options?.waitUntil);
    }
    await use(page);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, info) => {
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": visitorAddress(info) });
  },
  signInAs: async ({ page }, use) => {
    await use(async ({ email, password }) => {
      const answer = await page.request.post("/sign-in", {
        form: { email, password, redirectTo: "/" },
        maxRedirects: 0,
      });
      expect(answer.status(), `signing in as ${email}`).toBe(302);
      expect(answer.headers()["location"]).toBe("/");
    });
  },
  visit: async ({ page, auditContext, javaScriptEnabled }, use, info) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // Chromium reports every Content-Security-Policy violation on the console, with or without JavaScript.
    const violations: string[] = [];
    page.on("console", (message) => {
      const text = message.text();
      if (text.includes("Content Security Policy") || text.startsWith("Refused to")) violations.push(text);
    });
    if (javaScriptEnabled) {
      await page.addInitScript(() =>
        document.addEventListener("securitypolicyviolation", (event) =>
          console.error(`Refused to use ${event.blockedURI || "inline code"} (${event.effectiveDirective})`),
        ),
      );
    }
    await use(async (path, status = 200) => {
      const response = await page.goto(path);
      expect(response?.status(), `status of ${path}`).toBe(status);
      await expectPageBasics(page);
      await expectSizedImages(page);
      const shape = await pageShape(page);
      if (firstToAudit(info, shape)) {
        if (javaScriptEnabled) await expectAccessible(page);
        else await expectAccessibleWithoutScripts(await auditContext(), page);
      }
    });
    // A blocked script usually also throws in the page: the violation, reported first, says why.
    expect(violations, "Content-Security-Policy violations").toEqual([]);
    expect(errors, "errors thrown in the page").toEqual([]);
  },
});
