import { createEvent } from "ics";
import { formatAddress, shelter } from "#app/config/shelter";
import type { ApplicationStatus } from "./application-statuses";
import { signature, type Email } from "./emails";
import { formatSlotTime, formatVisitDay } from "./visit-slots";

const zone = shelter.openingHours.timeZone;

interface VisitMail {
  to: string;
  firstName: string;
  petName: string;
  visitId: number;
  start: Date;
  end: Date;
  /** Where the adopter moves or cancels it. */
  link: string;
  siteHost: string;
}

/** "Tuesday, November 24 at 2:30 pm": in the shelter's time zone whatever zone the Worker runs in. */
export const visitWhen = (start: Date) => `${formatVisitDay(start, zone)} at ${formatSlotTime(start, zone)}`;

/** The visit as an iCalendar event (.ics), made with the `ics` library; times in UTC. */
export function visitCalendar(visit: Pick<VisitMail, "petName" | "visitId" | "start" | "end" | "link" | "siteHost">, method: "PUBLISH" | "CANCEL" = "PUBLISH"): string {
  const { error, value } = createEvent({
    uid: `visit-${visit.visitId}@${visit.siteHost}`,
    productId: `${shelter.shortName.toLowerCase()}/visits`,
    method,
    title: `Meet ${visit.petName} at ${shelter.name}`,
    description: `Your meet-and-greet with ${visit.petName}. Please bring ${shelter.visits.whatToBring}. Move or cancel: ${visit.link}`,
    location: `${shelter.name}, ${formatAddress()}`,
    start: visit.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: visit.end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    url: visit.link,
    status: method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
  });
  if (error || !value) throw new Error(`could not make the calendar entry: ${String(error)}`);
  return value;
}

const details = (visit: VisitMail) =>
  `When: ${visitWhen(visit.start)} (30 minutes)\nWhere: ${shelter.name}, ${formatAddress()}\nPlease bring ${shelter.visits.whatToBring}.\n\nMove or cancel your visit until it starts:\n\n${visit.link}`;

/** The confirmation of a booked (or moved) visit, with its calendar entry attached. */
export function visitBookedMessage(visit: VisitMail, moved = false): Email {
  return {
    to: visit.to,
    subject: `${moved ? "Your visit moved" : "Your visit is booked"}: meet ${visit.petName} on ${visitWhen(visit.start)}`,
    text: `Hello ${visit.firstName},\n\n${moved ? "Your visit is moved" : "Your visit is booked"}. We look forward to introducing you to ${visit.petName}; ${visit.petName} stays on hold for you until the visit ends.\n\n${details(visit)}\n\nThe attached calendar entry (visit.ics) puts it in your phone's calendar.${signature}`,
    attachments: [{ filename: "visit.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: visitCalendar(visit) }],
  };
}

export function visitCancelledMessage(visit: VisitMail): Email {
  return {
    to: visit.to,
    subject: `Your visit to meet ${visit.petName} is cancelled`,
    text: `Hello ${visit.firstName},\n\nYou cancelled your visit of ${visitWhen(visit.start)}. ${visit.petName} stays on hold for you until your hold ends: you can book another time here:\n\n${visit.link}${signature}`,
    attachments: [{ filename: "visit.ics", contentType: "text/calendar; charset=utf-8; method=CANCEL", content: visitCalendar(visit, "CANCEL") }],
  };
}

/**
 * A booked visit that staff's change cancelled (decision 048): the application was declined, its hold
 * ended, or the pet was adopted. Its calendar entry is cancelled too.
 */
export function visitCalledOffMessage(visit: VisitMail, applicationNow: ApplicationStatus): Email {
  const why =
    applicationNow === "declined"
      ? "your application was declined (the reason is with your applications)"
      : applicationNow === "adopted"
        ? `${visit.petName} is adopted by you, so no visit is needed`
        : `your hold on ${visit.petName} has ended`;
  return {
    to: visit.to,
    subject: `Your visit to meet ${visit.petName} is cancelled`,
    text: `Hello ${visit.firstName},\n\nYour visit of ${visitWhen(visit.start)} to meet ${visit.petName} is cancelled: ${why}. The attached calendar entry (visit.ics) takes it off your calendar.\n\nYour applications:\n\n${visit.link}${signature}`,
    attachments: [{ filename: "visit.ics", contentType: "text/calendar; charset=utf-8; method=CANCEL", content: visitCalendar(visit, "CANCEL") }],
  };
}

/** The morning reminder (scheduled run). */
export function visitReminderMessage(visit: Omit<VisitMail, "end" | "siteHost" | "visitId">): Email {
  return {
    to: visit.to,
    subject: `Today: meet ${visit.petName} at ${formatSlotTime(visit.start, zone)}`,
    text: `Hello ${visit.firstName},\n\nA reminder: you meet ${visit.petName} today, ${visitWhen(visit.start)}, at ${shelter.name}, ${formatAddress()}.\nPlease bring ${shelter.visits.whatToBring}.\n\nCannot come? Move or cancel your visit:\n\n${visit.link}${signature}`,
  };
}

/** A no-show: the hold ended and the pet is listed again. */
export function visitNoShowMessage(to: string, firstName: string, petName: string, link: string): Email {
  return {
    to,
    subject: `We missed you: your hold on ${petName} has ended`,
    text: `Hello ${firstName},\n\nWe missed you at your visit to meet ${petName}, so the hold has ended and ${petName} is back on our adoption list. Your application stays open: if you would still like to adopt, call us at ${shelter.phone}.\n\n${link}${signature}`,
  };
}

/** To each other applicant when a pet is adopted (issue 24): kind, with up to three listed pets that match them. */
export function noLongerAvailableMessage(to: string, firstName: string, petName: string, suggestions: { name: string; link: string }[], adoptLink: string): Email {
  const others = suggestions.length
    ? `\n\nThese pets are waiting for a home and match what you told us you are looking for:\n\n${suggestions.map((pet) => `${pet.name}\n${pet.link}`).join("\n\n")}`
    : "";
  return {
    to,
    subject: `${petName} has found a home`,
    text: `Hello ${firstName},\n\nThank you for your application to adopt ${petName}. ${petName} has just gone home with another family, so your application is closed as "pet no longer available". We know this is disappointing, and we are grateful you chose to adopt.${others}\n\nAll our pets:\n\n${adoptLink}${signature}`,
  };
}
