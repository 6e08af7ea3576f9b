import type { I18n } from "@lingui/core";
import { greetingIn, signature, type Email } from "../email/emails";
import { formatMoney } from "../giving/money";
import { legalLines } from "../giving/gift-emails";
import type { FeePaymentMethod } from "./paper-kinds";

// The adoption papers' e-mails (decision 070), in the adopter's language. Plain `i18n._("…")` ids, as
// every e-mail module (no macros: scripts and the scheduled run load these in Node).

/** Staff sent the papers: where to sign (and pay), until the hold ends. */
export function papersSentMessage(
  to: string,
  firstName: string,
  petName: string,
  feeCents: number,
  currency: string,
  language: string,
  checkoutLink: string,
  i18n: I18n,
): Email {
  const what =
    feeCents > 0
      ? i18n._(
          "Your adoption papers for {petName} are ready: sign the contract and pay the fee of {fee} from your phone.",
          {
            petName,
            fee: formatMoney(feeCents, currency, language),
          },
        )
      : i18n._(
          "Your adoption papers for {petName} are ready: sign the contract from your phone. There is no fee to pay.",
          {
            petName,
          },
        );
  return {
    to,
    subject: i18n._("Your adoption papers for {petName}", { petName }),
    text: `${greetingIn(i18n, firstName)}\n\n${what}\n\n${checkoutLink}\n\n${i18n._("The papers stay open while {petName} is held for you.", { petName })}${signature}`,
  };
}

export function paymentMethodName(i18n: I18n, method: FeePaymentMethod): string {
  if (method === "cash") return i18n._("cash");
  if (method === "check") return i18n._("check");
  if (method === "card") return i18n._("card at the desk");
  return i18n._("online");
}

/**
 * The receipt of one payment: the adoption fee (not tax-deductible) and the optional gift
 * (tax-deductible, with the statement every gift receipt carries) on their own lines.
 */
export function feeReceiptMessage(
  to: string,
  name: string,
  petName: string,
  payment: {
    feeCents: number;
    giftCents: number;
    currency: string;
    paidAt: Date;
    method: FeePaymentMethod;
    receiptNumber: string | null;
  },
  language: string,
  i18n: I18n,
): Email {
  const money = (cents: number) => formatMoney(cents, payment.currency, language);
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "America/Los_Angeles" }).format(
    payment.paidAt,
  );
  const rows = [
    `${i18n._("Date")}: ${date}`,
    `${i18n._("Paid by")}: ${paymentMethodName(i18n, payment.method)}${payment.receiptNumber ? ` (${i18n._("receipt number")} ${payment.receiptNumber})` : ""}`,
    `${i18n._("Adoption fee of {petName}", { petName })}: ${money(payment.feeCents)} (${i18n._("not tax-deductible")})`,
    ...(payment.giftCents > 0
      ? [`${i18n._("Gift to the shelter")}: ${money(payment.giftCents)} (${i18n._("tax-deductible")})`]
      : []),
    `${i18n._("Total")}: ${money(payment.feeCents + payment.giftCents)}`,
  ];
  const gift = payment.giftCents > 0 ? `\n\n${legalLines(i18n)}` : "";
  return {
    to,
    subject: i18n._("Your payment for {petName}'s adoption: receipt", { petName }),
    text: `${greetingIn(i18n, name)}\n\n${i18n._("Thank you. Here is your receipt.")}\n\n${rows.join("\n")}${gift}${signature}`,
  };
}

/** What the go-home e-mail adds to the adoption e-mail: the contract, the receipt and the first-week guide. */
export function goHomeBlock(
  i18n: I18n,
  petName: string,
  contractLink: string | null,
  receipt: string | null,
  guide: readonly string[],
): string {
  const parts = [
    ...(contractLink ? [`${i18n._("Your signed adoption contract:")}\n${contractLink}`] : []),
    ...(receipt ? [`${i18n._("Adoption fee:")} ${receipt}`] : []),
    `${i18n._("The first week with {petName}:", { petName })}\n${guide.map((line) => `- ${line}`).join("\n")}`,
  ];
  return parts.join("\n\n");
}
