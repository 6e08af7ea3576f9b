import { shelter } from "#app/config/shelter";
import type { ApplicationStatus } from "#app/lib/application-statuses";
import { formatHoldEnd } from "./business-hours";
import { replyDue } from "./visit-slots";

export interface NextStep {
  text: string;
  link?: { to: string; label: string };
}

/**
 * What happens next with an application, and when, as /applications says it (issue 24): the reply
 * promised within the configured business days, the visit to book before the hold ends, the visit
 * booked. Pure: `now` and the application's dates come in.
 */
export function nextStep(
  application: { id: number; status: ApplicationStatus; heldForYou: boolean; heldUntil: Date | null; petName: string; history: { status: ApplicationStatus; createdAt: Date }[] },
  visit: { slotStart: Date } | undefined,
  now: Date,
): NextStep | null {
  const zone = shelter.openingHours.timeZone;
  const days = shelter.visits.replyBusinessDays;
  const visitPage = `/applications/${application.id}/visit`;
  switch (application.status) {
    case "submitted":
    case "in_review": {
      const sent = application.history.find((event) => event.status === "submitted")?.createdAt ?? now;
      const due = replyDue(sent, days, shelter.openingHours);
      return {
        text:
          due > now
            ? `We reply within ${days} business days: by ${formatHoldEnd(due, zone)}.`
            : `We promised to reply within ${days} business days and are late: we are sorry, you will hear from us very soon. You can call us at ${shelter.phone}.`,
      };
    }
    case "approved":
      if (!application.heldForYou) return null;
      if (visit) return { text: `Your visit: ${formatHoldEnd(visit.slotStart, zone)}`, link: { to: visitPage, label: "Move or cancel" } };
      return {
        text: `Book a time to meet ${application.petName}${application.heldUntil ? ` before your hold ends (${formatHoldEnd(application.heldUntil, zone)})` : ""}.`,
        link: { to: visitPage, label: "Book your visit" },
      };
    case "hold_ended":
      return { text: `Your application stays open: call us at ${shelter.phone} if you would still like to adopt.` };
    default:
      return null;
  }
}
