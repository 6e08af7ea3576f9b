import type { I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import { greetingIn, nameInEmail, signature, type Email } from "../email/emails";
import { formatMoney } from "./money";

// Gift receipts (decision 065), in the donor's language (the page they gave from). A receipt goes to the
// address the donor gave the payment provider with the payment itself: a stranger cannot send one
// without paying, so it is a mail about that address's own payment (`aboutTheAddress`, decision 041).

export interface ReceiptGift {
  kind: "one_time" | "monthly";
  fund: "general" | "medical" | "pet_fee";
  donorName: string;
  donorEmail: string;
  dedication: "honor" | "memory" | null;
  dedicationName: string | null;
  petName?: string | null;
}

export function fundName(i18n: I18n, fund: ReceiptGift["fund"], petName?: string | null): string {
  if (fund === "medical") return i18n._("Medical fund");
  if (fund === "pet_fee")
    return petName ? i18n._("Adoption fee of {petName}", { petName }) : i18n._("A pet's adoption fee");
  return i18n._("General fund");
}

function dedicationLine(i18n: I18n, gift: ReceiptGift): string | null {
  const name = gift.dedicationName ? nameInEmail(gift.dedicationName) : null;
  if (!gift.dedication || !name) return null;
  return gift.dedication === "memory"
    ? i18n._("In memory of {name}", { name })
    : i18n._("In honor of {name}", { name });
}

const dateIn = (language: string, date: Date) =>
  new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: shelter.openingHours.timeZone }).format(date);

/** The lines every receipt states: who received it, the tax number, and that nothing was given in return. */
export function legalLines(i18n: I18n): string {
  return [
    i18n._("{legalName} is a tax-exempt non-profit organization. EIN: {ein}.", {
      legalName: shelter.giving.legalName,
      ein: shelter.giving.ein,
    }),
    i18n._("No goods or services were given in return for this gift."),
  ].join("\n");
}

/** The receipt of one payment: the first, or a month of a monthly gift (`manageLink` for a monthly one). */
export function giftReceiptMessage(
  gift: ReceiptGift,
  payment: { amountCents: number; currency: string; paidAt: Date },
  language: string,
  i18n: I18n,
  manageLink: string | null,
): Email {
  const amount = formatMoney(payment.amountCents, payment.currency, language);
  const rows = [
    `${i18n._("Amount")}: ${amount}${gift.kind === "monthly" ? ` (${i18n._("monthly gift")})` : ""}`,
    `${i18n._("Date")}: ${dateIn(language, payment.paidAt)}`,
    `${i18n._("Fund")}: ${fundName(i18n, gift.fund, gift.petName)}`,
    dedicationLine(i18n, gift),
  ].filter(Boolean);
  const manage = manageLink
    ? `\n\n${i18n._("Manage your monthly gift (see it or stop it, no account needed):")}\n\n${manageLink}`
    : "";
  return {
    to: gift.donorEmail,
    subject: i18n._("Your gift to {name}: receipt", { name: shelter.name }),
    text: `${greetingIn(i18n, gift.donorName)}\n\n${i18n._("Thank you for your gift. Please keep this receipt for your tax records.")}\n\n${rows.join("\n")}\n\n${legalLines(i18n)}${manage}${signature}`,
    aboutTheAddress: true,
  };
}

/** A refunded payment, told to the donor. */
export function giftRefundMessage(
  gift: ReceiptGift,
  payment: { amountCents: number; currency: string },
  language: string,
  i18n: I18n,
): Email {
  const amount = formatMoney(payment.amountCents, payment.currency, language);
  return {
    to: gift.donorEmail,
    subject: i18n._("Your gift to {name} was refunded", { name: shelter.name }),
    text: `${greetingIn(i18n, gift.donorName)}\n\n${i18n._("We have refunded your gift of {amount}. It returns to your card within 5 to 10 days; this refund cancels the receipt we sent for it.", { amount })}${signature}`,
    aboutTheAddress: true,
  };
}

/** The end of a monthly gift, told to the donor. */
export function giftEndedMessage(gift: ReceiptGift, language: string, i18n: I18n): Email {
  return {
    to: gift.donorEmail,
    subject: i18n._("Your monthly gift to {name} has stopped", { name: shelter.name }),
    text: `${greetingIn(i18n, gift.donorName)}\n\n${i18n._("Your monthly gift has stopped: nothing more will be charged. Thank you for every month you gave.")}${signature}`,
    aboutTheAddress: true,
  };
}

/** January's summary of a monthly donor's gifts of the year before. */
export function giftYearSummaryMessage(
  gift: ReceiptGift,
  year: number,
  payments: { amountCents: number; currency: string; paidAt: Date }[],
  language: string,
  i18n: I18n,
): Email {
  const total = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  const currency = payments[0]?.currency ?? shelter.giving.currency;
  const lines = payments.map(
    (payment) => `${dateIn(language, payment.paidAt)}: ${formatMoney(payment.amountCents, payment.currency, language)}`,
  );
  return {
    to: gift.donorEmail,
    subject: i18n._("Your gifts to {name} in {year}", { name: shelter.name, year: String(year) }),
    text: `${greetingIn(i18n, gift.donorName)}\n\n${i18n._("Here are your monthly gifts of {year}, for your tax records.", { year: String(year) })}\n\n${lines.join("\n")}\n${i18n._("Total")}: ${formatMoney(total, currency, language)}\n\n${legalLines(i18n)}${signature}`,
    aboutTheAddress: true,
  };
}
