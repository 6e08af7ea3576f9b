import { and, inArray, isNull, like, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { pets, petStays, users, type NewPet } from "#app/db/schema";
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
