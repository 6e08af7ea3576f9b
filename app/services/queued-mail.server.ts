import type { Database } from "#app/db/client.server";
import { claimQueuedEmail, listWaitingEmails, releaseQueuedEmail } from "#app/models/queued-emails.server";
import type { Mailer } from "#app/services/mail.server";

/** Emails handed to the mailer a run at most (each is one subrequest in production); the rest wait an hour. */
const emailsPerRun = 500;

/**
 * Hands queued emails to the mailer. Each is claimed first (sent_at set where still unset), so two
 * runs at once never send the same email twice; a send that fails gives the claim back for the next run.
 */
export async function deliverQueuedEmails(
  db: Database,
  mailer: Mailer,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const email of await listWaitingEmails(db, emailsPerRun)) {
    if (!(await claimQueuedEmail(db, email.id, now))) continue;
    try {
      await mailer.send({
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.headers ? { headers: email.headers } : {}),
        ...(email.attachments?.length ? { attachments: email.attachments } : {}),
      });
      sent += 1;
    } catch (error) {
      failed += 1;
      console.error("could not send queued email", email.id, error);
      await releaseQueuedEmail(db, email.id);
    }
  }
  return { sent, failed };
}
