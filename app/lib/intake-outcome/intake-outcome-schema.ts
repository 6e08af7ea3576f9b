import { z } from "zod";
import { intakeTypes, recordableOutcomeTypes } from "./categories";
import { isShelterDay } from "./shelter-day";

/**
 * The intake fields (on the create form and the pet's Intake section) and the "Record an outcome"
 * form. Messages are English and the ids of their catalogue entries (decision 057).
 */
export const intakeOutcomeMessages = {
  intakeType: /*i18n*/ "Choose how the pet came to us",
  outcomeType: /*i18n*/ "Choose how the pet left",
  date: /*i18n*/ "Give a date as year-month-day",
  future: /*i18n*/ "The date cannot be in the future",
  beforeIntake: /*i18n*/ "The outcome cannot be before the intake",
  tooLong: /*i18n*/ "At most 500 characters",
  destination: /*i18n*/ "Say which organisation the pet went to",
} as const;

const m = intakeOutcomeMessages;

const day = z.string({ error: m.date }).trim().refine(isShelterDay, m.date);
const text = z.string().trim().max(500, m.tooLong).default("");

export const intakeSchema = z.object({
  intakeType: z.enum(intakeTypes, { error: m.intakeType }),
  intakeOn: day,
  intakeSource: z.string().trim().max(200, m.tooLong).default(""),
  intakeNotes: text,
});
export type IntakeValues = z.infer<typeof intakeSchema>;

export const outcomeSchema = z
  .object({
    outcomeType: z.enum(recordableOutcomeTypes as [string, ...string[]], { error: m.outcomeType }),
    outcomeOn: day,
    outcomeDestination: z.string().trim().max(200, m.tooLong).default(""),
    outcomeNotes: text,
  })
  .refine((value) => value.outcomeType !== "transferred_out" || value.outcomeDestination !== "", {
    message: m.destination,
    path: ["outcomeDestination"],
  });
export type OutcomeValues = z.infer<typeof outcomeSchema>;

/** A date a staff member typed is refused when it is after today (shelter time). */
export function isAfter(day: string, today: string): boolean {
  return day > today;
}
