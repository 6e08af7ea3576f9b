import { and, asc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import {
  adoptionApplications,
  petChanges,
  pets,
  queuedEmails,
  users,
  visitSettings,
  visits,
  type VisitStatus,
} from "#app/db/schema";
import type { Email } from "#app/lib/email/emails";
import type { Slot } from "#app/lib/visits/visit-slots";
import { applicationHoldingPet, holdingApplicationMoves } from "./applications.server";

/**
 * Meet-and-greet visits (decision 048). Every booking and move is one conditional write: the slot's
 * count of booked visits is read inside the statement that adds one, so two adopters taking the last
 * place at once cannot both win (D1 runs one statement at a time).
 */

/** The staff's setting, else the config's default. */
export async function getVisitSettings(db: Database) {
  const [row] = await db.select().from(visitSettings).where(eq(visitSettings.id, 1)).limit(1);
  return { capacity: row?.capacity ?? shelter.visits.defaultCapacity, version: row?.version ?? 0 };
}

/** Saves the capacity at the version read (0: never saved). "conflict": another staff member changed it. */
export async function saveVisitSettings(
  db: Database,
  capacity: number,
  version: number,
): Promise<"changed" | "conflict"> {
  if (version === 0) {
    const inserted = await db
      .insert(visitSettings)
      .values({ id: 1, capacity })
      .onConflictDoNothing()
      .returning({ id: visitSettings.id });
    return inserted.length > 0 ? "changed" : "conflict";
  }
  const updated = await db
    .update(visitSettings)
    .set({ capacity, version: sql`${visitSettings.version} + 1` })
    .where(and(eq(visitSettings.id, 1), eq(visitSettings.version, version)))
    .returning({ id: visitSettings.id });
  return updated.length > 0 ? "changed" : "conflict";
}

const capacityNow = sql`coalesce((select ${visitSettings.capacity} from ${visitSettings} where ${visitSettings.id} = 1), ${shelter.visits.defaultCapacity})`;

/** Booked visits in a slot, not counting `except` (the visit being moved). */
const bookedIn = (start: Date, except?: number) =>
  sql`(select count(*) from ${visits} where ${visits.slotStart} = ${start.getTime()} and ${visits.status} = 'booked'${except === undefined ? sql`` : sql` and ${visits.id} != ${except}`})`;

/** The application is approved, belongs to `userId`, and the pet (not deleted, issue 39) is held for its applicant (one state, decision 040). */
const approvedAndHolding = (applicationId: number, userId: number) => sql`exists (
  select 1 from ${adoptionApplications}
  join ${users} on ${users.id} = ${adoptionApplications.userId}
  join ${pets} on ${pets.id} = ${adoptionApplications.petId}
  where ${adoptionApplications.id} = ${applicationId} and ${adoptionApplications.userId} = ${userId}
    and ${adoptionApplications.status} = 'approved' and ${pets.adoptedEmail} is null and ${pets.deletedAt} is null and lower(${pets.onHoldEmail}) = lower(${users.email}))`;

/** Keeps the hold at least until the visit's end (a no-op when it already lasts longer). */
const holdUntilVisitEnd = (db: Database, petId: number, end: Date) =>
  db
    .update(pets)
    .set({ onHoldUntil: sql`max(coalesce(${pets.onHoldUntil}, 0), ${end.getTime()})` })
    .where(and(eq(pets.id, petId), sql`${pets.onHoldEmail} is not null`, sql`changes() > 0`));

/** Booked visits per slot start (ms) between two instants: what the slot list subtracts. */
export async function bookedCounts(db: Database, from: Date, until: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ start: visits.slotStart, count: sql<number>`count(*)` })
    .from(visits)
    .where(and(eq(visits.status, "booked"), gte(visits.slotStart, from), lt(visits.slotStart, until)))
    .groupBy(visits.slotStart);
  return new Map(rows.map((row) => [row.start.getTime(), row.count]));
}

/** The booked visit of an application, if it has one. */
export async function bookedVisitOf(db: Database, applicationId: number) {
  const [row] = await db
    .select()
    .from(visits)
    .where(and(eq(visits.applicationId, applicationId), eq(visits.status, "booked")))
    .limit(1);
  return row;
}

