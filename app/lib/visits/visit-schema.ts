import { z } from "zod";

/** Booking or moving a visit: the chosen slot's start (ms since 1970, UTC); the action checks it is a free slot. */
export const visitSchema = z.object({
  slot: z
    .string({ error: /*i18n*/ "Choose a time for your visit" })
    .regex(/^\d{12,14}$/, /*i18n*/ "Choose a time for your visit"),
});

/** The staff's visit settings. */
export const visitSettingsSchema = z.object({
  capacity: z.coerce
    .number({ error: /*i18n*/ "Enter how many visits can happen at once" })
    .int(/*i18n*/ "Enter a whole number")
    .min(1, /*i18n*/ "At least 1 visit at once")
    .max(20, /*i18n*/ "At most 20 visits at once"),
});
