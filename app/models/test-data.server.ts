import { and, eq, inArray, isNull, like, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { adoptionPapers, careAnswers, careFollowUps, pets, petStays, users, visits, type NewPet } from "#app/db/schema";
import type { IntakeValues } from "#app/lib/intake-outcome/intake-outcome-schema";
import { firstIntakeStatement } from "#app/models/pet-stays.server";

/**
 * The end-to-end tests' own data (issue 41, decision 036 amended 2026-11-28), written by the running
 * server for POST /dev/test-data, never beside it: a second connection to the server's SQLite file
 * made the server's own writes fail with SQLITE_BUSY. Only rows it made carry these marks, and only
 * those can be removed through it.
 */
export const testPetIdPrefix = "SEQ-T-";
export const testAdopterEmailPattern = "own.%@example.com";

/**
 * A pet with its first stay (its intake), in one batch; an adopted pet's stay ends with the adoption on
 * `adoptedOn`. The pet's row is written as given (published, listed or not).
 */
export async function insertTestPet(
  db: Database,
  pet: NewPet & { animalId: string },
  intake: IntakeValues,
  adoptedOn: string | null,
): Promise<{ id: number }> {
  const [[created]] = await db.batch([
    db.insert(pets).values(pet).returning({ id: pets.id }),
    firstIntakeStatement(db, pet.animalId, intake),
    ...(adoptedOn
      ? [
          db
            .update(petStays)
            .set({ outcomeType: "adoption", outcomeOn: adoptedOn })
            .where(
              sql`${petStays.petId} = (select n.id from pets n where n.animal_id = ${pet.animalId}) and ${petStays.outcomeType} is null`,
            ),
        ]
      : []),
  ]);
  return created!;
}

/**
 * Takes test pets off every list as staff's Delete does (`deleted_at`; their stays stay counted, so
 * the figures other tests compare stay as they were). Only pets whose shelter id marks them as a
 * test's: the number removed.
 */
export async function deleteTestPets(db: Database, ids: number[], now = new Date()): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .update(pets)
    .set({ deletedAt: now, bondedWith: null, version: sql`${pets.version} + 1` })
    .where(and(inArray(pets.id, ids), like(pets.animalId, `${testPetIdPrefix}%`), isNull(pets.deletedAt)))
    .returning({ id: pets.id });
  return deleted.length;
}

/** Removes test adopters (their sessions, favourites and applications go with them): the number removed. */
export async function deleteTestAdopters(db: Database, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .delete(users)
    .where(and(inArray(users.id, ids), like(users.email, testAdopterEmailPattern)))
    .returning({ id: users.id });
  return deleted.length;
}

/** A pet of the tests' own (its shelter id), not deleted. */
const isTestPet = (petId: unknown) =>
  sql`${petId} in (select t.id from pets t where t.animal_id like ${`${testPetIdPrefix}%`} and t.deleted_at is null)`;

/** An application for a test pet or by a test adopter. */
const isTestApplication = (applicationId: unknown) =>
  sql`${applicationId} in (select a.id from adoption_applications a join users u on u.id = a.user_id join pets p on p.id = a.pet_id
        where u.email like ${testAdopterEmailPattern} or p.animal_id like ${`${testPetIdPrefix}%`})`;

/**
 * A care follow-up as the hourly run records one it sent (issue 45), for a test pet only: its id, or
 * null when the pet is no test's (or the follow-up was already there).
 */
export async function insertTestFollowUp(
  db: Database,
  followUp: { petId: number; email: string; kind: string; item: string; dueOn: string },
): Promise<{ id: number } | null> {
  const [pet] = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.id, followUp.petId), isTestPet(pets.id)));
  if (!pet) return null;
  const [created] = await db
    .insert(careFollowUps)
    .values(followUp)
    .onConflictDoNothing()
    .returning({ id: careFollowUps.id });
  return created ?? null;
}

/**
 * Moves the booked visit of a test application (a test pet's, or a test adopter's) to `start` (thirty
 * minutes long), as the clock would bring it: every visit of that application afterwards, as stored.
 */
export async function moveTestVisit(db: Database, applicationId: number, start: Date) {
  const [, after] = await db.batch([
    db
      .update(visits)
      .set({ slotStart: start, slotEnd: new Date(start.getTime() + 30 * 60_000) })
      .where(
        and(
          eq(visits.applicationId, applicationId),
          eq(visits.status, "booked"),
          isTestApplication(visits.applicationId),
        ),
      ),
    db
      .select({ status: visits.status, slotStart: visits.slotStart })
      .from(visits)
      .where(and(eq(visits.applicationId, applicationId), isTestApplication(visits.applicationId)))
      .orderBy(visits.id),
  ]);
  return after.map((visit) => ({ status: visit.status, slotStart: visit.slotStart.getTime() }));
}

/** The answers to a test pet's follow-ups (its answer and photo key), oldest first. */
export function testCareAnswers(db: Database, petId: number) {
  return db
    .select({ kind: careFollowUps.kind, answer: careAnswers.answer, photo: careAnswers.photo })
    .from(careAnswers)
    .innerJoin(careFollowUps, eq(careFollowUps.id, careAnswers.followUpId))
    .where(and(eq(careFollowUps.petId, petId), isTestPet(careFollowUps.petId)))
    .orderBy(careAnswers.id);
}

/** The stored adoption papers of a test application: what the signature binds (hashes, the typed name). */
export function testAdoptionPapers(db: Database, applicationId: number) {
  return db
    .select({
      signedName: adoptionPapers.signedName,
      signedTextSha256: adoptionPapers.signedTextSha256,
      fileSha256: adoptionPapers.fileSha256,
    })
    .from(adoptionPapers)
    .where(and(eq(adoptionPapers.applicationId, applicationId), isTestApplication(adoptionPapers.applicationId)))
    .orderBy(adoptionPapers.id);
}
