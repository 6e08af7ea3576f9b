import { z } from "zod";
import { isCalendarDay } from "./calendar";
import { isTestChipNumber, isValidChipNumber, normalizeChipNumber } from "./microchip";
import { fixedStatuses } from "./public-facts";
import { vaccineKeys } from "./vaccinations";

/** The Care panel's forms (issue 45), one schema each; the action checks them on the server. */

const day = (message: string) => z.string({ error: message }).trim().refine(isCalendarDay, message);
const optionalDay = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isCalendarDay(value), message);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, /*i18n*/ "Keep it shorter")
    .optional()
    .transform((value) => value || null);

export const vaccinationSchema = z
  .object({
    disease: z.enum(vaccineKeys, { error: /*i18n*/ "Choose the vaccine" }),
    otherName: optionalText(60),
    givenOn: day(/*i18n*/ "Enter the date it was given"),
    product: optionalText(80),
    lot: optionalText(40),
    nextDueOn: optionalDay(/*i18n*/ "Enter a real date, or leave it empty"),
  })
  .superRefine((value, context) => {
    if (value.disease === "other" && !value.otherName)
      context.addIssue({ code: "custom", path: ["otherName"], message: /*i18n*/ "Name the vaccine" });
    if (value.nextDueOn && value.nextDueOn <= value.givenOn)
      context.addIssue({
        code: "custom",
        path: ["nextDueOn"],
        message: /*i18n*/ "The next due date comes after the date given",
      });
  });

export const fixedSchema = z.object({
  fixed: z.enum(fixedStatuses, { error: /*i18n*/ "Choose yes, no or unknown" }),
  fixedOn: optionalDay(/*i18n*/ "Enter a real date, or leave it empty"),
  fixedDueOn: optionalDay(/*i18n*/ "Enter a real date, or leave it empty"),
});

export const chipSchema = z.object({
  chipNumber: z
    .string({ error: /*i18n*/ "Enter the chip number: 15 digits, or 9 or 10 characters on an older chip" })
    .transform(normalizeChipNumber)
    .refine(isValidChipNumber, /*i18n*/ "Enter the chip number: 15 digits, or 9 or 10 characters on an older chip")
    .refine(
      (chip) => !isTestChipNumber(chip),
      /*i18n*/ "A number starting with 999 is a test chip, never one implanted in a pet: scan the pet again and enter the number its chip shows",
    ),
  chipImplantedOn: optionalDay(/*i18n*/ "Enter a real date, or leave it empty"),
});

export const weightSchema = z.object({
  weighedOn: day(/*i18n*/ "Enter the date it was weighed"),
  weightLbs: z.coerce
    .number({ error: /*i18n*/ "Enter the weight in pounds" })
    .positive(/*i18n*/ "Enter the weight in pounds")
    .max(400, /*i18n*/ "Enter the weight in pounds"),
});

export const careNoteSchema = z.object({
  kind: z.enum(["medication", "note"], { error: /*i18n*/ "Choose medication or note" }),
  text: z
    .string({ error: /*i18n*/ "Write the medication or note" })
    .trim()
    .min(1, /*i18n*/ "Write the medication or note")
    .max(1000, /*i18n*/ "Keep it shorter"),
});

export const careSchemas = {
  vaccination: vaccinationSchema,
  fixed: fixedSchema,
  chip: chipSchema,
  weight: weightSchema,
  note: careNoteSchema,
} as const;
export type CareIntent = keyof typeof careSchemas;
export const careIntents = Object.keys(careSchemas) as CareIntent[];
