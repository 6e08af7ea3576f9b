import { expect, type APIRequestContext } from "@playwright/test";

/**
 * Data a test makes for itself (issue 41, "Tests that own their data"): its own listed pets and its own
 * confirmed adopter, so no test changes what another reads and none depends on a demo pet's name,
 * position or state. The pattern of the Epic Stack's `insertNewUser`/`login()`: make what the test needs,
 * then sign the browser in through the real sign-in form.
 *
 * Made by the running server itself (POST /dev/test-data, app/routes/site/dev-test-data.ts, which only
 * the e2e run's server answers), never by a second connection to its SQLite file: that one made the
 * server's own writes fail with SQLITE_BUSY (decision 036, amended 2026-11-28). Names and e-mail
 * addresses are unique per call, so a leftover never collides with another test's.
 */

export interface OwnPetOptions {
  species?: "Cat" | "Dog";
  /** The pet's name; by default a unique one (`Pip qwerty`). Given names get the unique token added. */
  name?: string;
  sex?: "Male" | "Female";
  ageMonths?: number;
  adoptionFee?: number;
  activeLevel?: "Very active" | "Moderately active" | "Quietly active";
  about?: string;
  /** On hold for this e-mail since now, until the close of the next business day (decision 030). */
  heldFor?: string;
  /** Adopted today by this e-mail: off the lists, its stay closed by adoption (decision 064). */
  adoptedBy?: string;
  /** With `adoptedBy`: adopted this many days ago (its stay closed that day), not today. */
  adoptedDaysAgo?: number;
}

export interface OwnPet {
  id: number;
  name: string;
  species: "Cat" | "Dog";
  animalId: string;
}

export interface OwnAdopterOptions {
  firstName?: string;
  lastName?: string;
  language?: "en" | "es";
}

export interface OwnAdopter {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

async function testData<T>(request: APIRequestContext, data: Record<string, unknown>): Promise<T> {
  const answer = await request.post("/dev/test-data", { data });
  expect(answer.status(), `POST /dev/test-data ${JSON.stringify(data)}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

/**
 * A published, listed pet with its open intake stay (a stray, decision 064), as the staff form's Save and
 * Publish leave one. A cat by default: the dog list's counts are read exactly by the browse tests
 * (adopt.spec.ts, spanish-browse.spec.ts), so a listed dog of one's own would change them; a held or
 * adopted dog is fine. No page purge runs: its own page is a new address (ids are never reused), but a
 * visitor's (cookie-less) list page may come from the edge cache for up to six minutes, so tests that
 * need the pet on a list sign in first (signed-in pages are never cached).
 */
export function makePet(request: APIRequestContext, options: OwnPetOptions = {}) {
  return testData<OwnPet>(request, { make: "pet", ...options });
}

/** A confirmed adopter account with a unique e-mail (tagged with the project) and a real password hash. */
export function makeAdopter(request: APIRequestContext, tag: string, options: OwnAdopterOptions = {}) {
  return testData<OwnAdopter>(request, { make: "adopter", tag, ...options });
}

/**
 * Takes a test's pets off every list as staff's Delete does (their stays stay counted: the figures other
 * tests compare stay as they were) and removes its accounts.
 */
export async function removeOwnData(request: APIRequestContext, made: { pets: number[]; adopters: number[] }) {
  if (made.pets.length === 0 && made.adopters.length === 0) return;
  await testData(request, { make: "removal", ...made });
}

/**
 * A check-in e-mail about a test's own pet, recorded as the hourly run records one it sent (the run
 * itself, at its days, is tested in tests/integration/care-follow-ups.test.ts; firing it here at a later
 * day would end other specs' holds). Its one-tap answer links are signed as the run signs them.
 */
export async function sendFollowUp(
  request: APIRequestContext,
  followUp: { pet: number; email: string; kind: "check-in-3d" | "check-in-3w" | "check-in-3m" },
) {
  await testData(request, { make: "follow-up", ...followUp });
}

/**
 * The booked visit of a test's application (for its own pet, or by its own adopter) moved to start at
 * `startsAt`, as the clock would bring it: every visit of the application after the move, as stored.
 */
export async function moveVisit(request: APIRequestContext, application: number, startsAt: number) {
  const { visits } = await testData<{ visits: { status: string; slotStart: number }[] }>(request, {
    make: "visit-time",
    application,
    startsAt,
  });
  return visits;
}

/** The answers to the follow-ups about a test's own pet, as stored (with a photo's private key). */
export async function careAnswersOf(request: APIRequestContext, pet: number) {
  const { answers } = await testData<{ answers: { kind: string; answer: string; photo: string | null }[] }>(request, {
    make: "read-care-answers",
    pet,
  });
  return answers;
}

/** The stored adoption papers of a test's application: the typed name and the hashes the signature binds. */
export async function adoptionPapersOf(request: APIRequestContext, application: number) {
  const { papers } = await testData<{
    papers: { signedName: string | null; signedTextSha256: string | null; fileSha256: string | null }[];
  }>(request, { make: "read-adoption-papers", application });
  return papers;
}
