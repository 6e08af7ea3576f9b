import { and, desc, eq, gt, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { volunteerApplications } from "#app/db/schema";
import { randomToken, sha256Hex } from "#app/lib/accounts/crypto";
import { openVolunteerStatuses, type VolunteerStatus } from "#app/lib/volunteer/volunteer";
import type { Locale } from "#app/lib/i18n/locale";
import type { VolunteerApplicationInput } from "#app/lib/volunteer/volunteer-schema";

/** How long the link that confirms a volunteer's address works (as the newsletter's, decision 033). */
export const volunteerConfirmationMs = 7 * 24 * 60 * 60 * 1000;

const wellFormed = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * Keeps a volunteer application, unconfirmed until its address is (decision 053), and returns the
 * link's token (only its hash is stored). Unconfirmed applications whose link expired are swept in the
 * same batch: nothing a stranger typed is kept for an address nobody confirmed.
 */
export async function createVolunteerApplication(
  db: Database,
  input: VolunteerApplicationInput & { language?: Locale },
  now = Date.now(),
): Promise<string> {
  const token = randomToken();
  await db.batch([
    db
      .delete(volunteerApplications)
      .where(
        and(eq(volunteerApplications.status, "unconfirmed"), lt(volunteerApplications.confirmExpiresAt, new Date(now))),
      ),
    db.insert(volunteerApplications).values({
      role: input.role,
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      availability: input.availability,
      interests: input.interests,
      experience: input.experience ?? "",
      age: input.age,
      guardianName: input.age === "minor-with-consent" ? (input.guardianName ?? null) : null,
      note: input.note ?? "",
      language: input.language ?? "en",
      confirmTokenHash: await sha256Hex(token),
      confirmExpiresAt: new Date(now + volunteerConfirmationMs),
      createdAt: new Date(now),
    }),
  ]);
  return token;
}

/** The unconfirmed application a link is for, while the link works. */
export async function pendingVolunteerApplication(db: Database, token: string, now = Date.now()) {
  if (!wellFormed(token)) return null;
  const [row] = await db
    .select({ id: volunteerApplications.id, role: volunteerApplications.role, email: volunteerApplications.email })
    .from(volunteerApplications)
    .where(
      and(
        eq(volunteerApplications.confirmTokenHash, await sha256Hex(token)),
        eq(volunteerApplications.status, "unconfirmed"),
        gt(volunteerApplications.confirmExpiresAt, new Date(now)),
      ),
    );
  return row ?? null;
}

/**
 * Follows a confirmation link: the application becomes "new" (in the staff inbox) and the link is
 * spent, in one conditional write. Null when the link is unknown, spent or expired.
 */
export async function confirmVolunteerApplication(db: Database, token: string, now = Date.now()) {
  if (!wellFormed(token)) return null;
  const [row] = await db
    .update(volunteerApplications)
    .set({
      status: "new",
      confirmedAt: new Date(now),
      statusChangedAt: new Date(now),
      confirmTokenHash: null,
      confirmExpiresAt: null,
      version: sql`${volunteerApplications.version} + 1`,
    })
    .where(
      and(
        eq(volunteerApplications.confirmTokenHash, await sha256Hex(token)),
        eq(volunteerApplications.status, "unconfirmed"),
        gt(volunteerApplications.confirmExpiresAt, new Date(now)),
      ),
    )
    .returning({
      id: volunteerApplications.id,
      name: volunteerApplications.name,
      email: volunteerApplications.email,
      role: volunteerApplications.role,
    });
  return row ?? null;
}

const inboxLimit = 200;

/** Confirmed volunteer applications for the staff inbox, newest first: open ones, all, or one status. */
export async function listVolunteerInbox(db: Database, status: "open" | "all" | VolunteerStatus) {
  const rows = await db
    .select({
      id: volunteerApplications.id,
      role: volunteerApplications.role,
      name: volunteerApplications.name,
      email: volunteerApplications.email,
      status: volunteerApplications.status,
      at: volunteerApplications.confirmedAt,
    })
    .from(volunteerApplications)
    .where(
      and(
        isNotNull(volunteerApplications.confirmedAt),
        status === "open"
          ? inArray(volunteerApplications.status, [...openVolunteerStatuses])
          : status === "all"
            ? undefined
            : eq(volunteerApplications.status, status),
      ),
    )
    .orderBy(desc(volunteerApplications.confirmedAt))
    .limit(inboxLimit);
  return rows.map((row) => ({ ...row, at: row.at ?? new Date(0) }));
}

/** A confirmed volunteer application, for staff. */
export async function getVolunteerApplication(db: Database, id: number) {
  const [row] = await db
    .select()
    .from(volunteerApplications)
    .where(and(eq(volunteerApplications.id, id), isNotNull(volunteerApplications.confirmedAt)));
  return row;
}

/** Moves an application at the version staff read (decision 014); "conflict" when it changed since. */
export async function setVolunteerStatus(
  db: Database,
  id: number,
  version: number,
  from: VolunteerStatus,
  to: VolunteerStatus,
  now = Date.now(),
): Promise<"moved" | "conflict"> {
  const moved = await db
    .update(volunteerApplications)
    .set({ status: to, statusChangedAt: new Date(now), version: sql`${volunteerApplications.version} + 1` })
    .where(
      and(
        eq(volunteerApplications.id, id),
        eq(volunteerApplications.version, version),
        eq(volunteerApplications.status, from),
      ),
    )
    .returning({ id: volunteerApplications.id });
  return moved.length > 0 ? "moved" : "conflict";
}

const dayMs = 24 * 60 * 60 * 1000;

/** How long volunteer applications are kept (decision 053; the README's retention table). */
export const volunteerRetention = { notNowMs: 365 * dayMs, welcomedMs: 3 * 365 * dayMs };

/**
 * Nightly housekeeping: unconfirmed applications whose link expired, "not now" ones a year after the
 * decision, and welcomed volunteers' applications three years after it. Returns how many went.
 */
export async function deleteOldVolunteerApplications(db: Database, now: Date) {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const deleted = await db
    .delete(volunteerApplications)
    .where(
      or(
        and(eq(volunteerApplications.status, "unconfirmed"), lt(volunteerApplications.confirmExpiresAt, now)),
        and(
          eq(volunteerApplications.status, "not_now"),
          lt(volunteerApplications.statusChangedAt, before(volunteerRetention.notNowMs)),
        ),
        and(
          eq(volunteerApplications.status, "welcomed"),
          lt(volunteerApplications.statusChangedAt, before(volunteerRetention.welcomedMs)),
        ),
      ),
    )
    .returning({ id: volunteerApplications.id });
  return deleted.length;
}
