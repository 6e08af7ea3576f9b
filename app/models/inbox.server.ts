import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  adoptionApplications,
  contactMessages,
  fosterApplications,
  pets,
  users,
  volunteerApplications,
  type ApplicationStatus,
} from "#app/db/schema";
import { openStatuses } from "#app/lib/applications/application-questions";

/*
 * The staff inbox: sent applications and contact messages in one list, and what waits for staff.
 * An application's own changes are in applications.server.ts; a message's and the notes on either
 * in contact-messages.server.ts and inbox-notes.server.ts.
 */

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
  const wantMessages =
    filter.kind !== "application" &&
    filter.petId === null &&
    (filter.status === "open" || filter.status === "all" || filter.status === "handled");
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
      /** An adopter's "We could use some help" after an adoption is answered within one business day (issue 45). */
      replyBusinessDays: row.replyBusinessDays,
    })),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, inboxLimit);
}

/**
 * How many items wait for staff: open adoption applications, foster applications not yet decided,
 * new (confirmed) volunteer applications (decision 053), and unhandled messages.
 */
export async function countWaiting(db: Database) {
  const [row] = await db
    .select({
      applications: sql<number>`(select count(*) from ${adoptionApplications} where ${inArray(adoptionApplications.status, [...openStatuses])})`,
      fosters: sql<number>`(select count(*) from ${fosterApplications} where ${eq(fosterApplications.status, "applied")})`,
      volunteers: sql<number>`(select count(*) from ${volunteerApplications} where ${eq(volunteerApplications.status, "new")})`,
      messages: sql<number>`(select count(*) from ${contactMessages} where ${isNull(contactMessages.handledAt)})`,
    })
    .from(sql`(select 1)`);
  return {
    applications: row?.applications ?? 0,
    fosters: row?.fosters ?? 0,
    volunteers: row?.volunteers ?? 0,
    messages: row?.messages ?? 0,
  };
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

/** When each item that waits for staff came in (open applications of every kind and unhandled messages): for the overdue count. */
export async function waitingSince(db: Database): Promise<Date[]> {
  const [applications, messages] = await Promise.all([
    db
      .select({ at: adoptionApplications.submittedAt })
      .from(adoptionApplications)
      .where(inArray(adoptionApplications.status, [...openStatuses]))
      .limit(1000),
    db
      .select({ at: contactMessages.createdAt })
      .from(contactMessages)
      .where(isNull(contactMessages.handledAt))
      .limit(1000),
  ]);
  const [fosters, volunteers] = await Promise.all([
    db
      .select({ at: fosterApplications.submittedAt })
      .from(fosterApplications)
      .where(eq(fosterApplications.status, "applied"))
      .limit(1000),
    db
      .select({ at: volunteerApplications.confirmedAt })
      .from(volunteerApplications)
      .where(eq(volunteerApplications.status, "new"))
      .limit(1000),
  ]);
  return [...applications, ...fosters, ...volunteers]
    .map((row) => row.at ?? new Date(0))
    .concat(messages.map((row) => row.at));
}
