import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import type { ApplicationStatus } from "#app/lib/application-statuses";
import { applicationQuestions, statusLabels, type ApplicationAnswers } from "./application-questions";
import { greetingIn, holdNotice, nameInEmail, signature, type Email } from "./emails";

/** What each status means for the adopter, said in their email, in their language. */
const statusNews: Partial<Record<ApplicationStatus, (i18n: I18n, pet: string) => string>> = {
  submitted: (i18n, pet) =>
    i18n._("We have received your application to adopt {pet}. Our adoption team reads every application and will be in touch within a few days.", { pet }),
  in_review: (i18n, pet) => i18n._("Our adoption team is now reviewing your application to adopt {pet}. We may call you or your vet.", { pet }),
  approved: (i18n, pet) =>
    i18n._(
      "Good news: your application to adopt {pet} is approved, and {pet} is on hold for you. Please call us at {phone} to arrange a time to meet and take {pet} home.",
      { pet, phone: shelter.phone },
    ),
  hold_ended: (i18n, pet) =>
    i18n._(
      "Your hold on {pet} has ended. Your application stays open: if you would still like to adopt {pet}, call us at {phone} and we will tell you where things stand.",
      { pet, phone: shelter.phone },
    ),
  declined: (i18n, pet) => i18n._("We are sorry: we cannot go on with your application to adopt {pet}.", { pet }),
  adopted: (i18n, pet) => i18n._("{pet} is now yours. Congratulations, and thank you for adopting from {name}!", { pet, name: shelter.name }),
  withdrawn: (i18n, pet) => i18n._("You withdrew your application to adopt {pet}. You are welcome to apply again at any time.", { pet }),
};

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
  /** For "approved": when the hold it starts ends. */
  heldUntil?: Date,
): Email {
  const label = i18n._(statusLabels[status]);
  const news = statusNews[status]?.(i18n, petName) ?? i18n._("Your application to adopt {petName} is now: {label}.", { petName, label });
  const reason = status === "declined" && declineReason ? `\n\n${i18n._("The reason:")}\n${declineReason}` : "";
  const hold = status === "approved" && heldUntil ? `\n\n${holdNotice(petName, heldUntil, i18n)}` : "";
  return {
    to,
    subject: i18n._("Your application to adopt {petName}: {status}", { petName, status: label.toLowerCase() }),
    text: `${greetingIn(i18n, firstName)}\n\n${news}${hold}${reason}\n\n${i18n._("Your applications and their history:")}\n\n${link}${signature}`,
  };
}

/** The shelter's notice of a new application, with every answer, so nothing waits unseen (in `shelter.inboxLanguage`). */
export function newApplicationNotice(applicant: { name: string; email: string }, petName: string, answers: ApplicationAnswers, link: string, i18n: I18n): Email {
  const lines = applicationQuestions.map((question) => `${i18n._(question.label)}: ${answers[question.name] ?? "-"}`).join("\n");
  const name = nameInEmail(applicant.name) ?? applicant.email;
  return {
    to: shelter.email,
    subject: i18n._("New adoption application for {petName} from {name}", { petName, name }),
    text: `${i18n._("{name} ({email}) applied to adopt {petName}.", { name, email: applicant.email, petName })}\n\n${lines}\n\n${i18n._("Open it in the inbox:")}\n\n${link}`,
  };
}

/** The shelter's notice of a message sent through the Get In Touch form (in `shelter.inboxLanguage`). */
export function newContactMessageNotice(message: { name: string; email: string; message: string }, link: string, i18n: I18n): Email {
  const name = nameInEmail(message.name) ?? message.email;
  return {
    to: shelter.email,
    subject: i18n._("New message from {name}", { name }),
    text: `${i18n._("{name} ({email}) wrote:", { name, email: message.email })}\n\n${message.message}\n\n${i18n._("Open it in the inbox:")}\n\n${link}`,
  };
}
