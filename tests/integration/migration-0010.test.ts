import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Miniflare } from "./miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * Migration 0010 (decision 040) on data from before it: applications left "approved" by holds that
 * ended become "hold_ended" (or "adopted" when their applicant took the pet home), each with a history
 * row; an approval that still holds its pet stays as it is.
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
    d1Databases: { DB: "migration-test" },
  });
  db = (await miniflare.getD1Database("DB")) as unknown as D1Database;
  await apply((file) => file < "0010");
});
afterAll(() => miniflare.dispose());

it("moves approvals whose hold ended on, and keeps the one that still holds its pet", async () => {
  const now = Date.now();
  const user = (id: number) =>
    db
      .prepare(
        "insert into users (id, email, first_name, last_name, email_confirmed_at, created_at, updated_at) values (?, ?, 'A', 'B', ?, ?, ?)",
      )
      .bind(id, `u${id}@example.com`, now, now, now);
  const pet = (id: number, hold: string | null, adopted: string | null) =>
    db
      .prepare(
        "insert into pets (id, animal_id, name, species, on_hold_email, on_hold_date, adopted_email, adopted_date, created_at, updated_at) values (?, ?, 'P', 'Dog', ?, ?, ?, ?, ?, ?)",
      )
      .bind(id, `M-${id}`, hold, hold ? now : null, adopted, adopted ? now : null, now, now);
  const application = (id: number, petId: number, userId: number) =>
    db
      .prepare(
        "insert into adoption_applications (id, pet_id, user_id, status, version, created_at, updated_at) values (?, ?, ?, 'approved', 2, ?, ?)",
      )
      .bind(id, petId, userId, now, now);
  await db.batch([
    user(1),
    user(2),
    user(3),
    user(4),
    pet(1, "u1@example.com", null), // still held for its applicant
    pet(2, null, null), // hold ended
    pet(3, "u4@example.com", null), // held for someone else since
    pet(4, null, "u3@example.com"), // its applicant took it home
    application(1, 1, 1),
    application(2, 2, 2),
    application(3, 3, 2),
    application(4, 4, 3),
  ]);
  await apply((file) => file >= "0010");
  const statuses = (await db.prepare("select id, status, version from adoption_applications order by id").all())
    .results;
  expect(statuses).toEqual([
    { id: 1, status: "approved", version: 2 },
    { id: 2, status: "hold_ended", version: 3 },
    { id: 3, status: "hold_ended", version: 3 },
    { id: 4, status: "adopted", version: 3 },
  ]);
  const events = (
    await db.prepare("select application_id, status from application_events order by application_id").all()
  ).results;
  expect(events).toEqual([
    { application_id: 2, status: "hold_ended" },
    { application_id: 3, status: "hold_ended" },
    { application_id: 4, status: "adopted" },
  ]);
  // The index now counts "hold ended" as active: one active application per adopter and pet.
  await expect(
    db
      .prepare(
        "insert into adoption_applications (pet_id, user_id, status, created_at, updated_at) values (2, 2, 'submitted', ?, ?)",
      )
      .bind(now, now)
      .run(),
  ).rejects.toThrow(/UNIQUE/);
});
