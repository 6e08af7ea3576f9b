import { shelter } from "#app/config/shelter";
import { greeting, nameInEmail, signature, type Email } from "./emails";
import type { FosterStatus } from "./foster";

const statusTexts: Partial<Record<FosterStatus, { subject: string; text: string }>> = {
  applied: {
    subject: "We have your foster application",
    text: `Thank you for offering to foster. Our foster coordinator reads every application and gets in touch within ${shelter.visits.replyBusinessDays} business days, usually to arrange a short home visit.`,
  },
  approved: {
    subject: `You are approved as a ${shelter.name} foster`,
    text: "Welcome to our foster homes! We will call you when an animal that fits your home needs a place. You can follow your foster status on your applications page.",
  },
  on_break: {
    subject: "Your foster break",
    text: "We have marked you as on a break: we will not ask you to take an animal until you tell us you are ready again. Thank you for everything you do.",
  },
  inactive: {
    subject: "Your foster record",
    text: "We have marked your foster record as inactive. If you would like to foster again, reply to this email or call us.",
  },
  declined: {
    subject: "About your foster application",
    text: "Thank you for offering to foster. We cannot approve your application just now; our foster coordinator will tell you why if you call us, and you are welcome to apply again later.",
  },
};

/** The applicant's email for a status (sent, or a staff decision); null for a status that sends none. */
export function fosterStatusMessage(to: string, firstName: string, status: FosterStatus, link: string): Email | null {
  const content = statusTexts[status];
  return content ? { to, subject: content.subject, text: `${greeting(firstName)}\n\n${content.text}\n\n${link}${signature}` } : null;
}

export function newFosterNotice(applicant: { name: string; email: string }, petName: string | null, link: string): Email {
  const name = nameInEmail(applicant.name) ?? applicant.email;
  return {
    to: shelter.email,
    subject: `New foster application from ${name}`,
    text: `${name} (${applicant.email}) applied to foster${petName ? ` (asking about ${petName})` : ""}.\n\nOpen it in the inbox:\n\n${link}`,
  };
}
