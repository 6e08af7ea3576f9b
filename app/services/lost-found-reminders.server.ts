import type { Database } from "#app/db/client.server";
import { savedLocale, type EmailLanguages } from "#app/lib/email/emails";
import { reportEndIn, reportReminderMessage } from "#app/lib/lost-found/emails";
import { lostFoundRemindersDue, markLostFoundReminded } from "#app/models/lost-found.server";
import { queueEmail } from "#app/models/queued-emails.server";
import { reporterLinks } from "#app/services/lost-found-links.server";

/**
 * The hourly run's step: each open report three days (or less) from its end gets one reminder with
 * the two one-click links, in the reporter's language; the run's next step sends it. Marked first,
 * so two runs at once never remind twice.
 */
export async function queueLostFoundReminders(
  db: Database,
  now: Date,
  siteUrl: string,
  secret: string,
  languages: EmailLanguages,
) {
  let queued = 0;
  for (const report of await lostFoundRemindersDue(db, now)) {
    if (!report.openUntil || !(await markLostFoundReminded(db, report.id, now))) continue;
    const locale = savedLocale(report.language);
    const i18n = languages(locale);
    const links = await reporterLinks(siteUrl, locale, report.id, secret);
    await queueEmail(
      db,
      reportReminderMessage(report.email, report.name, reportEndIn(i18n, report.openUntil), links, i18n),
    );
    queued += 1;
  }
  return { queued };
}
