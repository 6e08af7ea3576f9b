/**
 * The new-pet alert run (decision 031) at scale: 10,000 subscribed adopters with varied answers and
 * 50 pets listed since their last alert, on a fresh in-memory local D1 (Miniflare, as the tests use).
 * Reports the run's wall time (D1 included) and the CPU time of our side of it (matching, email
 * texts, query building: what the scheduled handler's 30 s CPU limit counts; D1's own work is not
 * the Worker's CPU). Part of `npm run bench`; alone: `npx tsx scripts/bench-alerts.ts`.
 */
import { pathToFileURL } from "node:url";
import { setupI18n } from "@lingui/core";
import { Miniflare } from "miniflare";
import { createDb } from "#app/db/client.server";
import { activeLevels, characteristicOptions } from "#app/lib/pets/breeds";
import { petSizes } from "#app/lib/pets/pet-sizes";
import type { Answers } from "#app/lib/match/questionnaire";
import { sendNewPetAlerts } from "#app/models/new-pet-alerts.server";
import { applyMigrations } from "#tests/integration/harness";
import { createRandom } from "./demo/random";

export const alertBench = { subscribers: 10_000, newPets: 50, cpuBudgetMs: 30_000 };

function answersFor(random: ReturnType<typeof createRandom>): Answers {
  const sizes = petSizes.filter(() => random.next() < 0.7);
  const levels = activeLevels.filter(() => random.next() < 0.7);
  return {
    a1: random.pick(["Apartment", "House", "Condo"]),
    a2:
      random.next() < 0.5
        ? { children: 0, youngestAge: null }
        : { children: 2, youngestAge: "School age (6 - 12 Years)" },
    a3: random.next() < 0.1 ? ["Cat"] : [],
    a4: random.next() < 0.3 ? [{ type: "Dog", age: 36, isNeutered: true }] : [],
    p1: random.pick(["Cat", "Dog"] as const),
    p2: { fromAge: "All", toAge: "All" },
    p3: sizes.length > 0 ? sizes : ["Medium"],
    p4: levels.length > 0 ? levels : ["Moderately active"],
  };
}

/** Seeds the subscribers and pets with multi-row inserts (under D1's 100 bound parameters each). */
async function seed(d1: D1Database, subscribedAt: number, listedAt: number) {
  const random = createRandom(16);
  const userRows = Array.from({ length: alertBench.subscribers }, (_, index) => [
    `adopter${index}@example.com`,
    "Alex",
    "Adopter",
    JSON.stringify(answersFor(random)),
    1,
    subscribedAt,
    subscribedAt,
    0,
    0,
  ]);
  const statements: D1PreparedStatement[] = [];
  // Confirmed addresses: alerts go only to them (decision 041). Nine values a row, eleven rows under D1's 100 bound parameters.
  for (let start = 0; start < userRows.length; start += 11) {
    const rows = userRows.slice(start, start + 11);
    statements.push(
      d1
        .prepare(
          `insert into users (email, first_name, last_name, match_answers, new_pet_alerts, alerts_checked_at, email_confirmed_at, created_at, updated_at) values ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        )
        .bind(...rows.flat()),
    );
  }
  for (let index = 0; index < alertBench.newPets; index += 1) {
    const species = random.pick(["Cat", "Dog"] as const);
    statements.push(
      d1
        // Published: a draft is announced to nobody (decisions 052 and 053 read the public-list condition).
        .prepare(
          "insert into pets (animal_id, name, species, age, weight, active_level, characteristics, listed_at, published_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(
          `BENCH-${index}`,
          `New ${index}`,
          species,
          random.int(2, 150),
          species === "Cat" ? random.int(4, 18) : random.int(4, 120),
          random.pick(activeLevels),
          JSON.stringify(random.next() < 0.5 ? [] : [random.pick(characteristicOptions)]),
          listedAt,
          listedAt,
          listedAt,
          listedAt,
        ),
    );
  }
  for (let start = 0; start < statements.length; start += 200) await d1.batch(statements.slice(start, start + 200));
}

export async function measureAlertRun() {
  const miniflare = new Miniflare({ modules: true, script: "export default {}", d1Databases: { DB: "bench-alerts" } });
  try {
    const d1 = (await miniflare.getD1Database("DB")) as unknown as D1Database;
    await applyMigrations(d1);
    // 9 am in Eureka: nobody has had today's alert yet.
    const now = Date.parse("2026-12-01T17:00:00Z");
    await seed(d1, now - 3 * 60 * 60 * 1000, now - 60 * 60 * 1000);

    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    // The emails in English from their source text (a script in Node has no .po loader; Lingui compiles them outside production).
    const english = setupI18n({ locale: "en", messages: { en: {} } });
    const result = await sendNewPetAlerts(createDb(d1), new Date(now), {
      siteUrl: "https://shelter.example",
      secret: "bench-secret",
      languages: () => english,
    });
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const queued = await d1.prepare("select count(*) as n from queued_emails").first<{ n: number }>();
    return {
      ...alertBench,
      ...result,
      queued: queued?.n ?? 0,
      wallMs: Math.round(wallMs),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    };
  } finally {
    await miniflare.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const run = await measureAlertRun();
  console.log(
    `New-pet alert run, ${run.subscribers.toLocaleString("en-US")} subscribers × ${run.newPets} new pets: ${run.emailed.toLocaleString("en-US")} emails queued; wall ${run.wallMs} ms; CPU (our side) ${run.cpuMs} / ${run.cpuBudgetMs} ms ${run.cpuMs <= run.cpuBudgetMs ? "PASS" : "MISS"}`,
  );
}
