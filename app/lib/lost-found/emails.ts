import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import { greetingIn, nameInEmail, signature, type Email } from "#app/lib/email/emails";
import type { MatchReasons } from "./matching";
import { colourLabels, isReportColour, kindLabels, speciesLabels, type ReportKind, type ReportSpecies } from "./report";

// The reporter's emails, in the language of the page the report was sent from (decision 066). No
// address of the other side is ever in them: a match is a link to a page.

/** The two one-click links every email to a reporter carries (the live one, each match, the reminder). */
export interface ReporterLinks {
  page: string;
  renew: string;
  close: string;
}

/** "both brown and white, 3 miles apart, 2 days apart"; a chip match says so first. */
export function matchReasonWords(
  reasons: Pick<MatchReasons, "certain" | "colours" | "miles" | "days">,
  i18n: I18n,
): string {
  const words: string[] = [];
  if (reasons.certain) words.push(i18n._("the same microchip number"));
  if (reasons.colours.length > 0) {
    const colours = reasons.colours.map((colour) => (isReportColour(colour) ? i18n._(colourLabels[colour]) : colour));
    const list = new Intl.ListFormat(i18n.locale, { style: "long", type: "conjunction" }).format(colours);
    words.push(i18n._("both {colours}", { colours: list }));
  }
  const miles =
    reasons.miles < 1
      ? i18n._("in the same place")
      : i18n._("{miles, plural, one {# mile apart} other {# miles apart}}", { miles: Math.round(reasons.miles) });
  words.push(miles);
  words.push(
    reasons.days === 0
      ? i18n._("the same day")
      : i18n._("{days, plural, one {# day apart} other {# days apart}}", { days: reasons.days }),
  );
  return words.join(", ");
}

function linksText(links: ReporterLinks, i18n: I18n): string {
  return `${i18n._("Your report:")}\n${links.page}\n\n${i18n._("Keep it open 30 days more:")}\n${links.renew}\n\n${i18n._("We are together again (the report closes):")}\n${links.close}`;
}

const petWords = (kind: ReportKind, species: string, i18n: I18n) =>
  `${i18n._(kindLabels[kind]).toLowerCase()} ${i18n._(speciesLabels[species as ReportSpecies] ?? species).toLowerCase()}`;

/** Sent to the address a stranger typed: about the address itself, so it may go before it is proven (decision 041). */
export function confirmReportMessage(to: string, name: string, confirmLink: string, i18n: I18n): Email {
  return {
    to,
    subject: i18n._("Confirm your lost and found report to {name}", { name: shelter.name }),
    text: `${greetingIn(i18n, name)}\n\n${i18n._("Someone (we hope you) reported a lost or found pet with this address. Confirm it here and the report goes on our lost and found board:")}\n\n${confirmLink}\n\n${i18n._("The link works for 7 days. Until you confirm, nobody sees the report, and we delete it after those 7 days; if it was not you, ignore this message.")}${signature}`,
    aboutTheAddress: true,
  };
}

/** After the confirmation: the report is on the board until `until`. */
export function reportLiveMessage(
  to: string,
  name: string,
  report: { kind: ReportKind; species: string },
  until: string,
  links: ReporterLinks,
  i18n: I18n,
): Email {
  return {
    to,
    subject: i18n._("Your report is on the lost and found board"),
    text: `${greetingIn(i18n, name)}\n\n${i18n._("Your report of a {pet} is on our lost and found board until {until}. We compare every new report, and the animals in our care, with it, and write to you when one may be your match. Your name, email and phone are never shown.", { pet: petWords(report.kind, report.species, i18n), until })}\n\n${linksText(links, i18n)}${signature}`,
  };
}

/** A likely match for the reporter: a link to the other report or the shelter's animal, never an address. */
export function matchMessage(
  to: string,
  name: string,
  match: { reasons: MatchReasons; link: string | null },
  links: ReporterLinks,
  i18n: I18n,
): Email {
  const where = match.link
    ? `${i18n._("See it here:")}\n${match.link}`
    : i18n._("It is an animal in our care: ask at the front desk, or call us at {phone}.", { phone: shelter.phone });
  return {
    to,
    subject: match.reasons.certain
      ? i18n._("A certain match for your lost and found report")
      : i18n._("A possible match for your lost and found report"),
    text: `${greetingIn(i18n, name)}\n\n${i18n._("We may have found a match for your report: {why}.", { why: matchReasonWords(match.reasons, i18n) })}\n\n${where}\n\n${linksText(links, i18n)}${signature}`,
  };
}

