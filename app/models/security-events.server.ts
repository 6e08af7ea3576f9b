import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { memberships, securityEvents, users, type SecurityEventKind } from "#app/db/schema";

/** How long events are kept; the migration's trigger refuses to delete younger rows (decision 027). */
export const securityEventRetentionMs = 365 * 24 * 60 * 60 * 1000;

export interface SecurityEvent {
  kind: SecurityEventKind;
  /** The account it happened to (no id: an invitation to an address that has no account yet). */
  user: { id: number | null; email: string };
  /** The staff member who did it, when it is not the user themselves. */
  actor?: { id: number; email: string };
  organisationId?: number;
  /** The client's network address (rate-limits.ts `clientAddress`). */
  address: string;
  detail?: string;
}

/**
 * The insert of one event, to run in the batch of the change it records. With `when`, the row is only
 * written if that condition holds when the batch reaches it (`changes() > 0`: the statement before
 * changed something).
 */
export function securityEventInsert(db: Database, event: SecurityEvent, when?: SQL): BatchItem<"sqlite"> {
  const row = {
    kind: event.kind,
    userId: event.user.id,
    email: event.user.email,
    actorUserId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
    organisationId: event.organisationId ?? null,
    address: event.address,
    detail: event.detail ?? null,
  };
  if (!when) return db.insert(securityEvents).values(row);
  return db.insert(securityEvents).select(
    // Every column of the table, in its order (id null: SQLite numbers the row).
    sql`select null, ${row.kind}, ${row.userId}, ${row.email}, ${row.actorUserId}, ${row.actorEmail}, ${row.organisationId},
      ${row.address}, ${row.detail}, ${Date.now()} where ${when}`,
  );
}

/** An event about the user `userId` selects (an SQL expression of the same batch), if there is one. */
export function securityEventOfUserInsert(
  db: Database,
  kind: SecurityEventKind,
  userId: SQL,
  address: string,
): BatchItem<"sqlite"> {
  return db.insert(securityEvents).select(
    sql`select null, ${kind}, ${users.id}, ${users.email}, null, null, null, ${address}, null, ${Date.now()}
      from ${users} where ${users.id} = ${userId}`,
  );
}

export async function recordSecurityEvent(db: Database, event: SecurityEvent) {
  await securityEventInsert(db, event);
}

/**
 * An event about whoever owns `email`, if anyone: a typed address that has no account is not kept
 * (it may be a password typed into the wrong field).
 */
export async function recordSecurityEventByEmail(
  db: Database,
  kind: SecurityEventKind,
  email: string,
  address: string,
  detail: string | null = null,
) {
  await db.insert(securityEvents).select(
    // Every column of the table, in its order (id null: SQLite numbers the row).
    sql`select null, ${kind}, ${users.id}, ${users.email}, null, null, null, ${address}, ${detail}, ${Date.now()}
      from ${users} where ${users.email} = ${email.toLowerCase()}`,
  );
}

/**
 * The events an organisation's owners and admins may read: what happened in it (its staff changes,
 * invitations, joins), and what happened to the accounts of its current members since they joined
 * (sign-ins, passwords, devices: events of no organisation). Nothing from before a member joined, and
 * nothing another organisation did (issue 22). Newest first.
 */
function organisationEvents(organisationId: number, kind: SecurityEventKind | null) {
  const memberSince = sql`exists (select 1 from ${memberships} where ${memberships.organisationId} = ${organisationId}
    and ${memberships.userId} = ${securityEvents.userId} and ${memberships.createdAt} <= ${securityEvents.createdAt})`;
  const ofOrganisation = or(
    eq(securityEvents.organisationId, organisationId),
    and(isNull(securityEvents.organisationId), memberSince),
  );
  return kind ? and(ofOrganisation, eq(securityEvents.kind, kind)) : ofOrganisation;
}

export const securityEventsPageSize = 50;

export async function listSecurityEvents(
  db: Database,
  organisationId: number,
  { kind, page }: { kind: SecurityEventKind | null; page: number },
) {
  const where = organisationEvents(organisationId, kind);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(securityEvents)
      .where(where)
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(securityEventsPageSize)
      .offset((page - 1) * securityEventsPageSize),
    db.select({ n: count() }).from(securityEvents).where(where),
  ]);
  return { events: rows, total: total?.n ?? 0 };
}

/** Deletes the events older than the retention (nightly housekeeping). Returns how many went. */
export async function deleteExpiredSecurityEvents(db: Database, now: Date) {
  const deleted = await db
    .delete(securityEvents)
    .where(lt(securityEvents.createdAt, new Date(now.getTime() - securityEventRetentionMs)))
    .returning({ id: securityEvents.id });
  return deleted.length;
}
