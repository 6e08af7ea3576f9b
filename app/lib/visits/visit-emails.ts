import type { I18n } from "@lingui/core";
import { createEvent } from "ics";
import { formatAddress, shelter } from "#app/config/shelter";
import { shelterText } from "#app/config/shelter-es";
import type { ApplicationStatus } from "../applications/application-statuses";
import { greetingIn, localeOfI18n, signature, type Email } from "../email/emails";
import { formatSlotTime, formatVisitDay } from "./visit-slots";

const zone = shelter.openingHours.timeZone;

interface VisitMail {
  to: string;
  firstName: string;
  petName: string;
  visitId: number;
  /**
   * The calendar entry's SEQUENCE (RFC 5545 §3.8.7.4): 0 when booked, one more with each change of
   * the same visit, so a calendar takes a move or a cancellation as news. The visit row's `version`
   * after the change, less one (every change of a visit adds one to it).
   */
  sequence: number;
  start: Date;
  end: Date;
  /** Where the adopter moves or cancels it. */
  link: string;
  siteHost: string;
}

// Each email in its reader's language (`i18n`, decision 057): the account's, or the page's for a
// page's own confirmation. The calendar entry (.ics) stays in English: calendars show it as written.

/** "Tuesday, November 24 at 2:30 pm" / "martes, 24 de noviembre, 2:30 p. m.": in the shelter's time zone whatever zone the Worker runs in. */
export function visitWhen(start: Date, i18n: I18n): string {
  const locale = localeOfI18n(i18n);
  return i18n._("{day} at {time}", {
    day: formatVisitDay(start, zone, locale),
    time: formatSlotTime(start, zone, locale),
  });
}

/** What to bring, in the reader's language. */
const whatToBring = (i18n: I18n) => shelterText(shelter.visits.whatToBring, localeOfI18n(i18n));

/** The visit's sequence number once written at the row's `version` (decision 048, amended 2026-11-28). */
export const visitSequence = (version: number) => Math.max(0, version - 1);

/**
 * The visit as an iCalendar scheduling message (.ics, RFC 5545 and the iTIP of RFC 5546), made with
 * the `ics` library, times in UTC: a booking or a move is a `METHOD:REQUEST`, a cancellation a
 * `METHOD:CANCEL` (`STATUS:CANCELLED`); each has the same UID for the same visit, its increasing
 * SEQUENCE, the shelter as ORGANIZER and the adopter as ATTENDEE (who booked it, so accepted).
 */
export function visitCalendar(
  visit: Pick<
    VisitMail,
    "to" | "firstName" | "petName" | "visitId" | "sequence" | "start" | "end" | "link" | "siteHost"
  >,
  method: "REQUEST" | "CANCEL" = "REQUEST",
): string {
  const { error, value } = createEvent({
    uid: `visit-${visit.visitId}@${visit.siteHost}`,
    sequence: visit.sequence,
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
    organizer: { name: shelter.name, email: shelter.email },
    attendees: [
      {
        name: visit.firstName || visit.to,
        email: visit.to,
        rsvp: false,
        partstat: "ACCEPTED",
        role: "REQ-PARTICIPANT",
      },
    ],
  });
  if (error || !value) throw new Error(`could not make the calendar entry: ${String(error)}`);
  return value;
}

/** The attachment of a visit's calendar message: its content type names the same method as the file (RFC 6047). */
const calendarAttachment = (visit: VisitMail, method: "REQUEST" | "CANCEL") => ({
  filename: "visit.ics",
  contentType: `text/calendar; charset=utf-8; method=${method}`,
  content: visitCalendar(visit, method),
});

const details = (visit: VisitMail, i18n: I18n) =>
  `${i18n._("When: {when} (30 minutes)", { when: visitWhen(visit.start, i18n) })}\n${i18n._("Where: {place}", { place: `${shelter.name}, ${formatAddress()}` })}\n${i18n._("Please bring {things}.", { things: whatToBring(i18n) })}\n\n${i18n._("Move or cancel your visit until it starts:")}\n\n${visit.link}`;

/** The confirmation of a booked (or moved) visit, with its calendar entry attached. */
export function visitBookedMessage(visit: VisitMail, i18n: I18n, moved = false): Email {
  const petName = visit.petName;
  const when = visitWhen(visit.start, i18n);
  return {
    to: visit.to,
    subject: moved
      ? i18n._("Your visit moved: meet {petName} on {when}", { petName, when })
      : i18n._("Your visit is booked: meet {petName} on {when}", { petName, when }),
    text: `${greetingIn(i18n, visit.firstName)}\n\n${moved ? i18n._("Your visit is moved.") : i18n._("Your visit is booked.")} ${i18n._("We look forward to introducing you to {petName}; {petName} stays on hold for you until the visit ends.", { petName })}\n\n${details(visit, i18n)}\n\n${i18n._("The attached calendar entry (visit.ics) puts it in your phone's calendar.")}${signature}`,
    attachments: [calendarAttachment(visit, "REQUEST")],
  };
}

