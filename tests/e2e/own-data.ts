import { randomBytes } from "node:crypto";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { Miniflare } from "miniflare";
import { shelter } from "#app/config/shelter";
import { hashPassword } from "#app/lib/accounts/crypto";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { closeOfNextBusinessDay } from "#app/lib/visits/business-hours";
import { catBreeds, dogBreeds } from "#app/lib/pets/breeds";
import { e2eState } from "./scheduled-run";

/**
 * Data a test makes for itself (issue 41, "Tests that own their data"): its own listed pets and its own
 * confirmed adopter, written straight into the e2e server's local D1 (as tests/e2e/local-d1.ts does), so
 * no test changes what another reads and none depends on a demo pet's name, position or state. The
 * pattern of the Epic Stack's `insertNewUser`/`login()`: insert what the test needs, then sign the
 * browser in through the real sign-in form.
 *
 * Names and e-mail addresses are unique per call, so a leftover never collides with another test's.
 */

/** A short random token for names and ids (letters only: the staff search matches a name's start). */
export function ownToken(length = 6) {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  return Array.from(randomBytes(length), (byte) => letters[byte % letters.length]).join("");
}

/**
 * The e2e server's local D1 through a second Miniflare on its state folder (as tests/e2e/local-d1.ts), opened
 * once per worker: starting a Miniflare takes seconds on a busy machine, and those seconds counted in
 * every test's limit. An idle connection holds no lock (SQLite's WAL).
 */
export async function openLocalD1(info: Pick<TestInfo, "project">) {
  const miniflare = new Miniflare({
    modules: true,
    script: "export default { fetch: () => new Response(null, { status: 404 }) };",
    compatibilityDate: "2025-09-01",
    d1Persist: path.join(e2eState(info), "v3/d1"),
    d1Databases: { DB: "00000000-0000-4000-8000-000000000000" },
  });
  return { db: await miniflare.getD1Database("DB"), dispose: () => miniflare.dispose() };
}

type Database = Awaited<ReturnType<typeof openLocalD1>>["db"];

/** Runs prepared statements (with their bound values) in one batch. */
async function batch(db: Database, statements: { sql: string; values?: unknown[] }[]) {
  const results = await db.batch(statements.map(({ sql, values = [] }) => db.prepare(sql).bind(...values)));
  return results.map((result) => result.results as Record<string, unknown>[]);
}

export interface OwnPetOptions {
  species?: "Cat" | "Dog";
  /** The pet's name; by default a unique one (`Pip qwerty`). Given names get the unique token added. */
  name?: string;
  sex?: "Male" | "Female";
  ageMonths?: number;
  adoptionFee?: number;
  activeLevel?: string;
  breed?: string[];
  characteristics?: string[];
  about?: string;
  /** On hold for this e-mail since now, until the close of the next business day (decision 030). */
  heldFor?: string;
  /** Adopted today by this e-mail: off the lists, its stay closed by adoption (decision 064). */
  adoptedBy?: string;
}

export interface OwnPet {
  id: number;
  name: string;
  species: "Cat" | "Dog";
  animalId: string;
}

/**
 * Inserts a published, listed pet with its open intake stay (a stray, decision 064), as the staff form's
 * Save and Publish leave one. A cat by default: the dog list's counts are read exactly by the browse
 * tests (adopt.spec.ts, spanish-browse.spec.ts), so a listed dog of one's own would change them; a held
 * or adopted dog is fine. No page purge runs: its own page is a new address
 * (ids are never reused), but a visitor's (cookie-less) list page may come from the edge cache for up to
 * six minutes, so tests that need the pet on a list sign in first (signed-in pages are never cached).
 */
