import { z } from "zod";
import { lostFoundPlaces } from "#app/config/lost-found-places";
import { reportColours, reportKinds, reportSexes, reportSizes, reportSpecies } from "./report";

const list = <T extends string>(values: readonly [T, ...T[]]) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(values)).max(values.length),
  );

const placeValues = lostFoundPlaces.map((place) => place.value) as [string, ...string[]];

/** Who writes (a report's author, a message's sender): the same name and address rules for both. */
const personName = z
  .string({ error: /*i18n*/ "Enter your name" })
  .trim()
  .min(1, /*i18n*/ "Enter your name")
  .max(100, /*i18n*/ "Keep your name under 100 characters");
const personEmail = z
  .email({ error: /*i18n*/ "Enter a valid email address, like name@example.com" })
  .max(254, /*i18n*/ "That email address is too long");

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

/**
 * A lost or found pet's report (`/lost-found/report?kind=lost`), a stranger's form: checked here on
 * the server and in the browser. The date is a calendar day, not in the future (a day of slack for
 * the time zones of reporter and server), at most a year back.
 */
export function lostFoundReportSchema(today: string) {
  return z
    .object({
      kind: z.enum(reportKinds, { error: /*i18n*/ "Say whether the pet is lost or found" }),
      species: z.enum(reportSpecies, { error: /*i18n*/ "Choose the kind of animal" }),
      sex: z.enum(reportSexes, { error: /*i18n*/ "Choose the sex, or “not known”" }),
      size: z.enum(reportSizes, { error: /*i18n*/ "Choose the size, or “not known”" }),
      colours: list(reportColours),
      otherColours: optionalText(100, /*i18n*/ "Keep the colours under 100 characters"),
      description: z
        .string({ error: /*i18n*/ "Describe the pet" })
        .trim()
        .min(10, /*i18n*/ "Describe the pet in a few words (at least 10 characters)")
        .max(2000, /*i18n*/ "Keep the description under 2,000 characters"),
      date: z
        .string({ error: /*i18n*/ "Enter the date" })
        .regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ "Enter the date")
        .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), /*i18n*/ "Enter the date")
        .refine((value) => value <= nextDay(today), /*i18n*/ "The date cannot be in the future")
        .refine((value) => value >= yearBefore(today), /*i18n*/ "The date can be at most a year ago"),
      place: z.enum(placeValues, { error: /*i18n*/ "Choose the town or area" }),
      crossStreets: optionalText(120, /*i18n*/ "Keep the cross streets under 120 characters"),
      microchip: z
        .string()
        .trim()
        .max(20, /*i18n*/ "A microchip number has at most 20 characters")
        .regex(/^[0-9A-Za-z -]*$/, /*i18n*/ "Use digits and letters only")
        .optional(),
      name: personName,
      email: personEmail,
      phone: z
        .string()
        .trim()
        .max(30, /*i18n*/ "Keep the phone number under 30 characters")
        .regex(/^[0-9 +()./-]*$/, /*i18n*/ "Use digits, spaces and + ( ) - only")
        .optional(),
    })
    .refine((value) => value.colours.length > 0 || (value.otherColours ?? "") !== "", {
      path: ["colours"],
      message: /*i18n*/ "Tick at least one colour, or type it",
    });
}

export type LostFoundReportInput = z.output<ReturnType<typeof lostFoundReportSchema>>;

function shiftDay(day: string, days: number, years = 0): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC((year ?? 1970) + years, (month ?? 1) - 1, (date ?? 1) + days)).toISOString().slice(0, 10);
}
const nextDay = (day: string) => shiftDay(day, 1);
const yearBefore = (day: string) => shiftDay(day, 0, -1);

/** Staff hiding a report: the reason is kept. */
export const hideReportSchema = z.object({
  intent: z.literal("hide"),
  reason: z
    .string({ error: /*i18n*/ "Say why the report is hidden" })
    .trim()
    .min(3, /*i18n*/ "Say why the report is hidden")
    .max(500, /*i18n*/ "Keep the reason under 500 characters"),
});

const messageText = z
  .string({ error: /*i18n*/ "Write your message" })
  .trim()
  .min(10, /*i18n*/ "Write a message of at least 10 characters")
  .max(2000, /*i18n*/ "Keep your message under 2,000 characters");

/** Ticked: the writer gives the other side their email address, in this message's email only. */
const shareAddress = z.literal("on").optional();

/**
 * "Send a message" on a report's page (issue 46): anyone's, so a stranger's form (honeypot, limit, and
 * nothing is relayed until the sender confirms their address).
 */
export const reportMessageSchema = z.object({
  intent: z.literal("message"),
  name: personName,
  email: personEmail,
  message: messageText,
  share: shareAddress,
});

/** An answer through the site, from the page the relayed email's link opens. */
export const replyMessageSchema = z.object({ message: messageText, share: shareAddress });
