import { shelter } from "#app/config/shelter";
import type { ApplicationStatus } from "#app/lib/application-statuses";
import { applicationQuestions, statusLabels, type ApplicationAnswers } from "./application-questions";
import { greeting, holdNotice, nameInEmail, signature, type Email } from "./emails";

/** What each status means for the adopter, said in their email and on /applications. */
const statusNews: Partial<Record<ApplicationStatus, (pet: string) => string>> = {
  submitted: (pet) => `We have received your application to adopt ${pet}. Our adoption team reads every application and will be in touch within a few days.`,
  in_review: (pet) => `Our adoption team is now reviewing your application to adopt ${pet}. We may call you or your vet.`,
  approved: (pet) =>
    `Good news: your application to adopt ${pet} is approved, and ${pet} is on hold for you. Please call us at ${shelter.phone} to arrange a time to meet and take ${pet} home.`,
  hold_ended: (pet) =>
    `Your hold on ${pet} has ended. Your application stays open: if you would still like to adopt ${pet}, call us at ${shelter.phone} and we will tell you where things stand.`,
  declined: (pet) => `We are sorry: we cannot go on with your application to adopt ${pet}.`,
  adopted: (pet) => `${pet} is now yours. Congratulations, and thank you for adopting from ${shelter.name}!`,
  withdrawn: (pet) => `You withdrew your application to adopt ${pet}. You are welcome to apply again at any time.`,
};

/** The email the adopter gets for each status of their application (plain text). */
export function applicationStatusMessage(
  to: string,
  firstName: string,
  petName: string,
  status: ApplicationStatus,
  link: string,
  declineReason?: string | null,
  /** For "approved": when the hold it starts ends. */
  heldUntil?: Date,
): Email {
  const news = statusNews[status]?.(petName) ?? `Your application to adopt ${petName} is now: ${statusLabels[status]}.`;
  const reason = status === "declined" && declineReason ? `\n\nThe reason:\n${declineReason}` : "";
  const hold = status === "approved" && heldUntil ? `\n\n${holdNotice(petName, heldUntil)}` : "";
  return {
    to,
    subject: `Your application to adopt ${petName}: ${statusLabels[status].toLowerCase()}`,
    text: `${greeting(firstName)}\n\n${news}${hold}${reason}\n\nYour applications and their history:\n\n${link}${signature}`,
  };
}

/** The shelter's notice of a new application, with every answer, so nothing waits unseen. */
export function newApplicationNotice(applicant: { name: string; email: string }, petName: string, answers: ApplicationAnswers, link: string): Email {
  const lines = applicationQuestions.map((question) => `${question.label}: ${answers[question.name] ?? "-"}`).join("\n");
  const name = nameInEmail(applicant.name) ?? applicant.email;
  return {
    to: shelter.email,
    subject: `New adoption application for ${petName} from ${name}`,
    text: `${name} (${applicant.email}) applied to adopt ${petName}.\n\n${lines}\n\nOpen it in the inbox:\n\n${link}`,
  };
}

/** The shelter's notice of a message sent through the Get In Touch form. */
export function newContactMessageNotice(message: { name: string; email: string; message: string }, link: string): Email {
  const name = nameInEmail(message.name) ?? message.email;
  return {
    to: shelter.email,
    subject: `New message from ${name}`,
    text: `${name} (${message.email}) wrote:\n\n${message.message}\n\nOpen it in the inbox:\n\n${link}`,
  };
}
