import type { I18n } from "@lingui/core";
import { aahaChipLookupUrl } from "#app/config/microchips";
import { shelter } from "#app/config/shelter";
import { greetingIn, localeOfI18n, signature, type Email } from "#app/lib/email/emails";
import { calendarDateIn } from "#app/lib/i18n/staff-dates";
import type { CareAnswer } from "./answers";
import type { FollowUp } from "./follow-ups";
import { chipManufacturerOf } from "./microchip";

export interface FollowUpPet {
  name: string;
  chipNumber: string | null;
  /** The vaccine a reminder is about, by its name. */
  vaccine?: string;
}

/**
 * A follow-up e-mail in the adopter's language (issue 45): a check-in or a reminder. Replies go to the
 * shelter's own address, where a person reads them (Reply-To); the stop link ends every follow-up for
 * the address with one click (a page with one button, and the mail program's one-click POST).
 */
export function followUpMessage(
  to: string,
  followUp: FollowUp,
  pet: FollowUpPet,
  stopLink: string,
  i18n: I18n,
  /** The one-tap answers' signed links, in the order they show (lib/care/answers.ts). */
  answerLinks: readonly { answer: CareAnswer; url: string }[] = [],
): Email {
  const petName = pet.name;
  const day = (value: string | null) => (value ? calendarDateIn(localeOfI18n(i18n), value) : "");
  let subject: string;
  let body: string;
  switch (followUp.kind) {
    case "check-in-3d": {
      subject = i18n._("How is {petName} settling in?", { petName });
      body = i18n._(
        "It has been three days since {petName} went home with you. How is it going? The first weeks are when a little help goes furthest.",
        { petName },
      );
      if (pet.chipNumber) {
        const maker = chipManufacturerOf(pet.chipNumber);
        body += `\n\n${i18n._("Did you register {petName}'s microchip ({chip}) to yourself? If not, it takes a few minutes here:", { petName, chip: pet.chipNumber })}\n\n${maker?.registrationUrl ?? aahaChipLookupUrl}`;
      }
      break;
    }
    case "check-in-3w":
      subject = i18n._("Three weeks with {petName}", { petName });
      body = i18n._("{petName} has been home with you for three weeks. How are the two of you doing?", { petName });
      break;
    case "check-in-3m":
      subject = i18n._("Three months with {petName}", { petName });
      body = i18n._(
        "Three months ago {petName} went home with you. We would love to hear how {petName} is doing, and a photo if you like.",
        { petName },
      );
      break;
    case "vaccine-due-day": {
      const vaccine = pet.vaccine ?? "";
      subject = i18n._("Still to do? {petName}'s {vaccine} vaccination was due on {date}", {
        petName,
        vaccine,
        date: day(followUp.dueOn),
      });
      body = i18n._(
        '{petName}\'s {vaccine} vaccination was due on {date}. If your vet has given it, tap "Done" below and we will not remind you again.',
        { petName, vaccine, date: day(followUp.dueOn) },
      );
      break;
    }
    case "fixed-due-day":
      subject = i18n._("Still to do? {petName}'s spay or neuter was due by {date}", {
        petName,
        date: day(followUp.dueOn),
      });
      body = i18n._(
        '{petName} was to be spayed or neutered by {date}. If it is done, tap "Done" below and we will not remind you again; if you need help finding a vet, call us.',
        { petName, date: day(followUp.dueOn) },
      );
      break;
    case "vaccine-due": {
      const vaccine = pet.vaccine ?? "";
      subject = i18n._("{petName}'s {vaccine} vaccination is due on {date}", {
        petName,
        vaccine,
        date: day(followUp.dueOn),
      });
      body = i18n._(
        "A reminder: {petName}'s {vaccine} vaccination is due on {date}. Your vet can give it; bring the care record we sent you when {petName} went home.",
        { petName, vaccine, date: day(followUp.dueOn) },
      );
      break;
    }
    case "fixed-due":
      subject = i18n._("{petName}'s spay or neuter is due by {date}", { petName, date: day(followUp.dueOn) });
      body = i18n._(
        "A reminder: {petName} is to be spayed or neutered by {date}, as agreed at the adoption. Call us if you would like help finding a vet.",
        { petName, date: day(followUp.dueOn) },
      );
      break;
  }
  const reply = i18n._(
    "Reply to this e-mail with anything at all: a person at the shelter reads every reply and answers within one business day. Or call us at {phone}.",
    { phone: shelter.phone },
  );
  const answerLabels: Record<CareAnswer, string> = {
    registered: i18n._("Yes, I registered {petName}'s microchip:", { petName }),
    well: i18n._("All is well (add a line about how it is going, if you like):"),
    help: i18n._("We could use some help:"),
    return: i18n._("We are thinking of bringing {petName} back:", { petName }),
    done: i18n._("Done:"),
  };
  const answers = answerLinks.length
    ? `\n\n${i18n._("One tap to answer:")}\n\n${answerLinks.map(({ answer, url }) => `${answerLabels[answer]}\n${url}`).join("\n\n")}`
    : "";
  const stop = i18n._("Stop these e-mails after adoption:");
  return {
    to,
    subject,
    text: `${greetingIn(i18n, "")}\n\n${body}${answers}\n\n${reply}\n\n${stop}\n\n${stopLink}${signature}`,
    headers: {
      "Reply-To": shelter.email,
      "List-Unsubscribe": `<${stopLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
