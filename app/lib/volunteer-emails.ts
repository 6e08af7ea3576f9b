import { shelter } from "#app/config/shelter";
import { greeting, nameInEmail, signature, type Email } from "./emails";
import { volunteerRoleTitle, type VolunteerStatus } from "./volunteer";

/** Sent to the address a stranger typed: about the address itself, so it may go before it is proven (decision 041). */
export function confirmVolunteerMessage(to: string, name: string, role: string, confirmLink: string): Email {
  return {
    to,
    subject: `Confirm your volunteer application to ${shelter.name}`,
    text: `${greeting(name)}\n\nSomeone (we hope you) applied to volunteer for ${volunteerRoleTitle(role)} with this address. Confirm it here and your application reaches our team:\n\n${confirmLink}\n\nThe link works for 7 days. Until you confirm, nobody reads the application, and we delete it after those 7 days; if it was not you, ignore this message.${signature}`,
    aboutTheAddress: true,
  };
}

export function volunteerReceivedMessage(to: string, name: string, role: string): Email {
  return {
    to,
    subject: `We have your volunteer application`,
    text: `${greeting(name)}\n\nThank you for offering your time for ${volunteerRoleTitle(role)}. Our volunteer coordinator reads every application and gets in touch within ${shelter.visits.replyBusinessDays} business days.${signature}`,
  };
}

const statusTexts: Partial<Record<VolunteerStatus, (role: string) => { subject: string; text: string }>> = {
  contacted: (role) => ({
    subject: "About your volunteer application",
    text: `Our volunteer coordinator has your application for ${volunteerRoleTitle(role)} in hand and will be in touch by phone or email to arrange a first meeting.`,
  }),
  welcomed: (role) => ({
    subject: `Welcome to the ${shelter.name} volunteers`,
    text: `Welcome aboard! You are now one of our volunteers for ${volunteerRoleTitle(role)}. We look forward to seeing you.`,
  }),
  not_now: (role) => ({
    subject: "About your volunteer application",
    text: `Thank you for applying for ${volunteerRoleTitle(role)}. We cannot take on new volunteers for this role just now. We would be glad to hear from you again, or to see you at one of our events.`,
  }),
};

/** The applicant's email when staff move the application; null for a move that sends none. */
export function volunteerStatusMessage(to: string, name: string, role: string, status: VolunteerStatus): Email | null {
  const content = statusTexts[status]?.(role);
  return content ? { to, subject: content.subject, text: `${greeting(name)}\n\n${content.text}${signature}` } : null;
}

export function newVolunteerNotice(application: { name: string; email: string; role: string }, link: string): Email {
  const name = nameInEmail(application.name) ?? application.email;
  return {
    to: shelter.email,
    subject: `New volunteer application: ${volunteerRoleTitle(application.role)}`,
    text: `${name} (${application.email}) applied to volunteer for ${volunteerRoleTitle(application.role)} and confirmed the address.\n\nOpen it in the inbox:\n\n${link}`,
  };
}
