import { and, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { adoptionApplications, adoptionPapers, applicationEvents, pets, users, visits } from "#app/db/schema";

/**
 * When a pet is adopted, every other application for it still going ends as "pet no longer
 * available" (issue 24), in the same D1 batch as the adoption: these statements go last in that
 * batch, the first requires `changes() > 0` of the statement before it (the adoption's own last
 * write), and both require the pet to be adopted now.
 */
const stillGoing = ["submitted", "in_review", "hold_ended", "draft"] as const;

const othersOf = (petId: number, exceptApplicationId: number | null) =>
  and(
    eq(adoptionApplications.petId, petId),
    inArray(adoptionApplications.status, [...stillGoing]),
    exceptApplicationId === null ? undefined : ne(adoptionApplications.id, exceptApplicationId),
  );

const petAdopted = (petId: number) =>
  sql`exists (select 1 from ${pets} where ${pets.id} = ${petId} and ${pets.adoptedEmail} is not null)`;

export function closeOtherApplications(
  db: Database,
  petId: number,
  exceptApplicationId: number | null,
  userId: number | null,
  now = new Date(),
): BatchItem<"sqlite">[] {
  return [
    db.insert(applicationEvents).select(
      sql`select null as id, ${adoptionApplications.id} as application_id, 'no_longer_available' as status, ${userId} as user_id, ${now.getTime()} as created_at
          from ${adoptionApplications} where ${othersOf(petId, exceptApplicationId)} and ${adoptionApplications.status} != 'draft' and changes() > 0 and ${petAdopted(petId)}`,
    ),
    // Drafts go too (never sent: no history row, no email).
    db
      .update(adoptionApplications)
      .set({ status: "no_longer_available", version: sql`${adoptionApplications.version} + 1`, updatedAt: now })
      .where(and(othersOf(petId, exceptApplicationId), petAdopted(petId))),
  ];
}

/** The applicants the adoption will tell (sent applications still going, confirmed addresses only), read before it. */
export async function otherApplicants(db: Database, petId: number, exceptApplicationId: number | null) {
  return db
    .select({
      id: adoptionApplications.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      matchAnswers: users.matchAnswers,
    })
    .from(adoptionApplications)
    .innerJoin(users, eq(users.id, adoptionApplications.userId))
    .where(
      and(
        othersOf(petId, exceptApplicationId),
        ne(adoptionApplications.status, "draft"),
        isNotNull(users.emailConfirmedAt),
      ),
    )
    .limit(200);
}

/**
 * A visit belongs to an approved application (decision 048): in every batch that can move a pet's
 * approved application on (declined, hold ended, adopted, someone else adopted the pet), this goes
 * last and cancels the booked visit of each application of the pet that is no longer approved, so a
 * visit never stays booked for an application that has moved on. It reads the applications as the
 * batch left them, so it changes nothing when the batch changed nothing.
 */
export function cancelVisitsOfClosedApplications(db: Database, petId: number, now = new Date()): BatchItem<"sqlite"> {
  return db
    .update(visits)
    .set({ status: "cancelled", version: sql`${visits.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(visits.status, "booked"),
        inArray(
          visits.applicationId,
          db
            .select({ id: adoptionApplications.id })
            .from(adoptionApplications)
            .where(and(eq(adoptionApplications.petId, petId), ne(adoptionApplications.status, "approved"))),
        ),
      ),
    );
}

/**
 * The adoption papers of the pet's applications that moved on (the hold ended, declined, withdrawn:
 * neither approved nor adopted) close, with the time (decision 070): for the batch that ends a hold.
 * A no-op for papers already closed, so a run that ends the hold twice closes them once.
 */
export function closePapersOfClosedApplications(db: Database, petId: number, now: Date): BatchItem<"sqlite"> {
  return db
    .update(adoptionPapers)
    .set({ closedAt: now })
    .where(
      and(
        isNull(adoptionPapers.closedAt),
        inArray(
          adoptionPapers.applicationId,
          db
            .select({ id: adoptionApplications.id })
            .from(adoptionApplications)
            .where(
              and(
                eq(adoptionApplications.petId, petId),
                notInArray(adoptionApplications.status, ["approved", "adopted"]),
              ),
            ),
        ),
      ),
    );
}
