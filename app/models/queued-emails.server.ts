import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { queuedEmails } from "#app/db/schema";
import type { Email } from "#app/lib/emails";
import type { Mailer } from "#app/services/mail.server";

/** E-mails handed to the mailer a run at most (each is one subrequest in production); the rest wait an hour. */
const emailsPerRun = 500;
/** After this many failed sends an e-mail stays in the queue, unsent, for a person to look at. */
export const maxSendAttempts = 5;

/**
 * Hands queued e-mails to the mailer. Each is claimed first (sent_at set where still unset), so two
 * runs at once never send the same e-mail twice; a send that fails gives the claim back for the next run.
 */
export async function deliverQueuedEmails(db: Database, mailer: Mailer, now: Date): Promise<{ sent: number; failed: number }> {
  const waiting = await db
    .select()
    .from(queuedEmails)
    .where(and(isNull(queuedEmails.sentAt), lt(queuedEmails.attempts, maxSendAttempts)))
    .orderBy(asc(queuedEmails.id))
    .limit(emailsPerRun);
  let sent = 0;
  let failed = 0;
  for (const email of waiting) {
    const claimed = await db
      .update(queuedEmails)
      .set({ sentAt: now, attempts: sql`${queuedEmails.attempts} + 1` })
      .where(and(eq(queuedEmails.id, email.id), isNull(queuedEmails.sentAt)))
      .returning({ id: queuedEmails.id });
    if (claimed.length === 0) continue;
    try {
      await mailer.send({ to: email.to, subject: email.subject, text: email.text, ...(email.headers ? { headers: email.headers } : {}) });
      sent += 1;
    } catch (error) {
      failed += 1;
      console.error("could not send queued e-mail", email.id, error);
      await db.update(queuedEmails).set({ sentAt: null }).where(eq(queuedEmails.id, email.id));
    }
  }
  return { sent, failed };
}

/** Puts an e-mail in the queue for the hourly run to send (one that could not be sent at once). */
export async function queueEmail(db: Database, email: Email) {
  await db.insert(queuedEmails).values({ to: email.to, subject: email.subject, text: email.text, headers: email.headers ?? null });
}
