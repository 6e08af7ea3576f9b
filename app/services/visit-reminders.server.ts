import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { localTimeToInstant, startOfLocalDay } from "#app/lib/visits/business-hours";
import { savedLocale, type EmailLanguages } from "#app/lib/email/emails";
import { localizedPath } from "#app/lib/i18n/locale";
import { visitReminderMessage } from "#app/lib/visits/visit-emails";
import { queueVisitReminders } from "#app/models/visits.server";

/** Reminders go out from this local time on the morning of the visit (the hourly run). */
export const reminderFrom = "07:00";

/**
 * The hourly run's step: from 7 am shelter time, each visit booked for later today gets its reminder,
 * once (the email is queued with the visit's mark in one batch; the run's next step sends it), in the
 * adopter's language (users.language).
 */
export async function queueTodaysVisitReminders(db: Database, now: Date, siteUrl: string, languages: EmailLanguages) {
  const zone = shelter.openingHours.timeZone;
  const dayStart = startOfLocalDay(now, zone);
  const local = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(now);
  const part = (type: string) => Number(local.find((p) => p.type === type)?.value);
  const morning = localTimeToInstant(
    { year: part("year"), month: part("month"), day: part("day") },
    reminderFrom,
    zone,
  );
  if (now < morning) return { queued: 0 };
  // The next local midnight: 26 hours on from this one is always within the next day, DST or not.
  const dayEnd = startOfLocalDay(new Date(dayStart.getTime() + 26 * 60 * 60 * 1000), zone);
  return queueVisitReminders(
    db,
    now,
    dayEnd,
    (visit) => {
      const locale = savedLocale(visit.language);
      const link = `${siteUrl}${localizedPath(`/applications/${visit.applicationId}/visit`, locale)}`;
      return visitReminderMessage(
        { to: visit.email, firstName: visit.firstName, petName: visit.petName, start: visit.slotStart, link },
        languages(locale),
      );
    },
    now,
  );
}
