import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { queuedEmails } from "#app/db/schema";
import type { Email } from "#app/lib/email/emails";

/** After this many failed sends an email stays in the queue, unsent, for a person to look at. */
export const maxSendAttempts = 5;

/** Queued emails not yet sent and not given up on, oldest first. */
export function listWaitingEmails(db: Database, limit: number) {
  return db
    .select()
    .from(queuedEmails)
    .where(and(isNull(queuedEmails.sentAt), lt(queuedEmails.attempts, maxSendAttempts)))
    .orderBy(asc(queuedEmails.id))
    .limit(limit);
}

/** Claims a queued email for one send (sent_at set where still unset): false when another run has it. */
export async function claimQueuedEmail(db: Database, id: number, now: Date): Promise<boolean> {
  const claimed = await db
    .update(queuedEmails)
    .set({ sentAt: now, attempts: sql`${queuedEmails.attempts} + 1` })
    .where(and(eq(queuedEmails.id, id), isNull(queuedEmails.sentAt)))
    .returning({ id: queuedEmails.id });
  return claimed.length > 0;
}

/** Gives a failed send's claim back for the next run. */
export async function releaseQueuedEmail(db: Database, id: number) {
  await db.update(queuedEmails).set({ sentAt: null }).where(eq(queuedEmails.id, id));
}

/** Puts an email in the queue for the hourly run to send (one that could not be sent at once), with its attachments. */
export async function queueEmail(db: Database, email: Email) {
  await db.insert(queuedEmails).values({
    to: email.to,
    subject: email.subject,
    text: email.text,
    headers: email.headers ?? null,
    attachments: email.attachments?.length ? email.attachments : null,
  });
}
