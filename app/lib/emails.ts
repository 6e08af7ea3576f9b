import { shelter } from "#app/config/shelter";

/** The texts of the e-mails the site sends; plain text, every link on a line of its own. */
export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Extra mail headers, such as List-Unsubscribe on newsletter e-mails (decision 033). */
  headers?: Record<string, string>;
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
