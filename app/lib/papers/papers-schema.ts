import { z } from "zod";
import { deskPaymentMethods } from "./paper-kinds";

// The adoption papers' forms (decision 070). Messages are catalogue ids (lib/i18n/form-messages.ts).

/** The adopter signs: the e-sign consent ticked and the full name typed. */
export const signSchema = z.object({
  consent: z.literal("on", { error: /*i18n*/ "Tick the box to agree to sign electronically" }),
  name: z
    .string({ error: /*i18n*/ "Type your full name to sign the contract" })
    .trim()
    .min(1, /*i18n*/ "Type your full name to sign the contract")
    .max(200, /*i18n*/ "Keep your name under 200 characters"),
});

/** The name typed is not the applicant's (set by the server after comparing). */
export const nameMismatch = /*i18n*/ "Type your full name as it is on your application";

/** Staff send the papers: the fee as computed, or waived with a reason. */
export const sendPapersSchema = z
  .object({
    waive: z.literal("on").optional(),
    reason: z.string().trim().max(500, /*i18n*/ "Keep the reason under 500 characters").optional(),
  })
  .superRefine((value, context) => {
    if (value.waive && (value.reason ?? "").length < 3)
      context.addIssue({
        code: "custom",
        path: ["reason"],
        message: /*i18n*/ "Say why the fee is waived",
      });
  });

/** Staff record the fee paid at the desk. */
export const deskPaymentSchema = z.object({
  method: z.enum(deskPaymentMethods, { error: /*i18n*/ "Choose how the fee was paid" }),
  receipt: z
    .string({ error: /*i18n*/ "Write the receipt number" })
    .trim()
    .min(1, /*i18n*/ "Write the receipt number")
    .max(60, /*i18n*/ "Keep the receipt number under 60 characters"),
});

/** The adopter's gift at checkout: none, a preset or another amount. */
export const paySchema = z.object({
  gift: z.enum(["none", "10", "25", "50", "other"]).optional(),
  giftOther: z.string().trim().max(10).optional(),
});
export const giftAmountInvalid = /*i18n*/ "Give a whole number of dollars, from 1 to 10,000";

/** A scan of a contract signed on paper: a PDF or a photo, up to 10 MB. */
export const scanTypes = ["application/pdf", "image/jpeg", "image/png", "image/webp", "image/heic"] as const;
export const maxScanBytes = 10 * 1024 * 1024;
export const scanMissing = /*i18n*/ "Choose the scan of the signed contract (a PDF or a photo, up to 10 MB)";
