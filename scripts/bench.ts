/**
 * The project's benchmark: builds, serves the production build on local workerd, and measures what a
 * phone downloads, what Lighthouse thinks of it, how fast the server answers and how fast the
 * matchmaker and the new-pet alert run take. Prints tables with each figure beside its budget (../shared/DESIGN.md §5) and
 * writes bench/results.json. README, "Benchmark", explains each number.
 *   npm run bench [-- --runs N] [-- --lighthouse-runs N] [-- --no-build]
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { activeLevels, catBreeds, characteristicOptions, dogBreeds } from "#app/lib/breeds";
import { matchPets, type MatchPet } from "#app/lib/matchmaker";
import type { Answers } from "#app/lib/questionnaire";
import { measureAlertRun } from "./bench-alerts";
import { createRandom } from "./demo/random";
import { build, prepareState, serve, waitUntilServing } from "./lib/local-worker";
import { routeScriptSizes } from "./lib/route-js";
import { localWorkerVars } from "./lib/oidc-provider";
import { answerQuestionnaire, signIn } from "./lib/visitors";
import { measureRealPhotos } from "./lib/photo-bench";
import { realPhotoFiles } from "./lib/real-photos";
import { measureUploadBytes } from "./lib/upload-bytes";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    "lighthouse-runs": { type: "string", default: "3" },
    "no-build": { type: "boolean", default: false },
  },
});
const serverRuns = Number(values.runs);
const lighthouseRuns = Number(values["lighthouse-runs"]);
// Ports of its own: the e2e suites of other checkouts use 8788-8792.
const demoPort = 8796;
const benchPort = 8797;
const root = path.resolve(import.meta.dirname, "..");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromiumFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const petPage = "/adopt/pet?pet_id=1";
/** Who looks at a page: an anonymous visitor, a visitor who answered the matchmaker, or the demo adopter. */
type Visitor = "anonymous" | "matched" | "adopter";
/** Every public page (decision 018, 036), each as the visitor who sees its real content. */
const publicPages: { path: string; visitor: Visitor }[] = [
  { path: "/", visitor: "anonymous" },
  { path: "/adopt", visitor: "anonymous" },
  { path: "/adopt/dog", visitor: "anonymous" },
  { path: "/adopt/cat", visitor: "anonymous" },
  { path: petPage, visitor: "anonymous" },
  { path: "/match", visitor: "matched" },
  { path: "/foster", visitor: "anonymous" },
  { path: "/volunteer", visitor: "anonymous" },
  { path: "/donate", visitor: "anonymous" },
  { path: "/sign-in", visitor: "anonymous" },
  { path: "/register", visitor: "anonymous" },
  { path: "/adopt/apply?pet_id=1", visitor: "adopter" },
];
/** The demo adopter of README (a confirmed address), for the adoption application form. */
const demoAdopter = { email: "adopter@example.com", password: "paws-and-whiskers-42" };
const demoStaff = { email: "staff@example.com", password: "shelter-staff-2026" };
const benchPetCount = 500;

const budgets = {
  jsKb: 100,
  cssKb: 15,
  adoptListHtmlKb: 30,
  photoKb: 35,
  lighthouseScore: 98,
  accessibilityScore: 100,
  cls: 0.05,
  adoptListServerMs: 20,
  matchmakerMs: 10,
};
/** Pages whose HTML has its own budget. */
const htmlBudgets: Record<string, number> = { "/adopt/dog": budgets.adoptListHtmlKb };
/** What a visitor sends back: the cookie header that shows each page's real content. */
type Cookies = Record<Visitor, string | undefined>;

const gzipBytes = (bytes: string | Uint8Array) => gzipSync(bytes, { level: 6 }).byteLength;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");
const within = (value: number, budget: number) => `${value} / ${budget} ${verdict(value <= budget)}`;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** Inline scripts count as JavaScript too (they are also in the HTML figure). */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "").filter((body) => body.trim());
}

/**
 * What a phone (360×740 CSS px, DPR 2) downloads to show the page without scrolling, until the
 * network is idle: the HTML, the CSS and all scripts gzip-compressed (as Cloudflare serves them), and
 * the images the browser actually fetched, as sent (photos are already compressed).
 */
