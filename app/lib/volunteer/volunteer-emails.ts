import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import { greetingIn, nameInEmail, signature, type Email } from "../email/emails";
import { volunteerRoleTitle, type VolunteerStatus } from "./volunteer";

// In the language of the page the application was sent from (decision 057): the confirmation link
// leads to that language's page, and the application keeps it for staff's later emails.

/** Sent to the address a stranger typed: about the address itself, so it may go before it is proven (decision 041). */
export function confirmVolunteerMessage(
  to: string,
  name: string,
  role: string,
  confirmLink: string,
  i18n: I18n,
): Email {
  return {
    to,
    subject: i18n._("Confirm your volunteer application to {name}", { name: shelter.name }),
    text: `${greetingIn(i18n, name)}\n\n${i18n._("Someone (we hope you) applied to volunteer for {role} with this address. Confirm it here and your application reaches our team:", { role: i18n._(volunteerRoleTitle(role)) })}\n\n${confirmLink}\n\n${i18n._("The link works for 7 days. Until you confirm, nobody reads the application, and we delete it after those 7 days; if it was not you, ignore this message.")}${signature}`,
    aboutTheAddress: true,
  };
}

export function volunteerReceivedMessage(to: string, name: string, role: string, i18n: I18n): Email {
  return {
    to,
    subject: i18n._("We have your volunteer application"),
    text: `${greetingIn(i18n, name)}\n\n${i18n._("Thank you for offering your time for {role}. Our volunteer coordinator reads every application and gets in touch within {days} business days.", { role: i18n._(volunteerRoleTitle(role)), days: shelter.visits.replyBusinessDays })}${signature}`,
  };
}

const statusTexts: Partial<Record<VolunteerStatus, (role: string, i18n: I18n) => { subject: string; text: string }>> = {
  contacted: (role, i18n) => ({
    subject: i18n._("About your volunteer application"),
    text: i18n._(
      "Our volunteer coordinator has your application for {role} in hand and will be in touch by phone or email to arrange a first meeting.",
      { role },
    ),
  }),
  welcomed: (role, i18n) => ({
    subject: i18n._("Welcome to the {name} volunteers", { name: shelter.name }),
    // The next step, who takes it and when (issue 40): a welcome that leaves the new volunteer waiting says nothing.
    text: i18n._(
      "Welcome aboard! You are now one of our volunteers for {role}. What happens next: within {days} business days our volunteer coordinator calls or emails you to book your orientation, about an hour at the shelter to meet the team, learn our routines and choose your first shifts. If you do not hear from us by then, call us at {phone}.",
      { role, days: shelter.visits.replyBusinessDays, phone: shelter.phone },
    ),
  }),
  not_now: (role, i18n) => ({
    subject: i18n._("About your volunteer application"),
    text: i18n._(
      "Thank you for applying for {role}. We cannot take on new volunteers for this role just now. We would be glad to hear from you again, or to see you at one of our events.",
      { role },
    ),
  }),
};

/** The applicant's email when staff move the application (in the language it was sent in); null for a move that sends none. */
export function volunteerStatusMessage(
  to: string,
  name: string,
  role: string,
  status: VolunteerStatus,
  i18n: I18n,
): Email | null {
  const content = statusTexts[status]?.(i18n._(volunteerRoleTitle(role)), i18n);
  return content
    ? { to, subject: content.subject, text: `${greetingIn(i18n, name)}\n\n${content.text}${signature}` }
    : null;
}

/** The shelter's notice of a confirmed volunteer application (in `shelter.inboxLanguage`). */
export function newVolunteerNotice(
  application: { name: string; email: string; role: string },
  link: string,
  i18n: I18n,
): Email {
  const name = nameInEmail(application.name) ?? application.email;
  const role = i18n._(volunteerRoleTitle(application.role));
  return {
    to: shelter.email,
    subject: i18n._("New volunteer application: {role}", { role }),
    text: `${i18n._("{name} ({email}) applied to volunteer for {role} and confirmed the address.", { name, email: application.email, role })}\n\n${i18n._("Open it in the inbox:")}\n\n${link}`,
  };
}
