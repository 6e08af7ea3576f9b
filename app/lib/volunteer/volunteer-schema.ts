import { z } from "zod";
import { availabilitySlots, volunteerInterestValues, volunteerRoleValues } from "./volunteer";

const list = <T extends string>(values: readonly [T, ...T[]], max: number) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(values)).max(max),
  );

/** The volunteer application (`/volunteer/apply`); a stranger's form, checked here on the server and in the browser. */
export const volunteerSchema = z
  .object({
    role: z.enum(volunteerRoleValues, { error: /*i18n*/ "Choose the role you apply for" }),
    name: z
      .string({ error: /*i18n*/ "Enter your name" })
      .trim()
      .min(1, /*i18n*/ "Enter your name")
      .max(100, /*i18n*/ "Keep your name under 100 characters"),
    email: z
      .email({ error: /*i18n*/ "Enter a valid email address, like name@example.com" })
      .max(254, /*i18n*/ "That email address is too long"),
    phone: z
      .string({ error: /*i18n*/ "Enter a phone number we can call" })
      .trim()
      .min(7, /*i18n*/ "Enter a phone number we can call")
      .max(30, /*i18n*/ "Keep the phone number under 30 characters")
      .regex(/^[0-9 +()./-]+$/, /*i18n*/ "Use digits, spaces and + ( ) - only"),
    availability: list(availabilitySlots as unknown as [string, ...string[]], availabilitySlots.length).refine(
      (slots) => slots.length > 0,
      /*i18n*/ "Tick at least one time you could come",
    ),
    interests: list(volunteerInterestValues, volunteerInterestValues.length),
    experience: z.string().trim().max(2000, /*i18n*/ "Keep this under 2,000 characters").optional(),
    age: z.enum(["adult", "minor-with-consent"], { error: /*i18n*/ "Tell us your age group" }),
    guardianName: z.string().trim().max(100, /*i18n*/ "Keep the name under 100 characters").optional(),
    note: z.string().trim().max(2000, /*i18n*/ "Keep your note under 2,000 characters").optional(),
  })
  .refine((value) => value.age !== "minor-with-consent" || (value.guardianName ?? "") !== "", {
    path: ["guardianName"],
    message: /*i18n*/ "Enter the name of the parent or guardian who consents",
  });

export type VolunteerApplicationInput = z.output<typeof volunteerSchema>;
