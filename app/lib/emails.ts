import { shelter } from "#app/config/shelter";
import { formatHoldEnd } from "./business-hours";

/** The texts of the e-mails the site sends; plain text, every link on a line of its own. */
export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Extra mail headers, such as List-Unsubscribe on newsletter e-mails (decision 033). */
  headers?: Record<string, string>;
  /** Text attachments, such as a visit's calendar entry (.ics). */
  attachments?: { filename: string; contentType: string; content: string }[];
}

export const signature = `\n\n${shelter.name}\n${shelter.phone} · ${shelter.email}`;

export function confirmEmailMessage(to: string, firstName: string, link: string): Email {
  return {
    to,
    subject: `Confirm your e-mail for ${shelter.name}`,
    text: `Hello ${firstName},\n\nPlease confirm your e-mail address by opening this link:\n\n${link}\n\nThe link works once, for 24 hours. If you did not create an account, you can ignore this message.${signature}`,
  };
}

export function resetPasswordMessage(to: string, link: string): Email {
  return {
    to,
    subject: `Reset your ${shelter.name} password`,
    text: `Hello,\n\nSomeone (we hope you) asked to reset the password of your account. Choose a new password here:\n\n${link}\n\nThe link works once, for one hour. If you did not ask, ignore this message: your password stays as it is.${signature}`,
  };
}

export function invitationMessage(to: string, organisation: string, inviter: string, link: string): Email {
  return {
    to,
    subject: `${inviter} invited you to join ${organisation}`,
    text: `Hello,\n\n${inviter} invited you to join ${organisation} as staff on our web site. Open this link and sign in or create an account with this e-mail address (${to}):\n\n${link}\n\nThe invitation works for 7 days.${signature}`,
  };
}

/** A hold set by staff by hand (an approval says the same in its status e-mail): the pet, until when, the opening hours. */
export function holdStartedMessage(to: string, petName: string, heldUntil: Date, petLink: string): Email {
  return {
    to,
    subject: `${petName} is on hold for you`,
    text: `Hello,

${holdNotice(petName, heldUntil)}

${petLink}${signature}`,
  };
}

/** What a holder needs to know to come in: until when the pet is held, and when we are open. */
export function holdNotice(petName: string, heldUntil: Date): string {
  return `We hold ${petName} for you until ${formatHoldEnd(heldUntil, shelter.openingHours.timeZone)}. Please visit or call us (${shelter.phone}) before then: we are open ${shelter.hours}. After that ${petName} is back on our adoption list.`;
}

export function holdEndedMessage(to: string, petName: string, heldUntil: Date, petLink: string): Email {
  return {
    to,
    subject: `Your hold on ${petName} has ended`,
    text: `Hello,\n\nWe held ${petName} for you until ${formatHoldEnd(heldUntil, shelter.openingHours.timeZone)}. The hold has now ended and ${petName} is back on our adoption list:\n\n${petLink}\n\nIf you would still like to meet ${petName}, visit or call us (${shelter.hours}).${signature}`,
  };
}

export interface AlertMatch {
  name: string;
  fits: string[];
  cautions: string[];
  link: string;
}

/**
 * The daily new-pet alert: each new match with why it fits, what is good to know (every caution) and its link, and the one-click
 * unsubscribe link both in the text and in the List-Unsubscribe headers (RFC 8058).
 */
export function newMatchesMessage(to: string, firstName: string, matches: AlertMatch[], unsubscribeLink: string): Email {
  const lines = matches.map((match) =>
    [`${match.name}`, `  Why it fits: ${match.fits.join("; ")}`, ...(match.cautions.length ? [`  Good to know: ${match.cautions.join("; ")}`] : []), `  ${match.link}`].join("\n"),
  );
  return {
    to,
    subject: matches.length === 1 ? `A new pet matches you: ${matches[0]!.name}` : `${matches.length} new pets match you`,
    text: `Hello ${firstName},\n\n${matches.length === 1 ? "A pet new to our adoption list matches" : "Pets new to our adoption list match"} your answers:\n\n${lines.join("\n\n")}\n\nTo stop these e-mails, open this link (no sign-in needed):\n\n${unsubscribeLink}${signature}`,
    headers: { "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
