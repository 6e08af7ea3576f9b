/**
 * Reads the donation panel's GET parameters: a preset amount, or "custom" with a custom amount. The
 * messages are catalogue ids (`/*i18n*\/`), shown in the page's language by FormAlert.
 */
export type DonationChoice =
  | { kind: "none" }
  | { kind: "amount"; amount: number; preset: number | "custom" }
  | { kind: "invalid"; message: string };

export const maxDonation = 100_000;

/** The custom amount's message, naming `maxDonation` as written (donation.test.ts checks they agree). */
export const customAmountMessage = /*i18n*/ "Enter a custom amount in whole dollars, from $1 to $100,000.";

export function readDonationChoice(params: URLSearchParams, presets: readonly number[]): DonationChoice {
  const amount = params.get("amount");
  if (!amount) return { kind: "none" };
  if (amount === "custom") {
    const custom = Number(params.get("custom"));
    if (!Number.isInteger(custom) || custom < 1 || custom > maxDonation) {
      return { kind: "invalid", message: customAmountMessage };
    }
    return { kind: "amount", amount: custom, preset: "custom" };
  }
  const preset = Number(amount);
  if (!presets.includes(preset)) return { kind: "invalid", message: /*i18n*/ "Choose one of the amounts, or Custom." };
  return { kind: "amount", amount: preset, preset };
}
