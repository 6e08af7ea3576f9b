/**
 * The project's benchmark: builds, serves the production build on local workerd with the demo data,
 * and measures what a phone downloads and how fast the server answers. Prints a table with each
 * figure beside its budget (docs: ../shared/DESIGN.md §5) and writes bench/results.json.
 *   npm run bench [-- --runs N]
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { activeLevels, catBreeds, characteristicOptions, dogBreeds } from "../app/lib/breeds";
import { matchPets, type MatchPet } from "../app/lib/matchmaker";
import type { Answers } from "../app/lib/questionnaire";
import { createRandom } from "./demo/random";
import { build, prepareState, serve, waitUntilServing } from "./lib/local-worker";
import { localWorkerVars } from "./lib/oidc-provider";

const { values } = parseArgs({ options: { runs: { type: "string", default: "60" } } });
const runs = Number(values.runs);
const port = 8791;
const origin = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, "..");
const persistTo = path.join(root, "bench/.state/demo");

const pages = ["/", "/foster", "/volunteer", "/adopt", "/adopt/dog", "/adopt/pet?pet_id=1", "/match"];
const budgets = { jsKb: 100, cssKb: 15, adoptListHtmlKb: 30, matchmakerMs: 10 };
/** Pages whose HTML has its own budget. */
const htmlBudgets: Record<string, number> = { "/adopt/dog": budgets.adoptListHtmlKb };

const gzipBytes = (text: string | Uint8Array) => gzipSync(text, { level: 6 }).byteLength;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function text(url: string) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** Every script the page loads on first view: external files, module imports and inline scripts. */
function scriptsOf(html: string) {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1]!);
  const inline: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? "";
    if (!body.trim()) continue;
    inline.push(body);
    for (const specifier of body.matchAll(/(?:import|from)\s*\(?\s*"([^"]+\.js)"/g)) urls.add(specifier[1]!);
  }
  return { urls: [...urls], inline };
}

function stylesheetsOf(html: string) {
  return [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1]!);
}

async function measurePage(page: string) {
  const html = await text(origin + page);
  const scripts = scriptsOf(html);
  let js = scripts.inline.reduce((sum, body) => sum + gzipBytes(body), 0);
  for (const url of scripts.urls) js += gzipBytes(await text(new URL(url, origin).toString()));
  let css = 0;
  for (const url of stylesheetsOf(html)) css += gzipBytes(await text(new URL(url, origin).toString()));
  return { page, htmlKb: kb(gzipBytes(html)), cssKb: kb(css), jsKb: kb(js), scripts: scripts.urls.length };
}

async function serverTimes(page: string, count: number) {
  for (let i = 0; i < 5; i++) await text(origin + page);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await text(origin + page);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { page, runs: count, medianMs: at(0.5), p95Ms: at(0.95) };
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
  times.sort((a, b) => a - b);
  return { pets: pets.length, runs: times.length, medianMs: Math.round(times[25]! * 100) / 100, p95Ms: Math.round(times[47]! * 100) / 100 };
}

const matchmaker = measureMatchmaker();

build();
rmSync(persistTo, { recursive: true, force: true });
prepareState(persistTo);
// The pages are measured as `npm start` serves them; no sign-in happens, so no provider is started.
const worker = serve({ persistTo, port, quiet: true, vars: localWorkerVars(`http://127.0.0.1:${port + 100}`) });
try {
  await waitUntilServing(`${origin}/`);
  const sizes = [];
  for (const page of pages) sizes.push(await measurePage(page));
  const serverTime = [await serverTimes("/", runs), await serverTimes("/adopt/dog", runs)];

  const verdict = (value: number, budget: number) => (value <= budget ? "PASS" : "MISS");
  console.log("\nPage weight on first view (gzip, KB)");
  console.table(
    sizes.map((size) => ({
      page: size.page,
      html: htmlBudgets[size.page] ? `${size.htmlKb} / ${htmlBudgets[size.page]} ${verdict(size.htmlKb, htmlBudgets[size.page]!)}` : size.htmlKb,
      css: `${size.cssKb} / ${budgets.cssKb} ${verdict(size.cssKb, budgets.cssKb)}`,
      js: `${size.jsKb} / ${budgets.jsKb} ${verdict(size.jsKb, budgets.jsKb)}`,
      "script files": size.scripts,
    })),
  );
  console.log(
    `Matchmaker on ${matchmaker.pets.toLocaleString("en-US")} pets: median ${matchmaker.medianMs} ms, p95 ${matchmaker.p95Ms} ms / ${budgets.matchmakerMs} ms ${verdict(matchmaker.medianMs, budgets.matchmakerMs)}`,
  );
  for (const time of serverTime) {
    console.log(`Server time of ${time.page} over ${time.runs} requests on loopback: median ${time.medianMs} ms, p95 ${time.p95Ms} ms`);
  }

  mkdirSync(path.join(root, "bench"), { recursive: true });
  writeFileSync(
    path.join(root, "bench/results.json"),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), budgets, pages: sizes, serverTime, matchmaker }, null, 2)}\n`,
  );
  console.log("Written to bench/results.json");
} finally {
  worker.kill("SIGTERM");
}
