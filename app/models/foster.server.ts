import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { fosterApplications, pets, users } from "#app/db/schema";
import type { FosterAnswers, FosterStatus } from "#app/lib/foster/foster";
import { openFosterStatuses } from "#app/lib/foster/foster";

/** The account's foster application (one per account), with the pet it named. */
export async function findFosterApplication(db: Database, userId: number) {
  const [row] = await db
    .select({ application: fosterApplications, petName: pets.name })
    .from(fosterApplications)
    .leftJoin(pets, eq(pets.id, fosterApplications.petId))
    .where(eq(fosterApplications.userId, userId));
  return row ? { ...row.application, petName: row.petName } : undefined;
}

/** Keeps the draft (creating it once); "sent" when the application was already sent, which a draft never overwrites. */
export async function saveFosterDraft(
  db: Database,
  userId: number,
  petId: number | null,
  answers: FosterAnswers,
): Promise<"saved" | "sent"> {
  const [row] = await db
    .insert(fosterApplications)
    .values({ userId, petId, answers, status: "draft" })
    .onConflictDoUpdate({
      target: fosterApplications.userId,
      set: {
        answers,
        petId: sql`coalesce(excluded.pet_id, ${fosterApplications.petId})`,
        version: sql`${fosterApplications.version} + 1`,
        updatedAt: new Date(),
      },
      setWhere: eq(fosterApplications.status, "draft"),
    })
    .returning({ id: fosterApplications.id });
  return row ? "saved" : "sent";
}

/** Sends the application (from its draft or fresh); "sent" when it had been sent before. */
export async function submitFosterApplication(
  db: Database,
  userId: number,
  petId: number | null,
  answers: FosterAnswers,
  now = new Date(),
): Promise<{ id: number } | "sent"> {
  const [row] = await db
    .insert(fosterApplications)
    .values({ userId, petId, answers, status: "applied", submittedAt: now, statusChangedAt: now })
    .onConflictDoUpdate({
      target: fosterApplications.userId,
      set: {
        answers,
        petId: sql`coalesce(excluded.pet_id, ${fosterApplications.petId})`,
        status: "applied",
        submittedAt: now,
        statusChangedAt: now,
        version: sql`${fosterApplications.version} + 1`,
        updatedAt: now,
      },
      setWhere: eq(fosterApplications.status, "draft"),
    })
    .returning({ id: fosterApplications.id });
  return row ?? "sent";
}

export async function discardFosterDraft(db: Database, userId: number) {
  await db
    .delete(fosterApplications)
    .where(and(eq(fosterApplications.userId, userId), eq(fosterApplications.status, "draft")));
}

/** A sent foster application with its applicant, for staff. */
export async function getFosterApplication(db: Database, id: number) {
  const [row] = await db
    .select({
      application: fosterApplications,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      petName: pets.name,
    })
    .from(fosterApplications)
    .innerJoin(users, eq(users.id, fosterApplications.userId))
    .leftJoin(pets, eq(pets.id, fosterApplications.petId))
    .where(and(eq(fosterApplications.id, id), sql`${fosterApplications.status} != 'draft'`));
  return row
    ? {
        ...row.application,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        language: row.language,
        petName: row.petName,
      }
    : undefined;
}

/** Moves a foster at the version staff read (decision 014); "conflict" when it changed since. */
export async function setFosterStatus(
  db: Database,
  id: number,
  version: number,
  from: FosterStatus,
  to: FosterStatus,
  now = new Date(),
): Promise<"moved" | "conflict"> {
  const moved = await db
    .update(fosterApplications)
    .set({ status: to, statusChangedAt: now, version: sql`${fosterApplications.version} + 1`, updatedAt: now })
    .where(
      and(eq(fosterApplications.id, id), eq(fosterApplications.version, version), eq(fosterApplications.status, from)),
    )
    .returning({ id: fosterApplications.id });
  return moved.length > 0 ? "moved" : "conflict";
}

/** Sent foster applications for the staff inbox, newest first: waiting ones, all, or one status. */
export async function listFosterInbox(db: Database, status: "open" | "all" | FosterStatus) {
  const rows = await db
    .select({
      id: fosterApplications.id,
      status: fosterApplications.status,
      at: fosterApplications.submittedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      petName: pets.name,
    })
    .from(fosterApplications)
    .innerJoin(users, eq(users.id, fosterApplications.userId))
    .leftJoin(pets, eq(pets.id, fosterApplications.petId))
    .where(
      status === "open"
        ? inArray(fosterApplications.status, [...openFosterStatuses])
        : status === "all"
          ? sql`${fosterApplications.status} != 'draft'`
          : eq(fosterApplications.status, status),
    )
    .orderBy(desc(fosterApplications.submittedAt))
    .limit(200);
  return rows.map((row) => ({ ...row, at: row.at ?? new Date(0) }));
}

/** Fosters who may take an animal (approved or active), with their answers, for the staff roster. */
export async function listRosterCandidates(db: Database) {
  return db
    .select({
      id: fosterApplications.id,
      status: fosterApplications.status,
      answers: fosterApplications.answers,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(fosterApplications)
    .innerJoin(users, eq(users.id, fosterApplications.userId))
    .where(inArray(fosterApplications.status, ["approved", "active"]))
    .orderBy(users.lastName, users.firstName);
}