export async function insertPet(db: Database, options: OwnPetOptions = {}): Promise<OwnPet> {
  const species = options.species ?? "Cat";
  const token = ownToken();
  const name = `${options.name ?? "Pip"} ${token}`;
  const animalId = `SEQ-T-${token.toUpperCase()}`;
  const ageMonths = options.ageMonths ?? 24;
  const now = Date.now();
  const today = shelterDayOf(now, shelter.openingHours.timeZone);
  // It came in a year ago: newest-first lists show it after every demo pet, so it never pushes a demo
  // pet off a first page that another test reads, and it is no "new pet" for the alerts.
  const arrived = now - 365 * 24 * 60 * 60 * 1000;
  const { heldFor = null, adoptedBy = null } = options;
  const [inserted] = await batch(db, [
    {
      sql: `insert into pets (animal_id, name, species, breed, age, weight, sex, active_level, adoption_fee, about,
              characteristics, images, listed_at, version, created_at, updated_at, published_at,
              on_hold_email, on_hold_date, on_hold_until, adopted_email, adopted_date)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, 1, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      values: [
        animalId,
        name,
        species,
        JSON.stringify(options.breed ?? [species === "Cat" ? catBreeds[2] : dogBreeds[0]]),
        ageMonths,
        species === "Cat" ? 9.5 : 24,
        options.sex ?? "Female",
        options.activeLevel ?? "Moderately active",
        options.adoptionFee ?? 75,
        options.about ?? `${name} is a test's own pet: friendly, curious and ready for a home.`,
        JSON.stringify(options.characteristics ?? []),
        // A held or adopted pet is off the lists (listed_at null, as the demo's held and adopted pets).
        heldFor || adoptedBy ? null : arrived,
        arrived,
        now,
        arrived,
        heldFor,
        heldFor ? now : null,
        heldFor ? closeOfNextBusinessDay(new Date(now), shelter.openingHours).getTime() : null,
        adoptedBy,
        adoptedBy ? now : null,
      ],
    },
    {
      sql: `insert into pet_stays (pet_id, species, intake_type, intake_on, intake_age_months, outcome_type, outcome_on,
              created_at, updated_at)
            values ((select id from pets where animal_id = ?), ?, 'stray', ?, ?, ?, ?, ?, ?)`,
      values: [
        animalId,
        species,
        shelterDayOf(arrived, shelter.openingHours.timeZone),
        ageMonths,
        adoptedBy ? "adoption" : null,
        adoptedBy ? today : null,
        now,
        now,
      ],
    },
  ]);
  return { id: Number(inserted?.[0]?.id), name, species, animalId };
}

/**
 * Takes a test's pets off every list as staff's Delete does (`deleted_at`), leaving their stays counted:
 * the figures other tests compare stay as they were.
 */
export async function removePets(db: Database, ids: number[]) {
  if (ids.length === 0) return;
  await batch(db, [
    {
      sql: `update pets set deleted_at = ?, bonded_with = null where id in (${ids.map(() => "?").join(",")}) and deleted_at is null`,
      values: [Date.now(), ...ids],
    },
  ]);
}

export interface OwnAdopter {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Inserts a confirmed adopter account with a unique e-mail and a real password hash the app accepts. */
export async function insertAdopter(
  db: Database,
  project: string,
  options: { firstName?: string; lastName?: string; language?: "en" | "es" } = {},
): Promise<OwnAdopter> {
  const token = ownToken();
  const email = `own.${token}.${project}@example.com`;
  const password = `own-data-${token}-7`;
  const firstName = options.firstName ?? "Robin";
  const lastName = options.lastName ?? "Owner";
  const now = Date.now();
  const [inserted] = await batch(db, [
    {
      sql: `insert into users (email, first_name, last_name, password_hash, email_confirmed_at, language, created_at, updated_at)
            values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      values: [email, firstName, lastName, await hashPassword(password), now, options.language ?? "en", now, now],
    },
  ]);
  return { id: Number(inserted?.[0]?.id), email, password, firstName, lastName };
}

/** Removes a test's accounts (their sessions, favourites and applications go with them). */
export async function removeAdopters(db: Database, ids: number[]) {
  if (ids.length === 0) return;
  await batch(db, [{ sql: `delete from users where id in (${ids.map(() => "?").join(",")})`, values: ids }]);
}
