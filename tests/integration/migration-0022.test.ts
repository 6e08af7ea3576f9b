import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Miniflare } from "./miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * Migration 0022 (decision 064) on pets from before it: every pet gets its first stay, its intake on
 * the day it was created (shelter time) of the default type, and an adopted pet's stay ends with an
 * adoption on its adoption day.
 */
const migrationsDir = path.resolve(import.meta.dirname, "../../migrations");
let miniflare: Miniflare;
let db: D1Database;

async function apply(which: (file: string) => boolean) {
  for (const file of (await readdir(migrationsDir)).filter((name) => name.endsWith(".sql") && which(name)).sort()) {
    const statements = (await readFile(path.join(migrationsDir, file), "utf8"))
      .split("--> statement-breakpoint")
      .map((part) => part.trim())
      .filter(Boolean);
    await db.batch(statements.map((statement) => db.prepare(statement)));
  }
}

beforeAll(async () => {
  miniflare = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null); } }",
    d1Databases: { DB: "migration-0022-test" },
  });
  db = (await miniflare.getD1Database("DB")) as unknown as D1Database;
  await apply((file) => file < "0022");
});
afterAll(() => miniflare.dispose());

it("gives every pet an intake and every adopted pet an adoption", async () => {
  // 2026-03-01 05:00 UTC is still February 28 in Eureka.
  const created = Date.UTC(2026, 2, 1, 5, 0);
  const adopted = Date.UTC(2026, 3, 10, 20, 0);
  const pet = (id: number, species: string, adoptedEmail: string | null) =>
    db
      .prepare(
        "insert into pets (id, animal_id, name, species, age, adopted_email, adopted_date, created_at, updated_at) values (?, ?, 'P', ?, 3, ?, ?, ?, ?)",
      )
      .bind(id, `M-${id}`, species, adoptedEmail, adoptedEmail ? adopted : null, created, created);
  await db.batch([pet(1, "Dog", null), pet(2, "Cat", "home@example.com")]);
  await apply((file) => file >= "0022");
  const stays = (
    await db
      .prepare(
        "select pet_id, species, intake_type, intake_on, intake_age_months, outcome_type, outcome_on from pet_stays order by pet_id",
      )
      .all()
  ).results;
  expect(stays).toEqual([
    {
      pet_id: 1,
      species: "Dog",
      intake_type: "stray",
      intake_on: "2026-02-28",
      intake_age_months: 3,
      outcome_type: null,
      outcome_on: null,
    },
    {
      pet_id: 2,
      species: "Cat",
      intake_type: "stray",
      intake_on: "2026-02-28",
      intake_age_months: 3,
      outcome_type: "adoption",
      outcome_on: "2026-04-10",
    },
  ]);
});