export function visitCancelledMessage(visit: VisitMail, i18n: I18n): Email {
  const petName = visit.petName;
  return {
    to: visit.to,
    subject: i18n._("Your visit to meet {petName} is cancelled", { petName }),
    text: `${greetingIn(i18n, visit.firstName)}\n\n${i18n._("You cancelled your visit of {when}. {petName} stays on hold for you until your hold ends: you can book another time here:", { when: visitWhen(visit.start, i18n), petName })}\n\n${visit.link}${signature}`,
    attachments: [calendarAttachment(visit, "CANCEL")],
  };
}

/**
 * A booked visit that staff's change cancelled (decision 048): the application was declined, its hold
 * ended, or the pet was adopted. Its calendar entry is cancelled too.
 */
export function visitCalledOffMessage(visit: VisitMail, applicationNow: ApplicationStatus, i18n: I18n): Email {
  const petName = visit.petName;
  const why =
    applicationNow === "declined"
      ? i18n._("your application was declined (the reason is with your applications)")
      : applicationNow === "adopted"
        ? i18n._("{petName} is adopted by you, so no visit is needed", { petName })
        : i18n._("your hold on {petName} has ended", { petName });
  return {
    to: visit.to,
    subject: i18n._("Your visit to meet {petName} is cancelled", { petName }),
    text: `${greetingIn(i18n, visit.firstName)}\n\n${i18n._("Your visit of {when} to meet {petName} is cancelled: {why}. The attached calendar entry (visit.ics) takes it off your calendar.", { when: visitWhen(visit.start, i18n), petName, why })}\n\n${i18n._("Your applications:")}\n\n${visit.link}${signature}`,
    attachments: [calendarAttachment(visit, "CANCEL")],
  };
}

/** The morning reminder (scheduled run), in the account's language. */
export function visitReminderMessage(
  visit: Omit<VisitMail, "end" | "siteHost" | "visitId" | "sequence">,
  i18n: I18n,
): Email {
  const petName = visit.petName;
  const place = `${shelter.name}, ${formatAddress()}`;
  return {
    to: visit.to,
    subject: i18n._("Today: meet {petName} at {time}", {
      petName,
      time: formatSlotTime(visit.start, zone, localeOfI18n(i18n)),
    }),
    text: `${greetingIn(i18n, visit.firstName)}\n\n${i18n._("A reminder: you meet {petName} today, {when}, at {place}.", { petName, when: visitWhen(visit.start, i18n), place })}\n${i18n._("Please bring {things}.", { things: whatToBring(i18n) })}\n\n${i18n._("Cannot come? Move or cancel your visit:")}\n\n${visit.link}${signature}`,
  };
}

/** A no-show: the hold ended and the pet is listed again. */
export function visitNoShowMessage(to: string, firstName: string, petName: string, link: string, i18n: I18n): Email {
  return {
    to,
    subject: i18n._("We missed you: your hold on {petName} has ended", { petName }),
    text: `${greetingIn(i18n, firstName)}\n\n${i18n._("We missed you at your visit to meet {petName}, so the hold has ended and {petName} is back on our adoption list. Your application stays open: if you would still like to adopt, call us at {phone}.", { petName, phone: shelter.phone })}\n\n${link}${signature}`,
  };
}

/** To each other applicant when a pet is adopted (issue 24): kind, with up to three listed pets that match them. */
export function noLongerAvailableMessage(
  to: string,
  firstName: string,
  petName: string,
  suggestions: { name: string; link: string }[],
  adoptLink: string,
  i18n: I18n,
): Email {
  const others = suggestions.length
    ? `\n\n${i18n._("These pets are waiting for a home and match what you told us you are looking for:")}\n\n${suggestions.map((pet) => `${pet.name}\n${pet.link}`).join("\n\n")}`
    : "";
  return {
    to,
    subject: i18n._("{petName} has found a home", { petName }),
    text: `${greetingIn(i18n, firstName)}\n\n${i18n._('Thank you for your application to adopt {petName}. {petName} has just gone home with another family, so your application is closed as "pet no longer available". We know this is disappointing, and we are grateful you chose to adopt.', { petName })}${others}\n\n${i18n._("All our pets:")}\n\n${adoptLink}${signature}`,
  };
}
