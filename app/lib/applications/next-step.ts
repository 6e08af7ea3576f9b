import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import type { ApplicationStatus } from "#app/lib/applications/application-statuses";
import { formatHoldEnd } from "../visits/business-hours";
import { localeOfI18n } from "../email/emails";
import { localizedPath } from "../i18n/locale";
import { replyDue } from "../visits/visit-slots";

export interface NextStep {
  text: string;
  link?: { to: string; label: string };
  /** Said after the link: the other way, when the link is the first (calling, for a visit). */
  fallback?: string;
}

/**
 * What happens next with an application, and when, as /applications says it (issue 24): the reply
 * promised within the configured business days, the visit to book before the hold ends, the visit
 * booked, in `i18n`'s language (its link to that language's page). Pure: `now` and the application's dates come in.
 */
export function nextStep(
  application: {
    id: number;
    status: ApplicationStatus;
    heldForYou: boolean;
    heldUntil: Date | null;
    petName: string;
    history: { status: ApplicationStatus; createdAt: Date }[];
  },
  visit: { slotStart: Date } | undefined,
  now: Date,
  i18n: I18n,
): NextStep | null {
  const zone = shelter.openingHours.timeZone;
  const days = shelter.visits.replyBusinessDays;
  const locale = localeOfI18n(i18n);
  const visitPage = localizedPath(`/applications/${application.id}/visit`, locale);
  const when = (instant: Date) => formatHoldEnd(instant, zone, locale);
  const phone = shelter.phone;
  const petName = application.petName;
  switch (application.status) {
    case "submitted":
    case "in_review": {
      const sent = application.history.find((event) => event.status === "submitted")?.createdAt ?? now;
      const due = replyDue(sent, days, shelter.openingHours);
      return {
        text:
          due > now
            ? i18n._("We reply within {days} business days: by {due}.", { days, due: when(due) })
            : i18n._(
                "We promised to reply within {days} business days and are late: we are sorry, you will hear from us very soon. You can call us at {phone}.",
                { days, phone },
              ),
      };
    }
    case "approved":
      if (!application.heldForYou) return null;
      if (visit)
        return {
          text: i18n._("Your visit: {start}", { start: when(visit.slotStart) }),
          link: { to: visitPage, label: i18n._("Move or cancel") },
        };
      return {
        text: application.heldUntil
          ? i18n._("Book a time to meet {petName} before your hold ends ({until}).", {
              petName,
              until: when(application.heldUntil),
            })
          : i18n._("Book a time to meet {petName}.", { petName }),
        link: { to: visitPage, label: i18n._("Book your visit") },
        fallback: i18n._("No time suits you? Call us at {phone}.", { phone }),
      };
    case "hold_ended":
      return {
        text: i18n._("Your application stays open: call us at {phone} if you would still like to adopt.", { phone }),
      };
    default:
      return null;
  }
}
