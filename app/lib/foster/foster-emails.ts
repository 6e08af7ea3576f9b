import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import { greetingIn, nameInEmail, signature, type Email } from "../email/emails";
import type { FosterStatus } from "./foster";

/** Each status's email in the reader's language (the account's; the form's own in the page's, decision 057). */
const statusTexts: Partial<Record<FosterStatus, (i18n: I18n) => { subject: string; text: string }>> = {
  applied: (i18n) => ({
    subject: i18n._("We have your foster application"),
    text: i18n._(
      "Thank you for offering to foster. Our foster coordinator reads every application and gets in touch within {days} business days, usually to arrange a short home visit.",
      { days: shelter.visits.replyBusinessDays },
    ),
  }),
  approved: (i18n) => ({
    subject: i18n._("You are approved as a {name} foster", { name: shelter.name }),
    text: i18n._(
      "Welcome to our foster homes! We will call you when an animal that fits your home needs a place. You can follow your foster status on your applications page.",
    ),
  }),
  on_break: (i18n) => ({
    subject: i18n._("Your foster break"),
    text: i18n._(
      "We have marked you as on a break: we will not ask you to take an animal until you tell us you are ready again. Thank you for everything you do.",
    ),
  }),
  inactive: (i18n) => ({
    subject: i18n._("Your foster record"),
    text: i18n._(
      "We have marked your foster record as inactive. If you would like to foster again, reply to this email or call us.",
    ),
  }),
  declined: (i18n) => ({
    subject: i18n._("About your foster application"),
    text: i18n._(
      "Thank you for offering to foster. We cannot approve your application just now; our foster coordinator will tell you why if you call us, and you are welcome to apply again later.",
    ),
  }),
};

/** The applicant's email for a status (sent, or a staff decision); null for a status that sends none. */
export function fosterStatusMessage(
  to: string,
  firstName: string,
  status: FosterStatus,
  link: string,
  i18n: I18n,
): Email | null {
  const content = statusTexts[status]?.(i18n);
  return content
    ? { to, subject: content.subject, text: `${greetingIn(i18n, firstName)}\n\n${content.text}\n\n${link}${signature}` }
    : null;
}

/** The shelter's notice of a new foster application (in `shelter.inboxLanguage`). */
export function newFosterNotice(
  applicant: { name: string; email: string },
  petName: string | null,
  link: string,
  i18n: I18n,
): Email {
  const name = nameInEmail(applicant.name) ?? applicant.email;
  const applied = petName
    ? i18n._("{name} ({email}) applied to foster (asking about {petName}).", { name, email: applicant.email, petName })
    : i18n._("{name} ({email}) applied to foster.", { name, email: applicant.email });
  return {
    to: shelter.email,
    subject: i18n._("New foster application from {name}", { name }),
    text: `${applied}\n\n${i18n._("Open it in the inbox:")}\n\n${link}`,
  };
}

/**
 * A pet placed with the foster (issue 40): what it means, and "My foster pets" (`link`, in the
 * foster's language), where they send notes about it. In the account's language (decision 057).
 */
export function fosterPlacedMessage(to: string, firstName: string, petName: string, link: string, i18n: I18n): Email {
  return {
    to,
    subject: i18n._("{petName} is placed with you", { petName }),
    text: `${greetingIn(i18n, firstName)}\n\n${i18n._(
      "Thank you for taking {petName} into your home: our records now show {petName} with you, and your foster status is “Active (fostering)”. On “My foster pets” you can tell us and future adopters how {petName} is doing, with photos:",
      { petName },
    )}\n\n${link}${signature}`,
  };
}

/** The foster's placement of a pet has ended (issue 40). */
export function fosterPlacementEndedMessage(
  to: string,
  firstName: string,
  petName: string,
  link: string,
  i18n: I18n,
): Email {
  return {
    to,
    subject: i18n._("{petName}'s stay with you has ended", { petName }),
    text: `${greetingIn(i18n, firstName)}\n\n${i18n._(
      "Thank you for fostering {petName}. The placement has ended in our records, so you can no longer send notes about {petName}. Your notes and placements stay on “My foster pets”:",
      { petName },
    )}\n\n${link}${signature}`,
  };
}

/** Staff approved or rejected the foster's note about a pet (issue 40). */
export function fosterNoteDecidedMessage(
  to: string,
  firstName: string,
  petName: string,
  decision: "approved" | "rejected",
  link: string,
  i18n: I18n,
): Email {
  const content =
    decision === "approved"
      ? {
          subject: i18n._("Your note about {petName} is on the pet's page", { petName }),
          text: i18n._(
            "Thank you: we approved your note about {petName}, and it now shows on {petName}'s page for adopters to read.",
            { petName },
          ),
        }
      : {
          subject: i18n._("About your note on {petName}", { petName }),
          text: i18n._(
            "Thank you for your note about {petName}. We did not put it on the pet's page this time, and its photos have been deleted. If you would like to know why, reply to this email or call us.",
            { petName },
          ),
        };
  return {
    to,
    subject: content.subject,
    text: `${greetingIn(i18n, firstName)}\n\n${content.text}\n\n${link}${signature}`,
  };
}
