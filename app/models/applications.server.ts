import { and, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { adoptionApplications, applicationEvents, pets, users, type ApplicationStatus } from "#app/db/schema";
import { openStatuses, type ApplicationAnswers } from "#app/lib/applications/application-questions";
import { adoptionChange, holdChange } from "#app/lib/pets/hold-transitions";
import { changePet } from "./pet-admin.server";
import {
  cancelVisitsOfClosedApplications,
  closeOtherApplications,
  closePapersOfClosedApplications,
} from "./adoption-closes.server";

/** The statuses of an application that is still going: the partial unique index's list (one per adopter and pet). */
const activeStatuses = [
  "draft",
  "submitted",
  "in_review",
  "approved",
  "hold_ended",
] as const satisfies readonly ApplicationStatus[];

const isUniqueViolation = (error: unknown) =>
  String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE constraint failed");

/** The adopter's application for a pet that is still going (a draft, or sent and not closed). */
export async function findActiveApplication(db: Database, userId: number, petId: number) {
  const [row] = await db
    .select()
    .from(adoptionApplications)
    .where(
      and(
        eq(adoptionApplications.userId, userId),
        eq(adoptionApplications.petId, petId),
        inArray(adoptionApplications.status, [...activeStatuses]),
      ),
    )
    .limit(1);
  return row;
}

/** The answers of the adopter's last sent application (any pet, any status since), for the next one's form (issue 40). */
export async function lastSentAnswers(db: Database, userId: number) {
  const [row] = await db
    .select({ answers: adoptionApplications.answers })
    .from(adoptionApplications)
    .where(and(eq(adoptionApplications.userId, userId), ne(adoptionApplications.status, "draft")))
    .orderBy(desc(adoptionApplications.submittedAt), desc(adoptionApplications.id))
    .limit(1);
  return row?.answers;
}

/** "exists": the adopter already sent an application for this pet that is still going. */
export type SaveOutcome = { id: number } | "exists";

/** Keeps what the adopter typed so far as their draft for this pet (one draft per adopter and pet). */
export async function saveDraft(
  db: Database,
  userId: number,
  petId: number,
  answers: ApplicationAnswers,
): Promise<SaveOutcome> {
  try {
    const [row] = await db
      .insert(adoptionApplications)
      .values({ userId, petId, status: "draft", answers })
      .onConflictDoUpdate({
        target: [adoptionApplications.userId, adoptionApplications.petId],
        // The same words as the index's own WHERE, so SQLite knows the index.
        targetWhere: sql`status in ('draft', 'submitted', 'in_review', 'approved', 'hold_ended')`,
        set: { answers, updatedAt: new Date(), version: sql`${adoptionApplications.version} + 1` },
        setWhere: sql`${adoptionApplications.status} = 'draft'`,
      })
      .returning({ id: adoptionApplications.id });
    return row ?? "exists";
  } catch (error) {
    if (isUniqueViolation(error)) return "exists";
    throw error;
  }
}

/**
 * Sends the application: the draft becomes it, or a new row is made, with its "submitted" history row,
 * in one batch. "exists" when one was already sent for this pet.
 */
export async function submitApplication(
  db: Database,
  userId: number,
  petId: number,
  answers: ApplicationAnswers,
): Promise<SaveOutcome> {
  const now = new Date();
  try {
    const [, [row]] = await db.batch([
      db
        .delete(adoptionApplications)
        .where(
          and(
            eq(adoptionApplications.userId, userId),
            eq(adoptionApplications.petId, petId),
            eq(adoptionApplications.status, "draft"),
          ),
        ),
      db
        .insert(adoptionApplications)
        .values({ userId, petId, status: "submitted", answers, submittedAt: now })
        .returning({ id: adoptionApplications.id }),
      db
        .insert(applicationEvents)
        .select(
          sql`select null as id, last_insert_rowid() as application_id, 'submitted' as status, ${userId} as user_id, ${now.getTime()} as created_at`,
        ),
    ]);
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) return "exists";
    throw error;
  }
}

