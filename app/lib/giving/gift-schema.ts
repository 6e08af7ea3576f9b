import { z } from "zod";
import { donationPresets } from "#app/config/donation-presets";
import { shelter } from "#app/config/shelter";

/**
 * The gift form (/donate, decision 065): a preset amount or a custom one in whole dollars, one-time or
 * monthly, the donor, an optional dedication and the fund. Checked on the server (and the same schema
 * in the browser); the amount the provider charges is the one worked out here, and what is recorded is
 * what the provider's session says it charged.
 */
export const giftAmountChoices = ["custom", ...donationPresets.map(String)] as [string, ...string[]];
export const giftFrequencies = ["one_time", "monthly"] as const;
/** "pet_fee": a sponsor's gift towards one pet's adoption fee (its `pet`), one-time, up to what is left of the fee. */
export const giftFundChoices = ["general", "medical", "pet_fee"] as const;
export const giftDedicationChoices = ["", "honor", "memory"] as const;

/** The custom amount's message, naming the limits as written (gift-schema.test.ts checks they agree). */
export const customGiftMessage = /*i18n*/ "Enter a whole number of dollars, from $1 to $25,000.";

const optionalText = (max: number, message: string) =>
  z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.string().max(max, message).optional());

export const giftSchema = z
  .object({
    amount: z.enum(giftAmountChoices, { error: /*i18n*/ "Choose an amount" }),
    custom: optionalText(20, customGiftMessage),
    frequency: z.enum(giftFrequencies, { error: /*i18n*/ "Choose one-time or monthly" }),
    name: z
      .string({ error: /*i18n*/ "Enter your name" })
      .trim()
      .min(1, /*i18n*/ "Enter your name")
      .max(100, /*i18n*/ "Keep your name under 100 characters"),
    email: z
      .email({ error: /*i18n*/ "Enter a valid email address, like name@example.com" })
      .max(254, /*i18n*/ "That email address is too long"),
    dedication: z.enum(giftDedicationChoices).optional(),
    dedicationName: optionalText(100, /*i18n*/ "Keep the name under 100 characters"),
    dedicationEmail: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.email({ error: /*i18n*/ "Enter a valid email address, like name@example.com" }).max(254).optional(),
    ),
    fund: z.enum(giftFundChoices, { error: /*i18n*/ "Choose where your gift goes" }),
    pet: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .string()
        .regex(/^[1-9]\d{0,8}$/, /*i18n*/ "Choose where your gift goes")
        .transform(Number)
        .optional(),
    ),
  })
  .superRefine((value, context) => {
    if (value.amount === "custom" && giftDollars(value.amount, value.custom) === null) {
      context.addIssue({ code: "custom", path: ["custom"], message: customGiftMessage });
    }
    if (value.fund === "pet_fee" && value.pet === undefined) {
      context.addIssue({ code: "custom", path: ["fund"], message: /*i18n*/ "Choose where your gift goes" });
    }
    if (value.fund === "pet_fee" && value.frequency !== "one_time") {
      context.addIssue({
        code: "custom",
        path: ["frequency"],
        message: /*i18n*/ "A pet's adoption fee is sponsored once: choose one-time",
      });
    }
    if (value.dedication && !value.dedicationName) {
      context.addIssue({
        code: "custom",
        path: ["dedicationName"],
        message: /*i18n*/ "Enter the name of the person the gift honors",
      });
    }
  });

export type GiftInput = z.output<typeof giftSchema>;

/** The gift in whole dollars: a preset, or a custom amount of digits only from 1 to the maximum; null otherwise. */
export function giftDollars(amount: string, custom: string | undefined): number | null {
  if (amount !== "custom") {
    const preset = Number(amount);
    return (donationPresets as readonly number[]).includes(preset) ? preset : null;
  }
  const text = (custom ?? "").trim();
  if (!/^\d{1,6}$/.test(text)) return null;
  const dollars = Number(text);
  return dollars >= 1 && dollars <= shelter.giving.maxDollars ? dollars : null;
}

/** What the form's address may carry (the home panel's choice, or the choices kept after a cancel). */
export function giftChoicesOf(params: URLSearchParams) {
  const amount = params.get("amount") ?? "";
  const custom = params.get("custom") ?? "";
  const pick = <T extends string>(value: string | null, options: readonly T[]): T | undefined =>
    (options as readonly string[]).includes(value ?? "") ? (value as T) : undefined;
  const fund = pick(params.get("fund"), giftFundChoices) ?? "general";
  // A pet's fee only with the pet it is for (a pet's page links to `?fund=pet_fee&pet=ID`).
  const pet = fund === "pet_fee" && /^[1-9]\d{0,8}$/.test(params.get("pet") ?? "") ? params.get("pet")! : "";
  return {
    amount: pick(amount, giftAmountChoices) ?? "",
    custom: /^\d{1,6}$/.test(custom) ? custom : "",
    frequency: pet ? "one_time" : (pick(params.get("frequency"), giftFrequencies) ?? "one_time"),
    fund: fund === "pet_fee" && !pet ? "general" : fund,
    dedication: pick(params.get("dedication"), giftDedicationChoices) ?? "",
    pet,
  };
}

/** What the visitor reads when the payment provider cannot be reached (decision 065). */
export const providerDownMessage =
  /*i18n*/ "We could not reach our payment provider. Nothing was charged; please try again in a few minutes.";

export { formatMoney } from "./money";
