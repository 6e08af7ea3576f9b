import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  adoptionApplications,
  applicationEvents,
  contactMessages,
  inboxNotes,
  pets,
  users,
  type ApplicationStatus,
} from "#app/db/schema";
import { openStatuses, type ApplicationAnswers } from "#app/lib/application-questions";
import { adoptionChange, holdChange } from "#app/lib/hold-transitions";
import { changePet } from "./pet-admin.server";

const isUniqueViolation = (error: unknown) => String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE constraint failed");

/** The adopter's application for a pet that is still going (a draft, or sent and not closed). */
export async function findActiveApplication(db: Database, userId: number, petId: number) {
  const [row] = await db
    .select()
    .from(adoptionApplications)
    .where(
      and(
        eq(adoptionApplications.userId, userId),
        eq(adoptionApplications.petId, petId),
        inArray(adoptionApplications.status, ["draft", "submitted", "in_review", "approved"]),
      ),
    )
    .limit(1);
  return row;
}

/** "exists": the adopter already sent an application for this pet that is still going. */
export type SaveOutcome = { id: number } | "exists";

/** Keeps what the adopter typed so far as their draft for this pet (one draft per adopter and pet). */
export async function saveDraft(db: Database, userId: number, petId: number, answers: ApplicationAnswers): Promise<SaveOutcome> {
  try {
    const [row] = await db
      .insert(adoptionApplications)
      .values({ userId, petId, status: "draft", answers })
      .onConflictDoUpdate({
        target: [adoptionApplications.userId, adoptionApplications.petId],
        targetWhere: sql`status in ('draft', 'submitted', 'in_review', 'approved')`,
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
export async function submitApplication(db: Database, userId: number, petId: number, answers: ApplicationAnswers): Promise<SaveOutcome> {
  const now = new Date();
  try {
    const [, [row]] = await db.batch([
      db
        .delete(adoptionApplications)
        .where(and(eq(adoptionApplications.userId, userId), eq(adoptionApplications.petId, petId), eq(adoptionApplications.status, "draft"))),
      db.insert(adoptionApplications).values({ userId, petId, status: "submitted", answers, submittedAt: now }).returning({ id: adoptionApplications.id }),
      db
        .insert(applicationEvents)
        .select(sql`select null as id, last_insert_rowid() as application_id, 'submitted' as status, ${userId} as user_id, ${now.getTime()} as created_at`),
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
    .where(and(eq(adoptionApplications.userId, userId), eq(adoptionApplications.petId, petId), eq(adoptionApplications.status, "draft")));
}

async function eventsOf(db: Database, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({ applicationId: applicationEvents.applicationId, status: applicationEvents.status, createdAt: applicationEvents.createdAt })
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
      onHoldEmail: pets.onHoldEmail,
      onHoldDate: pets.onHoldDate,
    })
    .from(adoptionApplications)
    .innerJoin(pets, eq(pets.id, adoptionApplications.petId))
    .where(eq(adoptionApplications.userId, userId))
    .orderBy(desc(adoptionApplications.updatedAt), desc(adoptionApplications.id))
    .limit(90);
  const events = await eventsOf(db, rows.map((row) => row.id));
  return rows.map(({ onHoldEmail, onHoldDate, ...row }) => ({
    ...row,
    // Only whether the pet is held for this adopter, never for whom else.
    heldForYou: row.status === "approved" && onHoldEmail !== null,
    heldSince: row.status === "approved" ? onHoldDate : null,
    history: events.filter((event) => event.applicationId === row.id),
  }));
}

/** One application in full, for staff or its applicant (the route checks which). */
export async function getApplication(db: Database, id: number) {
  const [row] = await db
    .select({
      application: adoptionApplications,
      pet: { id: pets.id, name: pets.name, animalId: pets.animalId, version: pets.version, onHoldEmail: pets.onHoldEmail, adoptedEmail: pets.adoptedEmail },
      applicant: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
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

const eventWhenChanged = (db: Database, id: number, status: ApplicationStatus, userId: number) =>
  db
    .insert(applicationEvents)
    .select(sql`select null as id, ${id} as application_id, ${status} as status, ${userId} as user_id, ${Date.now()} as created_at where changes() > 0`);

/**
 * Moves an application from one of `from` to `to` at the version read, with its history row, in one
 * batch. "conflict": someone changed it meanwhile (or it is no longer in a state that allows the move).
 */
export async function moveApplication(
  db: Database,
  move: { id: number; version: number; from: readonly ApplicationStatus[]; to: ApplicationStatus; userId: number; declineReason?: string },
): Promise<MoveOutcome> {
  const { id, version, from, to, userId, declineReason } = move;
  const [updated] = await db.batch([
    db
      .update(adoptionApplications)
      .set({ status: to, version: sql`${adoptionApplications.version} + 1`, ...(declineReason === undefined ? {} : { declineReason }) })
      .where(and(eq(adoptionApplications.id, id), eq(adoptionApplications.version, version), inArray(adoptionApplications.status, [...from])))
      .returning({ id: adoptionApplications.id }),
    eventWhenChanged(db, id, to, userId),
  ]);
  return updated.length > 0 ? "changed" : "conflict";
}

/**
 * Approves an open application and puts the pet on hold for the applicant (the same hold as staff's
 * hold form), or marks an approved one adopted (the pet's newly-adopted state): the pet, its history
 * row, the application and its history row change in one batch, or nothing does. "conflict": the
 * application or the pet changed since they were read.
 */
export async function decideWithPet(
  db: Database,
  decision: { application: Application; version: number; to: "approved" | "adopted"; userId: number },
): Promise<MoveOutcome> {
  const { application, version, to, userId } = decision;
  const id = application.application.id;
  const from: ApplicationStatus[] = to === "approved" ? [...openStatuses] : ["approved"];
  const applicationAsRead = and(
    eq(adoptionApplications.id, id),
    eq(adoptionApplications.version, version),
    inArray(adoptionApplications.status, from),
  );
  const now = new Date();
  const { set, summary } = to === "approved" ? holdChange(application.applicant.email, now) : adoptionChange(application.applicant.email, now);
  const outcome = await changePet(db, {
    petId: application.pet.id,
    version: application.pet.version,
    userId,
    summary: `${summary} (application #${id})`,
    set,
    onlyIf: sql`exists (select 1 from ${adoptionApplications} where ${applicationAsRead})`,
    alongside: [
      db
        .update(adoptionApplications)
        .set({ status: to, version: sql`${adoptionApplications.version} + 1` })
        .where(and(applicationAsRead, sql`changes() > 0`)),
      eventWhenChanged(db, id, to, userId),
    ],
  });
  return outcome === "changed" ? "changed" : "conflict";
}

export type InboxKind = "application" | "message";

export interface InboxFilter {
  kind: InboxKind | null;
  /** "open": what waits for staff; "all"; or one application status, or "handled" for messages. */
  status: string;
  petId: number | null;
}

const inboxLimit = 200;

/** Applications (sent ones) and contact messages in one list, newest first (spec issue 15). */
export async function listInbox(db: Database, filter: InboxFilter) {
  const wantApplications = filter.kind !== "message" && filter.status !== "handled";
  const wantMessages = filter.kind !== "application" && filter.petId === null && (filter.status === "open" || filter.status === "all" || filter.status === "handled");
  const applicationStatus =
    filter.status === "open"
      ? inArray(adoptionApplications.status, [...openStatuses])
      : filter.status === "all"
        ? sql`${adoptionApplications.status} != 'draft'`
        : eq(adoptionApplications.status, filter.status as ApplicationStatus);
  const applications = wantApplications
    ? await db
        .select({
          id: adoptionApplications.id,
          status: adoptionApplications.status,
          at: adoptionApplications.submittedAt,
          petId: pets.id,
          petName: pets.name,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(adoptionApplications)
        .innerJoin(pets, eq(pets.id, adoptionApplications.petId))
        .innerJoin(users, eq(users.id, adoptionApplications.userId))
        .where(and(applicationStatus, filter.petId === null ? undefined : eq(adoptionApplications.petId, filter.petId)))
        .orderBy(desc(adoptionApplications.submittedAt))
        .limit(inboxLimit)
    : [];
  const messages = wantMessages
    ? await db
        .select()
        .from(contactMessages)
        .where(
          filter.status === "open"
            ? isNull(contactMessages.handledAt)
            : filter.status === "handled"
              ? sql`${contactMessages.handledAt} is not null`
              : undefined,
        )
        .orderBy(desc(contactMessages.createdAt))
        .limit(inboxLimit)
    : [];
  const items = [
    ...applications.map((row) => ({
      kind: "application" as const,
      id: row.id,
      status: row.status as string,
      at: row.at ?? new Date(0),
      who: `${row.firstName} ${row.lastName}`,
      email: row.email,
      what: `Application for ${row.petName}`,
      petId: row.petId as number | null,
    })),
    ...messages.map((row) => ({
      kind: "message" as const,
      id: row.id,
      status: row.handledAt ? "handled" : "new",
      at: row.createdAt,
      who: row.name,
      email: row.email,
      what: row.message.length > 80 ? `${row.message.slice(0, 77).trimEnd()}…` : row.message,
      petId: null,
    })),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, inboxLimit);
}

/** How many items wait for staff: open applications and unhandled messages. */
export async function countWaiting(db: Database) {
  const [row] = await db
    .select({
      applications: sql<number>`(select count(*) from ${adoptionApplications} where ${inArray(adoptionApplications.status, [...openStatuses])})`,
      messages: sql<number>`(select count(*) from ${contactMessages} where ${isNull(contactMessages.handledAt)})`,
    })
    .from(sql`(select 1)`);
  return { applications: row?.applications ?? 0, messages: row?.messages ?? 0 };
}

/** The pets that have applications, for the inbox's pet filter. */
export async function petsWithApplications(db: Database) {
  return db
    .selectDistinct({ id: pets.id, name: pets.name })
    .from(adoptionApplications)
    .innerJoin(pets, eq(pets.id, adoptionApplications.petId))
    .where(sql`${adoptionApplications.status} != 'draft'`)
    .orderBy(sql`${pets.name} collate nocase`)
    .limit(200);
}

export async function getContactMessage(db: Database, id: number) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row;
}

/** Marks a message handled or waiting again, at the version read. */
export async function setMessageHandled(db: Database, id: number, version: number, handled: boolean): Promise<MoveOutcome> {
  const updated = await db
    .update(contactMessages)
    .set({ handledAt: handled ? new Date() : null, version: sql`${contactMessages.version} + 1` })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.version, version)))
    .returning({ id: contactMessages.id });
  return updated.length > 0 ? "changed" : "conflict";
}

export async function addNote(db: Database, note: { kind: InboxKind; itemId: number; userId: number; text: string }) {
  await db.insert(inboxNotes).values(note);
}

export async function listNotes(db: Database, kind: InboxKind, itemId: number) {
  return db
    .select({ id: inboxNotes.id, text: inboxNotes.text, createdAt: inboxNotes.createdAt, firstName: users.firstName, lastName: users.lastName })
    .from(inboxNotes)
    .leftJoin(users, eq(users.id, inboxNotes.userId))
    .where(and(eq(inboxNotes.kind, kind), eq(inboxNotes.itemId, itemId)))
    .orderBy(inboxNotes.createdAt, inboxNotes.id)
    .limit(200);
}