export async function discardDraft(db: Database, userId: number, petId: number) {
  await db
    .delete(adoptionApplications)
    .where(
      and(
        eq(adoptionApplications.userId, userId),
        eq(adoptionApplications.petId, petId),
        eq(adoptionApplications.status, "draft"),
      ),
    );
}

async function eventsOf(db: Database, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: applicationEvents.applicationId,
      status: applicationEvents.status,
      createdAt: applicationEvents.createdAt,
    })
    .from(applicationEvents)
    .where(inArray(applicationEvents.applicationId, applicationIds.slice(0, 90)))
    .orderBy(applicationEvents.createdAt, applicationEvents.id);
}

/** The adopter's own applications, newest first, each with its dated history and the pet's state. */
export async function listApplicationsOfUser(db: Database, userId: number) {
  const rows = await db
    .select({
      id: adoptionApplications.id,
      status: adoptionApplications.status,
      version: adoptionApplications.version,
      declineReason: adoptionApplications.declineReason,
      createdAt: adoptionApplications.createdAt,
      updatedAt: adoptionApplications.updatedAt,
      petId: pets.id,
      petName: pets.name,
      onHoldDate: pets.onHoldDate,
      onHoldUntil: pets.onHoldUntil,
      // Whether the pet's hold is this adopter's: never who else holds it, nor since when.
      heldForYou: sql<number>`${adoptionApplications.status} = 'approved' and ${pets.adoptedEmail} is null and lower(${pets.onHoldEmail}) = lower(${users.email})`,
    })
    .from(adoptionApplications)
    .innerJoin(pets, eq(pets.id, adoptionApplications.petId))
    .innerJoin(users, eq(users.id, adoptionApplications.userId))
    .where(eq(adoptionApplications.userId, userId))
    .orderBy(desc(adoptionApplications.updatedAt), desc(adoptionApplications.id))
    .limit(90);
  const events = await eventsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ onHoldDate, onHoldUntil, heldForYou, ...row }) => ({
    ...row,
    heldForYou: Boolean(heldForYou),
    heldSince: heldForYou ? onHoldDate : null,
    heldUntil: heldForYou ? onHoldUntil : null,
    history: events.filter((event) => event.applicationId === row.id),
  }));
}

/** One application in full, for staff or its applicant (the route checks which). */
export async function getApplication(db: Database, id: number) {
  const [row] = await db
    .select({
      application: adoptionApplications,
      pet: {
        id: pets.id,
        name: pets.name,
        species: pets.species,
        animalId: pets.animalId,
        version: pets.version,
        onHoldEmail: pets.onHoldEmail,
        adoptedEmail: pets.adoptedEmail,
      },
      applicant: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        language: users.language,
      },
    })
    .from(adoptionApplications)
    .innerJoin(pets, eq(pets.id, adoptionApplications.petId))
    .innerJoin(users, eq(users.id, adoptionApplications.userId))
    .where(eq(adoptionApplications.id, id))
    .limit(1);
  if (!row) return undefined;
  return { ...row, history: await eventsOf(db, [id]) };
}

export type Application = NonNullable<Awaited<ReturnType<typeof getApplication>>>;
export type MoveOutcome = "changed" | "conflict";

/**
 * What a move needs of the pet as it is now, checked inside the move's own write (never from what a
 * page read earlier):
 * - "present": the pet is still there (every move);
 * - "not-adopted": and nobody adopted it (starting a review);
 * - "free": and it is neither held nor adopted (approving: the approval holds it);
 * - "held-for": and it is held for this applicant, not adopted (marking adopted, declining an approved
 *   application: both end that hold).
 * The one place that says what a pet "still there" is: not deleted (a deleted pet waits 30 days to be restored, decision 042).
 */
export type PetMust = "present" | "not-adopted" | "free" | "held-for";

