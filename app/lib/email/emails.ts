import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import { shelterText } from "#app/config/shelter-es";
import { formatHoldEnd } from "../visits/business-hours";
import { defaultLocale, isLocale, type Locale } from "../i18n/locale";

/** The texts of the emails the site sends; plain text, every link on a line of its own. */
export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Extra mail headers, such as List-Unsubscribe on newsletter emails (decision 033). */
  headers?: Record<string, string>;
  /**
   * The mail is about the address itself (confirming it, recovering its account, a staff invitation to
   * it): it may go to an address nobody has proven yet. Every other mail goes only to a proven address,
   * checked where every mail is sent (app/services/mail.server.ts, decision 041). Never queued: a failed
   * send is asked for again.
   */
  aboutTheAddress?: true;
  /** Text attachments, such as a visit's calendar entry (.ics). */
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** Control characters (CR, LF, tab, NUL, DEL, C1) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** A value for a mail header (subject, name, address): control characters become one space, so nothing typed can start a header. */
export function headerValue(value: string): string {
  return value.replace(controlCharacters, " ").replace(/ {2,}/g, " ").trim();
}

/** Something a mail program would make a link of: a scheme, "www.", an address, a domain (also with full-width dots). */
const linkLike = /:\/\/|\bwww[.。．｡]|@|[\p{L}\p{N}-][.。．｡](?:\p{L}{2,}|xn--)/iu;

/**
 * A typed name as it may appear in an email: plain text on one line, at most 60 characters; null when
 * it is empty or looks like a link (the email then leaves it out rather than show it).
 */
export function nameInEmail(name: string): string | null {
  const plain = headerValue(name.normalize("NFKC")).slice(0, 60).trim();
  return plain && !linkLike.test(plain) ? plain : null;
}

/** "Hello Ann," or, for a name that cannot be shown, "Hello,". */
export function greeting(name: string): string {
  const shown = nameInEmail(name);
  return shown ? `Hello ${shown},` : "Hello,";
}

export const signature = `\n\n${shelter.name}\n${shelter.phone} · ${shelter.email}`;

// Emails in the reader's language (decision 057). Their texts are the English and the catalogue ids
// (`i18n._("…")` is what `npm run i18n:extract` collects); no macros here, since scripts and the
// scheduled run's tests load this module in Node.

/**
 * The catalogues an email is written with, one Lingui instance per language: `i18nFor` of
 * app/locales/catalogs.server.ts. Passed in, not imported, where emails are written outside a request
 * (the scheduled run): wrangler bundles server/ and what it imports from source, and cannot compile the
 * .po catalogues that Vite compiles into the Remix build, so the Worker's entry hands the build's own
 * over (server/index.ts, decision 057).
 */
export type EmailLanguages = (locale: Locale) => I18n;

const registered = Symbol.for("shelter.emailLanguages");

/**
 * Called once as the Remix build loads (app/services/notify.server.ts) with the build's `i18nFor`, for
 * the Worker's entry to hand to the scheduled run (`registeredEmailLanguages`). A global, since the
 * build and the entry each hold their own copy of this module.
 */
export function registerEmailLanguages(languages: EmailLanguages) {
  (globalThis as { [registered]?: EmailLanguages })[registered] = languages;
}

/** The catalogues the Remix build registered; an error if it has not loaded. */
export function registeredEmailLanguages(): EmailLanguages {
  const languages = (globalThis as { [registered]?: EmailLanguages })[registered];
  if (!languages) throw new Error("The Remix build has not registered its email catalogues (registerEmailLanguages)");
  return languages;
}

/** The language saved on an account (users.language), English when unset or unknown: `accountLocale` without the catalogues. */
export function savedLocale(saved: string | null | undefined): Locale {
  return isLocale(saved) ? saved : defaultLocale;
}

/** The language an email is being written in: its Lingui instance's. */
export function localeOfI18n(i18n: I18n): Locale {
  return isLocale(i18n.locale) ? i18n.locale : "en";
}

/**
 * The shelter's opening hours in the reader's language, inside a sentence: "Tuesday to Sunday, 11 am
 * to 5 pm", "de martes a domingo, de 11 a. m. a 5 p. m." (Spanish does not capitalise after a colon).
 */
export function hoursIn(i18n: I18n): string {
  const locale = localeOfI18n(i18n);
  const hours = shelterText(shelter.hours, locale);
  return locale === "es" ? hours.charAt(0).toLowerCase() + hours.slice(1) : hours;
}

/** `greeting` in the reader's language: "Hola, Ana:" in Spanish. */
export function greetingIn(i18n: I18n, name: string): string {
  const shown = nameInEmail(name);
  return shown ? i18n._("Hello {shown},", { shown }) : i18n._("Hello,");
}

/** In the language of the page it was asked from, which is the account's. */
export function confirmEmailMessage(to: string, firstName: string, link: string, i18n: I18n): Email {
  return {
    to,
    subject: i18n._("Confirm your email for {name}", { name: shelter.name }),
    text: `${greetingIn(i18n, firstName)}\n\n${i18n._("Please confirm your email address by opening this link:")}\n\n${link}\n\n${i18n._("The link works once, for 24 hours. If you did not create an account, you can ignore this message.")}${signature}`,
    aboutTheAddress: true,
  };
}

