import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import type { ApplicationStatus } from "#app/lib/applications/application-statuses";
import { applicationQuestions, statusLabels, type ApplicationAnswers } from "./application-questions";
import { formatHoldEnd } from "../visits/business-hours";
import { greetingIn, hoursIn, localeOfI18n, nameInEmail, signature, type Email } from "../email/emails";

/** What each status means for the adopter, said in their email, in their language. */
const statusNews: Partial<Record<ApplicationStatus, (i18n: I18n, pet: string) => string>> = {
  // The same promise as /applications makes (issue 40): replies within the configured business days.
  submitted: (i18n, pet) =>
    i18n._(
      "We have received your application to adopt {pet}. Our adoption team reads every application and replies within {days} business days.",
      { pet, days: shelter.visits.replyBusinessDays },
    ),
  in_review: (i18n, pet) =>
    i18n._("Our adoption team is now reviewing your application to adopt {pet}. We may call you or your vet.", { pet }),
  approved: (i18n, pet) =>
    i18n._("Good news: your application to adopt {pet} is approved, and {pet} is on hold for you.", { pet }),
  hold_ended: (i18n, pet) =>
    i18n._(
      "Your hold on {pet} has ended. Your application stays open: if you would still like to adopt {pet}, call us at {phone} and we will tell you where things stand.",
      { pet, phone: shelter.phone },
    ),
  declined: (i18n, pet) => i18n._("We are sorry: we cannot go on with your application to adopt {pet}.", { pet }),
  adopted: (i18n, pet) =>
    i18n._("{pet} is now yours. Congratulations, and thank you for adopting from {name}!", { pet, name: shelter.name }),
  withdrawn: (i18n, pet) =>
    i18n._("You withdrew your application to adopt {pet}. You are welcome to apply again at any time.", { pet }),
};

/**
 * What an approved adopter does next (issue 40): book the visit on its page before the hold ends;
 * calling is the fallback. A hold lasts about a business day, so the link comes first.
 */
function visitBookingNotice(petName: string, until: Date, visitLink: string, i18n: I18n): string {
  const end = formatHoldEnd(until, shelter.openingHours.timeZone, localeOfI18n(i18n));
  return `${i18n._("We hold {petName} for you until {until}. Book a time to meet {petName} before then, here:", { petName, until: end })}\n\n${visitLink}\n\n${i18n._("If none of the times suits you, call us at {phone} (we are open {hours}). After your hold ends, {petName} is back on our adoption list.", { petName, phone: shelter.phone, hours: hoursIn(i18n) })}`;
}

/**
 * The email the adopter gets for each status of their application (plain text), in `i18n`'s language:
 * the account's (users.language), or, for the form's own confirmation, the page's (decision 057).
 */
export function applicationStatusMessage(
  to: string,
  firstName: string,
  petName: string,
  status: ApplicationStatus,
  link: string,
  i18n: I18n,
  declineReason?: string | null,
  /** For "approved": when the hold it starts ends, and the page where the adopter books the visit. */
  hold?: { until: Date; visitLink: string },
  /** For "adopted" with adoption papers: the go-home part (the contract, the receipt, the first-week guide; decision 070). */
  goHome?: string | null,
): Email {
  const label = i18n._(statusLabels[status]);
  const news =
    statusNews[status]?.(i18n, petName) ??
    i18n._("Your application to adopt {petName} is now: {label}.", { petName, label });
  const reason = status === "declined" && declineReason ? `\n\n${i18n._("The reason:")}\n${declineReason}` : "";
  const booking =
    status === "approved" && hold ? `\n\n${visitBookingNotice(petName, hold.until, hold.visitLink, i18n)}` : "";
  return {
    to,
    subject: i18n._("Your application to adopt {petName}: {status}", { petName, status: label.toLowerCase() }),
    text: `${greetingIn(i18n, firstName)}\n\n${news}${booking}${reason}${goHome ? `\n\n${goHome}` : ""}\n\n${i18n._("Your applications and their history:")}\n\n${link}${signature}`,
  };
}

/** The shelter's notice of a new application, with every answer, so nothing waits unseen (in `shelter.inboxLanguage`). */
export function newApplicationNotice(
  applicant: { name: string; email: string },
  petName: string,
  answers: ApplicationAnswers,
  link: string,
  i18n: I18n,
): Email {
  const lines = applicationQuestions
    .map((question) => `${i18n._(question.label)}: ${answers[question.name] ?? "-"}`)
    .join("\n");
  const name = nameInEmail(applicant.name) ?? applicant.email;
  return {
    to: shelter.email,
    subject: i18n._("New adoption application for {petName} from {name}", { petName, name }),
    text: `${i18n._("{name} ({email}) applied to adopt {petName}.", { name, email: applicant.email, petName })}\n\n${lines}\n\n${i18n._("Open it in the inbox:")}\n\n${link}`,
  };
}

/** The shelter's notice of a message sent through the Get In Touch form (in `shelter.inboxLanguage`). */
export function newContactMessageNotice(
  message: { name: string; email: string; message: string },
  link: string,
  i18n: I18n,
): Email {
  const name = nameInEmail(message.name) ?? message.email;
  return {
    to: shelter.email,
    subject: i18n._("New message from {name}", { name }),
    text: `${i18n._("{name} ({email}) wrote:", { name, email: message.email })}\n\n${message.message}\n\n${i18n._("Open it in the inbox:")}\n\n${link}`,
  };
}