function petCondition(must: PetMust, applicantEmail: string): SQL {
  const present = sql`${pets.deletedAt} is null`;
  switch (must) {
    case "present":
      return present;
    case "not-adopted":
      return sql`${present} and ${pets.adoptedEmail} is null`;
    case "free":
      return sql`${present} and ${pets.onHoldEmail} is null and ${pets.adoptedEmail} is null`;
    case "held-for":
      return sql`${present} and ${pets.adoptedEmail} is null and lower(${pets.onHoldEmail}) = lower(${applicantEmail})`;
  }
}

/** `petCondition` as a sub-query, for writes that do not update the pet itself. */
const petNow = (petId: number, must: PetMust, applicantEmail: string) =>
  sql`exists (select 1 from ${pets} where ${pets.id} = ${petId} and ${petCondition(must, applicantEmail)})`;

const eventWhenChanged = (db: Database, id: number, status: ApplicationStatus, userId: number | null) =>
  db
    .insert(applicationEvents)
    .select(
      sql`select null as id, ${id} as application_id, ${status} as status, ${userId} as user_id, ${Date.now()} as created_at where changes() > 0`,
    );

/**
 * The update that moves an application from one of `from` to `to`, at the version read (when given),
 * only if the statement before it in the batch changed a row (when `afterChange`).
 */
const applicationUpdate = (
  db: Database,
  move: {
    id: number;
    version?: number;
    from: readonly ApplicationStatus[];
    to: ApplicationStatus;
    declineReason?: string;
    afterChange?: boolean;
    also?: SQL;
  },
) =>
  db
    .update(adoptionApplications)
    .set({
      status: move.to,
      version: sql`${adoptionApplications.version} + 1`,
      updatedAt: new Date(),
      ...(move.declineReason === undefined ? {} : { declineReason: move.declineReason }),
    })
    .where(
      and(
        eq(adoptionApplications.id, move.id),
        move.version === undefined ? undefined : eq(adoptionApplications.version, move.version),
        inArray(adoptionApplications.status, [...move.from]),
        move.also,
        move.afterChange ? sql`changes() > 0` : undefined,
      ),
    );

/**
 * Moves an application from one of `from` to `to` at the version read, with its history row, in one
 * batch, if the pet is as `petMust` says now. "conflict": someone changed it meanwhile, it is no longer
 * in a state that allows the move, or the pet moved on.
 */
export async function moveApplication(
  db: Database,
  move: {
    application: Application;
    version: number;
    from: readonly ApplicationStatus[];
    to: ApplicationStatus;
    userId: number;
    declineReason?: string;
    petMust: PetMust;
  },
): Promise<MoveOutcome> {
  const { application, version, from, to, userId, declineReason, petMust } = move;
  const id = application.application.id;
  const [updated] = await db.batch([
    applicationUpdate(db, {
      id,
      version,
      from,
      to,
      declineReason,
      also: petNow(application.pet.id, petMust, application.applicant.email),
    }).returning({
      id: adoptionApplications.id,
    }),
    eventWhenChanged(db, id, to, userId),
    // An approved application that moves on takes its booked visit with it (decision 048), and its
    // papers close with the time (decision 070).
    ...(from.includes("approved")
      ? [
          cancelVisitsOfClosedApplications(db, application.pet.id),
          closePapersOfClosedApplications(db, application.pet.id, new Date()),
        ]
      : []),
  ]);
  return updated.length > 0 ? "changed" : "conflict";
}

/**
 * Approves an open application and puts the pet on hold for the applicant (the same hold as staff's
 * hold form), marks an approved one adopted (the pet's newly-adopted state), or declines an approved
 * one (its hold ends): the pet, its history row, the application and its history row change in one
 * batch, or nothing does. Each checks the pet as it is now: approving needs it free, the other two need
 * it held for this applicant. "conflict": the application or the pet changed since they were read.
 */