/** Public pages that did not answer 200, so nothing of them was measured. */
const missing: string[] = [];

async function weighPages(origin: string, cookies: Cookies) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags.slice(1) });
  try {
    const results = [];
    for (const { path: url, visitor } of publicPages) {
      const cookie = cookies[visitor];
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        extraHTTPHeaders: cookie ? { Cookie: cookie } : {},
      });
      const page = await context.newPage();
      const bodies: Promise<{ type: string; bytes: Buffer; url: string } | null>[] = [];
      page.on("response", (response) => {
        const type = response.headers()["content-type"] ?? "";
        bodies.push(response.body().then((bytes) => ({ type, bytes, url: response.url() }), () => null));
      });
      const response = await page.goto(origin + url, { waitUntil: "networkidle" });
      if (!response?.ok()) {
        // A public page that does not answer is a MISS of every budget, printed, not thrown (decision 018).
        missing.push(`${url} answered ${response?.status()}`);
        await context.close();
        continue;
      }
      const loaded = (await Promise.all(bodies)).filter((body) => body !== null);
      let html = 0;
      let css = 0;
      let js = 0;
      const images: number[] = [];
      for (const { type, bytes } of loaded) {
        if (type.startsWith("text/html")) {
          html += gzipBytes(bytes);
          for (const script of inlineScripts(bytes.toString("utf8"))) js += gzipBytes(script);
        } else if (type.startsWith("text/css")) css += gzipBytes(bytes);
        else if (type.includes("javascript")) js += gzipBytes(bytes);
        else if (type.startsWith("image/")) images.push(bytes.byteLength);
      }
      const scripts = loaded.filter(({ type }) => type.includes("javascript")).length;
      results.push({
        page: url,
        htmlKb: kb(html),
        cssKb: kb(css),
        jsKb: kb(js),
        scriptFiles: scripts,
        images: images.length,
        imagesKb: kb(images.reduce((sum, bytes) => sum + bytes, 0)),
        largestImageKb: kb(Math.max(0, ...images)),
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's mobile preset (Moto G Power, simulated Slow 4G and 4× CPU slowdown) on every public
 * page, performance and accessibility, median of the runs. Lighthouse clears cookies before each
 * run, so a visitor's cookie goes along as a header.
 */
async function runLighthouse(origin: string, cookies: Cookies) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  try {
    const results = [];
    for (const { path: url, visitor } of publicPages.filter(({ path: url }) => !missing.some((page) => page.startsWith(`${url} `)))) {
      const cookie = cookies[visitor];
      const runs = [];
      for (let i = 0; i < lighthouseRuns; i++) {
        const result = await lighthouse(origin + url, {
          port: chrome.port,
          onlyCategories: ["performance", "accessibility"],
          output: "json",
          logLevel: "error",
          extraHeaders: cookie ? { Cookie: cookie } : undefined,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          accessibilityFailures: lhr.categories.accessibility?.auditRefs
            .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
            .map((ref) => ref.id) ?? [],
          lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
          tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
        });
      }
      results.push({
        page: url,
        runs: runs.length,
        score: median(runs.map((run) => run.score)),
        accessibility: Math.min(...runs.map((run) => run.accessibility)),
        accessibilityFailures: [...new Set(runs.flatMap((run) => run.accessibilityFailures))],
        lcpMs: Math.round(median(runs.map((run) => run.lcpMs))),
        cls: round(median(runs.map((run) => run.cls)), 3),
        tbtMs: Math.round(median(runs.map((run) => run.tbtMs))),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/**
 * Server time of a page and of the trivial /healthz, requested in turn so that the machine's noise
 * falls on both alike; their ratio is the figure that holds across machines. The requests carry a
 * cookie, as a signed-in visitor's would, so every one is rendered (anonymous pages may be answered
 * from the edge cache).
 */
async function serverTimes(origin: string, page: string, count: number) {
  const headers = { Cookie: "bench=1" };
  const timed = async (url: string) => {
    const start = performance.now();
    const response = await fetch(origin + url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - start;
  };
  for (let i = 0; i < 10; i++) {
    await timed(page);
    await timed("/healthz");
  }
  const pageTimes: number[] = [];
  const trivialTimes: number[] = [];
  for (let i = 0; i < count; i++) {
    pageTimes.push(await timed(page));
    trivialTimes.push(await timed("/healthz"));
  }
  const summary = (url: string, times: number[]) => ({ page: url, runs: times.length, medianMs: round(median(times)), p95Ms: round(quantile(times, 0.95)) });
  const measured = summary(page, pageTimes);
  const trivial = summary("/healthz", trivialTimes);
  return { pets: benchPetCount, page: measured, trivial, ratio: round(measured.medianMs / trivial.medianMs) };
}

/** The matchmaker on 10,000 generated pets: median of repeated runs, after warming up. */
function measureMatchmaker() {
  const random = createRandom(10_000);
  const pets: MatchPet[] = Array.from({ length: 10_000 }, (_, id) => {
    const species = random.pick(["Cat", "Dog"] as const);
    return {
      id,
      name: `Pet ${id}`,
      species,
      ageMonths: random.int(1, 180),
      weightLbs: species === "Cat" ? random.int(4, 18) : random.int(4, 120),
      activeLevel: random.pick(activeLevels),
      characteristics: random.next() < 0.3 ? [] : [random.pick(characteristicOptions), random.pick([...catBreeds, ...dogBreeds])],
    };
  });
  const answers: Answers = {
    a1: "Apartment",
    a2: { children: 2, youngestAge: "School age (6 - 12 Years)" },
    a3: ["Bird"],
    a4: [{ type: "Cat", age: 36, isNeutered: true }],
    p1: "Dog",
    p2: { fromAge: "All", toAge: "All" },
    p3: ["Small", "Medium", "Large"],
    p4: ["Very active", "Moderately active", "Quietly active"],
  };
  for (let i = 0; i < 10; i++) matchPets(answers, pets);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    matchPets(answers, pets, [1, 2, 3]);
    times.push(performance.now() - start);
  }
  return { pets: pets.length, runs: times.length, medianMs: round(median(times), 2), p95Ms: round(quantile(times, 0.95), 2) };
}

/** Serves a fresh state folder on `port` while `work` runs. Only password sign-ins happen, so no OpenID provider is started. */
async function withWorker<T>(name: string, port: number, pets: number | undefined, work: (origin: string) => Promise<T>) {
  const persistTo = path.join(root, "bench/.state", name);
  rmSync(persistTo, { recursive: true, force: true });
  prepareState(persistTo, { pets });
  const worker = serve({ persistTo, port, quiet: true, vars: localWorkerVars(`http://127.0.0.1:${port + 100}`) });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitUntilServing(`${origin}/healthz`);
    return await work(origin);
  } finally {
    worker.kill("SIGTERM");
    await new Promise((resolve) => worker.once("exit", resolve));
  }
}

const matchmaker = measureMatchmaker();
const alertRun = await measureAlertRun();
if (!values["no-build"]) build();
const routeScripts = routeScriptSizes(path.join(root, "build/client"));
realPhotoFiles(); // Fails early, saying how to install them, if the photographs are missing.
const { sizes, scores, photos, uploads } = await withWorker("demo", demoPort, undefined, async (origin) => {
  const cookies: Cookies = {
    anonymous: undefined,
    matched: await answerQuestionnaire(origin),
    adopter: await signIn(origin, demoAdopter.email, demoAdopter.password),
  };
  const sizes = await weighPages(origin, cookies);
  const scores = await runLighthouse(origin, cookies);
  // Last: the real photographs add five cats to the demo data the pages above were weighed with.
  const photos = await measureRealPhotos(origin, chromiumPath, chromiumFlags.slice(1));
  const uploads = await measureUploadBytes(origin, realPhotoFiles(), demoStaff);
  return { sizes, scores, photos, uploads };
});
const serverTime = await withWorker(`pets-${benchPetCount}`, benchPort, benchPetCount, (origin) => serverTimes(origin, "/adopt/dog", serverRuns));

console.log("\nPage weight on first view at 360×740, DPR 2 (KB; HTML, CSS and JS gzip; images as sent)");
console.table(
  sizes.map((size) => ({
    page: size.page,
    html: htmlBudgets[size.page] ? within(size.htmlKb, htmlBudgets[size.page]!) : size.htmlKb,
    css: within(size.cssKb, budgets.cssKb),
    js: within(size.jsKb, budgets.jsKb),
    "script files": size.scriptFiles,
    images: `${size.images} · ${size.imagesKb}`,
    "largest image": within(size.largestImageKb, budgets.photoKb),
  })),
);
for (const page of missing) console.log(`MISS: ${page}, not measured`);
console.log("Real photographs uploaded through the pet form (no JavaScript: the originals), as a phone at 360×740, DPR 2 loads them (KB as sent)");
console.table(
  photos.map((photo) => ({
    photo: `${photo.photo} (${photo.credit})`,
    original: `${photo.originalKb} KB, ${photo.originalPx}`,
    "pet page": `${photo.petPage.copy}: ${within(photo.petPage.kb, budgets.photoKb)}`,
    "list card": `${photo.listCard.copy}: ${within(photo.listCard.kb, budgets.photoKb)}`,
  })),
);
const uploadKb = (bytes: number) => Math.round(bytes / 1024);
console.log("The same photographs sent by the pet form: resized in the browser with JavaScript (decision 038), the originals without (KB)");
console.table(
  uploads.perPhoto.map((photo) => ({ photo: path.basename(photo.file), original: uploadKb(photo.original), "sent with JavaScript": uploadKb(photo.resized), "resizing ms": photo.resizeMs })),
);
console.log(`Request body: ${uploadKb(uploads.withoutResize)} KB without JavaScript, ${uploadKb(uploads.withResize)} KB with it (${Math.round((100 * uploads.withResize) / uploads.withoutResize)} %)`);
console.log("JavaScript per route in the build (KB gzip; later: a view's own code (decision 039) and the form checks, on a form's first use (decision 037))");
console.table(
  routeScripts.map((route) => ({ route: route.route, "on load": within(route.jsKb, budgets.jsKb), "loaded later": route.onDemandKb })),
);
console.log(`Lighthouse ${lighthouseRuns > 1 ? `(median of ${lighthouseRuns} runs) ` : ""}mobile, default throttling`);
console.table(
  scores.map((score) => ({
    page: score.page,
    performance: `${score.score} / ≥ ${budgets.lighthouseScore} ${verdict(score.score >= budgets.lighthouseScore)}`,
    accessibility: `${score.accessibility} / ${budgets.accessibilityScore} ${verdict(score.accessibility >= budgets.accessibilityScore)}`,
    "LCP ms": score.lcpMs,
    CLS: within(score.cls, budgets.cls),
    "TBT ms": score.tbtMs,
  })),
);
for (const score of scores.filter((score) => score.accessibilityFailures.length > 0)) {
  console.log(`Accessibility audits failed on ${score.page}: ${score.accessibilityFailures.join(", ")}`);
}
console.log(`Server time with ${serverTime.pets} pets, ${serverTime.page.runs} requests each on loopback`);
console.table(
  [serverTime.page, serverTime.trivial].map((time) => ({
    page: time.page,
    "median ms": time.page === "/adopt/dog" ? within(time.medianMs, budgets.adoptListServerMs) : time.medianMs,
    "p95 ms": time.p95Ms,
  })),
);
console.log(`/adopt/dog ÷ /healthz (medians): ${serverTime.ratio}`);
console.log(
  `Matchmaker on ${matchmaker.pets.toLocaleString("en-US")} pets: median ${within(matchmaker.medianMs, budgets.matchmakerMs)} ms, p95 ${matchmaker.p95Ms} ms`,
);

console.log(
  `New-pet alert run, ${alertRun.subscribers.toLocaleString("en-US")} subscribers × ${alertRun.newPets} new pets (${alertRun.emailed.toLocaleString("en-US")} e-mails): CPU ${within(alertRun.cpuMs, alertRun.cpuBudgetMs)} ms, wall ${alertRun.wallMs} ms`,
);

mkdirSync(path.join(root, "bench"), { recursive: true });
writeFileSync(
  path.join(root, "bench/results.json"),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), budgets, missing, pages: sizes, photos, uploads, routeScripts, lighthouse: scores, serverTime, matchmaker, alertRun }, null, 2)}\n`,
);
console.log("Written to bench/results.json");