/** In the account's saved language. */
export function resetPasswordMessage(to: string, link: string, i18n: I18n): Email {
  return {
    to,
    subject: i18n._("Reset your {name} password", { name: shelter.name }),
    text: `${greetingIn(i18n, "")}\n\n${i18n._("Someone (we hope you) asked to reset the password of your account. Choose a new password here:")}\n\n${link}\n\n${i18n._("The link works once, for one hour. If you did not ask, ignore this message: your password stays as it is.")}${signature}`,
    aboutTheAddress: true,
  };
}

/**
 * To the owner of an address someone tried to register again (registration answers as for a new
 * address, decision 041): a sign-in link and a reset link, as forgot-password would send.
 */
export function registrationAttemptMessage(to: string, signInLink: string, resetLink: string, i18n: I18n): Email {
  const name = shelter.name;
  return {
    to,
    subject: i18n._("Someone tried to register your email at {name}", { name }),
    text: `${greetingIn(i18n, "")}\n\n${i18n._("Someone (perhaps you) tried to create a new {name} account with this email address. It already has an account, so nothing was created or changed.", { name })}\n\n${i18n._("To sign in:")}\n\n${signInLink}\n\n${i18n._("If you forgot your password, choose a new one here (the link works once, for one hour):")}\n\n${resetLink}\n\n${i18n._("If it was not you, ignore this message: your account stays as it is.")}${signature}`,
    aboutTheAddress: true,
  };
}

export function invitationMessage(to: string, organisation: string, inviterName: string, link: string): Email {
  const inviter = nameInEmail(inviterName) ?? "A staff member";
  return {
    to,
    subject: `${inviter} invited you to join ${organisation}`,
    // Staff chose the address, and only its proven owner can accept (decision 025).
    aboutTheAddress: true,
    text: `Hello,\n\n${inviter} invited you to join ${organisation} as staff on our web site. Open this link and sign in or create an account with this email address (${to}):\n\n${link}\n\nThe invitation works for 7 days.${signature}`,
  };
}

/** A hold set by staff by hand: the pet, until when, the opening hours (an approval's email leads to its visit's booking page instead, issue 40). */
export function holdStartedMessage(to: string, petName: string, heldUntil: Date, petLink: string, i18n: I18n): Email {
  return {
    to,
    subject: i18n._("{petName} is on hold for you", { petName }),
    text: `${greetingIn(i18n, "")}

${holdNotice(petName, heldUntil, i18n)}

${petLink}${signature}`,
  };
}

/** What a holder needs to know to come in: until when the pet is held, and when we are open. */
export function holdNotice(petName: string, heldUntil: Date, i18n: I18n): string {
  const until = formatHoldEnd(heldUntil, shelter.openingHours.timeZone, localeOfI18n(i18n));
  return i18n._(
    "We hold {petName} for you until {until}. Please visit or call us ({phone}) before then: we are open {hours}. After that {petName} is back on our adoption list.",
    { petName, until, phone: shelter.phone, hours: hoursIn(i18n) },
  );
}

export function holdEndedMessage(to: string, petName: string, heldUntil: Date, petLink: string, i18n: I18n): Email {
  const until = formatHoldEnd(heldUntil, shelter.openingHours.timeZone, localeOfI18n(i18n));
  return {
    to,
    subject: i18n._("Your hold on {petName} has ended", { petName }),
    text: `${greetingIn(i18n, "")}\n\n${i18n._("We held {petName} for you until {until}. The hold has now ended and {petName} is back on our adoption list:", { petName, until })}\n\n${petLink}\n\n${i18n._("If you would still like to meet {petName}, visit or call us ({hours}).", { petName, hours: hoursIn(i18n) })}${signature}`,
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
export function newMatchesMessage(
  to: string,
  firstName: string,
  matches: AlertMatch[],
  unsubscribeLink: string,
  i18n: I18n,
): Email {
  const lines = matches.map((match) =>
    [
      `${match.name}`,
      `  ${i18n._("Why it fits: {reasons}", { reasons: match.fits.join("; ") })}`,
      ...(match.cautions.length
        ? [`  ${i18n._("Good to know: {cautions}", { cautions: match.cautions.join("; ") })}`]
        : []),
      `  ${match.link}`,
    ].join("\n"),
  );
  const count = matches.length;
  return {
    to,
    subject:
      count === 1
        ? i18n._("A new pet matches you: {name}", { name: matches[0]!.name })
        : i18n._("{count} new pets match you", { count }),
    text: `${greetingIn(i18n, firstName)}\n\n${count === 1 ? i18n._("A pet new to our adoption list matches your answers:") : i18n._("Pets new to our adoption list match your answers:")}\n\n${lines.join("\n\n")}\n\n${i18n._("To stop these emails, open this link (no sign-in needed):")}\n\n${unsubscribeLink}${signature}`,
    headers: { "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