export async function decideWithPet(
  db: Database,
  decision: {
    application: Application;
    version: number;
    to: "approved" | "adopted" | "declined";
    userId: number;
    declineReason?: string;
    now?: Date;
  },
): Promise<MoveOutcome> {
  const { application, version, to, userId, declineReason, now = new Date() } = decision;
  const id = application.application.id;
  const email = application.applicant.email;
  const from: readonly ApplicationStatus[] = to === "approved" ? openStatuses : ["approved"];
  const applicationAsRead = and(
    eq(adoptionApplications.id, id),
    eq(adoptionApplications.version, version),
    inArray(adoptionApplications.status, [...from]),
  );
  const { set, summary } =
    to === "approved"
      ? holdChange(email, now)
      : to === "adopted"
        ? adoptionChange(email, now)
        : { set: { onHoldEmail: null, onHoldDate: null }, summary: `Hold removed (was ${email})` };
  const outcome = await changePet(db, {
    petId: application.pet.id,
    version: application.pet.version,
    userId,
    summary: to === "declined" ? `${summary} (application #${id} declined)` : `${summary} (application #${id})`,
    set,
    onlyIf: and(
      sql`exists (select 1 from ${adoptionApplications} where ${applicationAsRead})`,
      petCondition(to === "approved" ? "free" : "held-for", email),
    ),
    alongside: [
      applicationUpdate(db, { id, version, from, to, declineReason, afterChange: true }),
      eventWhenChanged(db, id, to, userId),
      // An adoption ends every other application for the pet in the same batch (issue 24).
      ...(to === "adopted" ? closeOtherApplications(db, application.pet.id, id, userId, now) : []),
      // Declined or adopted: its booked visit is cancelled in the same batch (decision 048), and the
      // papers of every application that moved on (this one declined, the others closed) close with the
      // time (decision 070; an adopted application's stay open).
      ...(to === "approved"
        ? []
        : [
            cancelVisitsOfClosedApplications(db, application.pet.id, now),
            closePapersOfClosedApplications(db, application.pet.id, now),
          ]),
    ],
  });
  return outcome === "changed" ? "changed" : "conflict";
}

/** The approved application whose hold a pet has (approved and held are one state, so at most one). */
export async function applicationHoldingPet(db: Database, petId: number) {
  const [row] = await db
    .select({ id: adoptionApplications.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(adoptionApplications)
    .innerJoin(users, eq(users.id, adoptionApplications.userId))
    .where(and(eq(adoptionApplications.petId, petId), eq(adoptionApplications.status, "approved")))
    .limit(1);
  return row;
}
export type HoldingApplication = NonNullable<Awaited<ReturnType<typeof applicationHoldingPet>>>;

/**
 * The statements that tie a change of a pet's hold to the application holding it, for a batch that
 * changes the pet: `onlyIf` makes the pet's update require that the application read as holding it
 * (or that none does) still is; `then` moves that application to `to` with its history row, right
 * after the pet's history row (each requires `changes() > 0` of the statement before).
 */
export function holdingApplicationMoves(
  db: Database,
  petId: number,
  holding: HoldingApplication | undefined,
  to: "hold_ended" | "adopted" | null,
  userId: number | null,
): { onlyIf: SQL; then: BatchItem<"sqlite">[] } {
  const approvedOfPet = and(eq(adoptionApplications.petId, petId), eq(adoptionApplications.status, "approved"));
  if (!holding)
    return { onlyIf: sql`not exists (select 1 from ${adoptionApplications} where ${approvedOfPet})`, then: [] };
  const onlyIf = sql`exists (select 1 from ${adoptionApplications} where ${and(approvedOfPet, eq(adoptionApplications.id, holding.id))})`;
  if (!to) return { onlyIf, then: [] };
  return {
    onlyIf,
    then: [
      applicationUpdate(db, { id: holding.id, from: ["approved"], to, afterChange: true }),
      eventWhenChanged(db, holding.id, to, userId),
    ],
  };
}