/** Three days before the end. */
export function reportReminderMessage(
  to: string,
  name: string,
  until: string,
  links: ReporterLinks,
  i18n: I18n,
): Email {
  return {
    to,
    subject: i18n._("Your lost and found report ends on {until}", { until }),
    text: `${greetingIn(i18n, name)}\n\n${i18n._("Your report leaves our lost and found board on {until}. Keep it open if you are still looking; if you are together again, tell us and it closes now.", { until })}\n\n${linksText(links, i18n)}${signature}`,
  };
}

/** The shelter's notice: a lost report may be an animal in its care (in `shelter.inboxLanguage`). */
export function staffMatchNotice(
  pet: { name: string; link: string },
  reportLink: string,
  reasons: MatchReasons,
  i18n: I18n,
): Email {
  return {
    to: shelter.email,
    subject: i18n._("A lost pet report may be {name}", { name: pet.name }),
    text: `${i18n._("A new lost pet report may be {name}, in our care: {why}.", { name: pet.name, why: matchReasonWords(reasons, i18n) })}\n\n${i18n._("The report:")}\n${reportLink}\n\n${i18n._("The animal:")}\n${pet.link}`,
  };
}

/** The end of a report as its emails say it, in the shelter's time zone: "December 28, 2026". */
export function reportEndIn(i18n: I18n, until: Date): string {
  return new Intl.DateTimeFormat(i18n.locale, { dateStyle: "long", timeZone: shelter.openingHours.timeZone }).format(
    until,
  );
}

/** Sent to the address a visitor typed under "Send a message": nothing is relayed until they confirm it. */
export function confirmMessageMessage(to: string, name: string, confirmLink: string, i18n: I18n): Email {
  return {
    to,
    subject: i18n._("Confirm your message about a lost or found pet"),
    text: `${greetingIn(i18n, name)}\n\n${i18n._("Someone (we hope you) wrote a message with this address to the author of a lost and found report. Confirm it here and we pass it on by email, without your address:")}\n\n${confirmLink}\n\n${i18n._("The link works for 7 days. Until you confirm, nothing is sent, and we delete the message after those 7 days; if it was not you, ignore this message.")}${signature}`,
    aboutTheAddress: true,
  };
}

/**
 * A message relayed through the site (issue 46): to the report's author from a visitor (`from` is the
 * visitor's name), or to the visitor from the author (`from` null: the author's name is never given).
 * The writer's address is in it only when they chose to give it (`sharedAddress`).
 */
export function relayedMessage(
  to: string,
  name: string | null,
  relay: {
    from: string | null;
    report: { kind: ReportKind; species: string };
    body: string;
    answerLink: string;
    sharedAddress: string | null;
  },
  i18n: I18n,
): Email {
  const pet = petWords(relay.report.kind, relay.report.species, i18n);
  const sender = relay.from !== null ? nameInEmail(relay.from) : null;
  const intro =
    relay.from === null
      ? i18n._("The author of the report of a {pet} answered you:", { pet })
      : sender
        ? i18n._("{name} wrote to you about your report of a {pet}:", { name: sender, pet })
        : i18n._("Someone wrote to you about your report of a {pet}:", { pet });
  const direct = relay.sharedAddress
    ? i18n._("They gave you their email address, to write to them directly: {address}", {
        address: relay.sharedAddress,
      })
    : i18n._("We pass messages on without either address, until one of you chooses to give it.");
  return {
    to,
    subject:
      relay.from !== null
        ? i18n._("A message about your lost and found report")
        : i18n._("An answer about a lost or found pet"),
    text: `${name ? greetingIn(i18n, name) : i18n._("Hello,")}\n\n${intro}\n\n${relay.body}\n\n${direct}\n\n${i18n._("Answer through our site:")}\n${relay.answerLink}${signature}`,
  };
}

/**
 * The shelter's notice: the owner of a lost report that matched animals in its care says they are
 * together again; staff confirm the return, recorded as the stay's "returned to owner" (issue 46).
 */
export function staffReturnNotice(
  animals: readonly string[],
  reportLink: string,
  confirmLink: string,
  i18n: I18n,
): Email {
  const names = new Intl.ListFormat(i18n.locale, { style: "long", type: "disjunction" }).format(animals);
  return {
    to: shelter.email,
    subject: i18n._("A lost pet is home: was it {names}?", { names }),
    text: `${i18n._("The owner of a lost pet report that matched {names}, in our care, says they are together again. If the pet went home from the shelter, confirm the return and it is recorded as the stay's outcome:", { names })}\n\n${confirmLink}\n\n${i18n._("The report:")}\n${reportLink}`,
  };
}