/** Booked visits of many applications (the adopter's /applications list). */
export async function bookedVisitsOf(db: Database, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(visits)
    .where(and(inArray(visits.applicationId, applicationIds.slice(0, 90)), eq(visits.status, "booked")));
}

/**
 * "full": the slot had no place left when the write ran; "not-allowed": the application is not (or no
 * longer) approved and holding its pet for this adopter, or already has a booked visit.
 */
export type BookOutcome = { id: number } | "full" | "not-allowed";

/** Books a slot for an approved application: one conditional insert, and the hold kept until the visit's end. */
export async function bookVisit(
  db: Database,
  booking: { applicationId: number; userId: number; petId: number; slot: Slot; now?: Date },
): Promise<BookOutcome> {
  const { applicationId, userId, petId, slot, now = new Date() } = booking;
  let inserted: { id: number }[];
  try {
    [inserted] = await db.batch([
      db
        .insert(visits)
        .select(
          sql`select null as id, ${applicationId} as application_id, ${slot.start.getTime()} as slot_start, ${slot.end.getTime()} as slot_end, 'booked' as status, null as reminded_at, 1 as version, ${now.getTime()} as created_at, ${now.getTime()} as updated_at
            where ${bookedIn(slot.start)} < ${capacityNow} and ${approvedAndHolding(applicationId, userId)}`,
        )
        .returning({ id: visits.id }),
      holdUntilVisitEnd(db, petId, slot.end),
    ]);
  } catch (error) {
    // The one-booked-visit-per-application index: this application already has one.
    if (String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE constraint failed"))
      return "not-allowed";
    throw error;
  }
  if (inserted[0]) return inserted[0];
  return (await stillApproved(db, applicationId, userId)) ? "full" : "not-allowed";
}

async function stillApproved(db: Database, applicationId: number, userId: number) {
  const [row] = await db
    .select({ ok: sql<number>`${approvedAndHolding(applicationId, userId)}` })
    .from(sql`(select 1)`);
  return Boolean(row?.ok);
}

export type VisitChangeOutcome = "changed" | "full" | "conflict";

/** Moves a booked visit that has not started to another slot, at the version read: one conditional update. */
export async function moveVisit(
  db: Database,
  move: {
    visitId: number;
    version: number;
    applicationId: number;
    userId: number;
    petId: number;
    slot: Slot;
    now?: Date;
  },
): Promise<VisitChangeOutcome> {
  const { visitId, version, applicationId, userId, petId, slot, now = new Date() } = move;
  const [updated] = await db.batch([
    db
      .update(visits)
      .set({ slotStart: slot.start, slotEnd: slot.end, version: sql`${visits.version} + 1`, remindedAt: null })
      .where(
        and(
          eq(visits.id, visitId),
          eq(visits.applicationId, applicationId),
          eq(visits.version, version),
          eq(visits.status, "booked"),
          sql`${visits.slotStart} > ${now.getTime()}`,
          sql`${bookedIn(slot.start, visitId)} < ${capacityNow}`,
          approvedAndHolding(applicationId, userId),
        ),
      )
      .returning({ id: visits.id }),
    holdUntilVisitEnd(db, petId, slot.end),
  ]);
  if (updated.length > 0) return "changed";
  const visit = await bookedVisitOf(db, applicationId);
  if (
    visit?.id === visitId &&
    visit.version === version &&
    visit.slotStart > now &&
    (await stillApproved(db, applicationId, userId))
  )
    return "full";
  return "conflict";
}

/** Cancels a booked visit that has not started, at the version read. */
export async function cancelVisit(
  db: Database,
  cancel: { visitId: number; version: number; applicationId: number; now?: Date },
): Promise<"changed" | "conflict"> {
  const { visitId, version, applicationId, now = new Date() } = cancel;
  const updated = await db
    .update(visits)
    .set({ status: "cancelled", version: sql`${visits.version} + 1` })
    .where(
      and(
        eq(visits.id, visitId),
        eq(visits.applicationId, applicationId),
        eq(visits.version, version),
        eq(visits.status, "booked"),
        sql`${visits.slotStart} > ${now.getTime()}`,
      ),
    )
    .returning({ id: visits.id });
  return updated.length > 0 ? "changed" : "conflict";
}

/** Visits from `from` on (today's and the coming days'), for staff: time, adopter, pet, phone. */
export async function listVisits(db: Database, from: Date, days = 14) {
  const until = new Date(from.getTime() + days * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({
      id: visits.id,
      status: visits.status,
      version: visits.version,
      slotStart: visits.slotStart,
      slotEnd: visits.slotEnd,
      applicationId: adoptionApplications.id,
      applicationStatus: adoptionApplications.status,
      answers: adoptionApplications.answers,
      petId: pets.id,
      petName: pets.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(visits)
    .innerJoin(adoptionApplications, eq(adoptionApplications.id, visits.applicationId))
    .innerJoin(pets, eq(pets.id, adoptionApplications.petId))
    .innerJoin(users, eq(users.id, adoptionApplications.userId))
    .where(
      and(
        inArray(visits.status, ["booked", "met", "no_show"]),
        isNull(pets.deletedAt),
        gte(visits.slotStart, from),
        lt(visits.slotStart, until),
      ),
    )
    .orderBy(asc(visits.slotStart), asc(visits.id))
    .limit(300);
  return rows.map(({ answers, ...row }) => ({
    ...row,
    phone: typeof answers?.phone === "string" ? answers.phone : "",
  }));
}

export async function getVisit(db: Database, id: number) {
  const [row] = await db
    .select({
      visit: visits,
      applicationId: adoptionApplications.id,
      applicationStatus: adoptionApplications.status,
      petId: pets.id,
      petName: pets.name,
      species: pets.species,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(visits)
    .innerJoin(adoptionApplications, eq(adoptionApplications.id, visits.applicationId))
    .innerJoin(pets, eq(pets.id, adoptionApplications.petId))
    .innerJoin(users, eq(users.id, adoptionApplications.userId))
    .where(eq(visits.id, id))
    .limit(1);
  return row;
}

/**
 * Staff mark a visit that has started: "met" (then adopt or decline as today), or "no_show": in the
 * same batch the hold ends, the pet is listed again and the application moves to "hold ended" with its
 * history row (as the hourly run ends a hold, decision 040). "conflict": changed meanwhile, or not started.
 */
export async function markVisit(
  db: Database,
  mark: { visitId: number; version: number; to: Extract<VisitStatus, "met" | "no_show">; userId: number; now?: Date },
): Promise<"changed" | "conflict"> {
  const { visitId, version, to, userId, now = new Date() } = mark;
  const visit = await getVisit(db, visitId);
  if (!visit) return "conflict";
  const visitUpdate = db
    .update(visits)
    .set({ status: to, version: sql`${visits.version} + 1` })
    .where(
      and(
        eq(visits.id, visitId),
        eq(visits.version, version),
        eq(visits.status, "booked"),
        sql`${visits.slotStart} <= ${now.getTime()}`,
      ),
    )
    .returning({ id: visits.id });
  if (to === "met") {
    const [updated] = await db.batch([visitUpdate]);
    return updated.length > 0 ? "changed" : "conflict";
  }
  const holding = await applicationHoldingPet(db, visit.petId);
  if (!holding || holding.id !== visit.applicationId) return "conflict";
  const application = holdingApplicationMoves(db, visit.petId, holding, "hold_ended", userId);
  const [updated, listed] = await db.batch([
    visitUpdate,
    db
      .update(pets)
      .set({ onHoldEmail: null, onHoldDate: null, onHoldUntil: null, listedAt: now, version: sql`${pets.version} + 1` })
      .where(and(eq(pets.id, visit.petId), sql`changes() > 0`, application.onlyIf))
      .returning({ id: pets.id }),
    db
      .insert(petChanges)
      .select(
        sql`select null as id, ${visit.petId} as pet_id, ${userId} as user_id, ${`Hold ended: no-show at the visit (was ${holding.email})`} as summary, ${now.getTime()} as created_at where changes() > 0`,
      ),
    ...application.then,
  ]);
  return updated.length > 0 && listed.length > 0 ? "changed" : "conflict";
}

/**
 * Queues the reminder of each booked visit starting between `from` and `until` (the rest of the day,
 * from the morning), once: the visit's `reminded_at` is set in the same batch as the email, only if
 * still unset, so two runs at once queue one email.
 */
export async function queueVisitReminders(
  db: Database,
  from: Date,
  until: Date,
  message: (visit: {
    applicationId: number;
    email: string;
    firstName: string;
    language: string;
    petName: string;
    slotStart: Date;
  }) => Email,
  now: Date,
) {
  const due = await db
    .select({
      id: visits.id,
      applicationId: visits.applicationId,
      slotStart: visits.slotStart,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      petName: pets.name,
      confirmed: users.emailConfirmedAt,
    })
    .from(visits)
    .innerJoin(adoptionApplications, eq(adoptionApplications.id, visits.applicationId))
    .innerJoin(pets, eq(pets.id, adoptionApplications.petId))
    .innerJoin(users, eq(users.id, adoptionApplications.userId))
    .where(
      and(
        eq(visits.status, "booked"),
        isNull(visits.remindedAt),
        isNull(pets.deletedAt),
        gte(visits.slotStart, from),
        lt(visits.slotStart, until),
      ),
    )
    .limit(200);
  let queued = 0;
  for (const visit of due) {
    const email = message(visit);
    const [claimed] = await db.batch([
      db
        .update(visits)
        .set({ remindedAt: now })
        .where(and(eq(visits.id, visit.id), isNull(visits.remindedAt), eq(visits.status, "booked")))
        .returning({ id: visits.id }),
      db
        .insert(queuedEmails)
        .select(
          sql`select null as id, ${email.to} as "to", ${email.subject} as subject, ${email.text} as text, null as headers, 0 as attempts, null as sent_at, ${now.getTime()} as created_at, null as attachments where changes() > 0 and ${visit.confirmed ? sql`1` : sql`0`}`,
        ),
    ]);
    if (claimed.length > 0 && visit.confirmed) queued += 1;
  }
  return { queued };
}

/** The booked visits of a pet's applications with whom each belongs to: read before a change that may cancel them. */
export async function bookedVisitsOfPet(db: Database, petId: number) {
  return db
    .select({
      id: visits.id,
      slotStart: visits.slotStart,
      slotEnd: visits.slotEnd,
      applicationId: visits.applicationId,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      petName: pets.name,
    })
    .from(visits)
    .innerJoin(adoptionApplications, eq(adoptionApplications.id, visits.applicationId))
    .innerJoin(pets, eq(pets.id, adoptionApplications.petId))
    .innerJoin(users, eq(users.id, adoptionApplications.userId))
    .where(and(eq(adoptionApplications.petId, petId), eq(visits.status, "booked")))
    .limit(20);
}

/** Visits as they are now, with their application's status. */
export async function visitsNow(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: visits.id,
      status: visits.status,
      version: visits.version,
      applicationStatus: adoptionApplications.status,
    })
    .from(visits)
    .innerJoin(adoptionApplications, eq(adoptionApplications.id, visits.applicationId))
    .where(inArray(visits.id, ids.slice(0, 90)));
}

/** An application with what booking its visit needs: its adopter, its pet's hold and whether the hold is this adopter's. */
export async function visitApplication(db: Database, applicationId: number) {
  const [row] = await db
    .select({
      id: adoptionApplications.id,
      userId: adoptionApplications.userId,
      status: adoptionApplications.status,
      petId: pets.id,
      petName: pets.name,
      species: pets.species,
      onHoldUntil: pets.onHoldUntil,
      email: users.email,
      firstName: users.firstName,
      holdsPet: sql<number>`${adoptionApplications.status} = 'approved' and ${pets.adoptedEmail} is null and ${pets.deletedAt} is null and lower(${pets.onHoldEmail}) = lower(${users.email})`,
    })
    .from(adoptionApplications)
    .innerJoin(pets, eq(pets.id, adoptionApplications.petId))
    .innerJoin(users, eq(users.id, adoptionApplications.userId))
    .where(eq(adoptionApplications.id, applicationId))
    .limit(1);
  return row ? { ...row, holdsPet: Boolean(row.holdsPet) } : undefined;
}
