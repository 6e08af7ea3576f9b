/** Reads the donation panel's GET parameters: a preset amount, or "custom" with a custom amount. */
export type DonationChoice =
  | { kind: "none" }
  | { kind: "amount"; amount: number; preset: number | "custom" }
  | { kind: "invalid"; message: string };

export const maxDonation = 100_000;

export function readDonationChoice(params: URLSearchParams, presets: readonly number[]): DonationChoice {
  const amount = params.get("amount");
  if (!amount) return { kind: "none" };
  if (amount === "custom") {
    const custom = Number(params.get("custom"));
    if (!Number.isInteger(custom) || custom < 1 || custom > maxDonation) {
      return { kind: "invalid", message: `Enter a custom amount in whole dollars, from $1 to $${maxDonation.toLocaleString("en-US")}.` };
    }
    return { kind: "amount", amount: custom, preset: "custom" };
  }
  const preset = Number(amount);
  if (!presets.includes(preset)) return { kind: "invalid", message: "Choose one of the amounts, or Custom." };
  return { kind: "amount", amount: preset, preset };
}
