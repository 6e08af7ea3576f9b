import type { AppLoadContext } from "@remix-run/cloudflare";
import { localizedPath } from "#app/lib/i18n/locale";
import { visitCalledOffMessage, visitSequence } from "#app/lib/visits/visit-emails";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";
import { bookedVisitsOfPet, visitsNow } from "#app/models/visits.server";
import { sendAfterResponse } from "./notify.server";

export type VisitsToTell = Awaited<ReturnType<typeof bookedVisitsOfPet>>;

/** Read before a staff change that may end the pet's approved application: the visits it may cancel, and whose. */
export const visitsToTell = (context: AppLoadContext, petId: number) => bookedVisitsOfPet(context.db, petId);

/**
 * After the change: each visit read before that the change's batch cancelled (its application no
 * longer approved, decision 048) and that had not started is emailed to its adopter, with the
 * calendar entry's cancellation, in the adopter's language. A visit that has started needs no
 * cancelling in anyone's calendar.
 */
export async function tellCancelledVisits(
  context: AppLoadContext,
  before: VisitsToTell,
  origin: string,
  now = new Date(),
) {
  const upcoming = before.filter((visit) => visit.slotStart > now);
  if (upcoming.length === 0) return;
  const after = await visitsNow(
    context.db,
    upcoming.map((visit) => visit.id),
  );
  for (const visit of upcoming) {
    const current = after.find((row) => row.id === visit.id);
    if (current?.status !== "cancelled" || current.applicationStatus === "approved") continue;
    const locale = accountLocale(visit.language);
    sendAfterResponse(
      context,
      visitCalledOffMessage(
        {
          to: visit.email,
          firstName: visit.firstName,
          petName: visit.petName,
          visitId: visit.id,
          // As the cancelling batch left the row: its version says how many changes came before.
          sequence: visitSequence(current.version),
          start: visit.slotStart,
          end: visit.slotEnd,
          link: `${origin}${localizedPath("/applications", locale)}`,
          siteHost: new URL(origin).hostname,
        },
        current.applicationStatus,
        i18nFor(locale),
      ),
    );
  }
}
