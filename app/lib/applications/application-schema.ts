import { z } from "zod";
import {
  applicationQuestions,
  housingKinds,
  landlordAnswers,
  otherPetCare,
  ownership,
  yardKinds,
} from "./application-questions";

/**
 * The application's zod schemas (server only, decision 005); its questions are in application-questions.ts.
 * Each message is written out whole: it is the English text and the id of its catalogue entry
 * (`/*i18n*\/`), shown in the page's language (lib/i18n/form-messages.ts, decision 057).
 */
const keepUnder = {
  30: /*i18n*/ "Keep it under 30 characters",
  60: /*i18n*/ "Keep it under 60 characters",
  100: /*i18n*/ "Keep it under 100 characters",
  200: /*i18n*/ "Keep it under 200 characters",
  1000: /*i18n*/ "Keep it under 1000 characters",
  2000: /*i18n*/ "Keep it under 2000 characters",
} as const;
type Length = keyof typeof keepUnder;

const numberFrom = {
  "0-10": /*i18n*/ "Enter a number from 0 to 10",
  "0-20": /*i18n*/ "Enter a number from 0 to 20",
  "0-24": /*i18n*/ "Enter a number from 0 to 24",
  "1-20": /*i18n*/ "Enter a number from 1 to 20",
} as const;
type Range = keyof typeof numberFrom;

/** A required answer: `enter` is the whole message ("Enter your city"). */
export const text = (enter: string, max: Length = 200) =>
  z.string({ error: enter }).trim().min(1, enter).max(max, keepUnder[max]);
export const optionalText = (max: Length = 200) => z.string().trim().max(max, keepUnder[max]).optional();
/** One of `options`: `choose` is the whole message ("Choose your kind of home"). */
export const choice = <T extends readonly [string, ...string[]]>(options: T, choose: string) =>
  z.enum(options, { error: choose });
/** A whole number within `range` ("0-20"): `enter` and `whole` are the messages for none and for a fraction. */
export const count = (enter: string, whole: string, range: Range) => {
  const [min, max] = range.split("-").map(Number) as [number, number];
  return z.coerce.number({ error: enter }).int(whole).min(min, numberFrom[range]).max(max, numberFrom[range]);
};

/** Who is asking and where they live: the same questions on the adoption and the foster application. */
export const contactAndAddressFields = {
  fullName: text(/*i18n*/ "Enter your full name", 100),
  phone: z
    .string({ error: /*i18n*/ "Enter a phone number" })
    .trim()
    .regex(/^[+()\d][\d\s().+-]{5,24}$/, /*i18n*/ "Enter a phone number, like (707) 555-0100"),
  street: text(/*i18n*/ "Enter your street address"),
  city: text(/*i18n*/ "Enter your city", 100),
  region: text(/*i18n*/ "Enter your state", 60),
  postalCode: z
    .string({ error: /*i18n*/ "Enter your ZIP code" })
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, /*i18n*/ "Enter your ZIP code, like 95501"),
};

/** The application as it is sent (the Submit button): every question the shelter needs, answered. */
export const applicationSchema = z
  .object({
    ...contactAndAddressFields,
    housing: choice(housingKinds, /*i18n*/ "Choose your kind of home"),
    ownership: choice(ownership, /*i18n*/ "Choose whether you own or rent"),
    landlordAllowsPets: choice(landlordAnswers, /*i18n*/ "Choose an answer"),
    yard: choice(yardKinds, /*i18n*/ "Choose your kind of yard"),
    adults: count(/*i18n*/ "Enter how many adults", /*i18n*/ "Enter how many adults as a whole number", "1-20"),
    children: count(/*i18n*/ "Enter how many children", /*i18n*/ "Enter how many children as a whole number", "0-20"),
    childrenAges: optionalText(),
    allergies: optionalText(),
    otherPets: optionalText(1000),
    otherPetsNeutered: choice(otherPetCare, /*i18n*/ "Choose an answer"),
    otherPetsVaccinated: choice(otherPetCare, /*i18n*/ "Choose an answer"),
    hoursAlone: count(/*i18n*/ "Enter the hours", /*i18n*/ "Enter the hours as a whole number", "0-24"),
    sleepsWhere: text(/*i18n*/ "Enter where the pet will sleep"),
    exercise: text(/*i18n*/ "Enter how the pet will get exercise", 2000),
    experience: text(/*i18n*/ "Enter your experience with pets", 2000),
    vetName: optionalText(),
    vetPhone: optionalText(30),
    reason: text(/*i18n*/ "Enter why you would like to adopt this pet", 2000),
    agree: z.literal("on", { error: /*i18n*/ "Confirm that your answers are true" }),
  })
  .refine((form) => form.ownership !== "I rent it" || form.landlordAllowsPets !== "Not applicable", {
    message: /*i18n*/ "Tell us whether your landlord allows pets",
    path: ["landlordAllowsPets"],
  })
  .refine((form) => form.children === 0 || (form.childrenAges ?? "").length > 0, {
    message: /*i18n*/ "Enter the children's ages",
    path: ["childrenAges"],
  });

/**
 * A draft (the Save draft button): whatever was typed so far, nothing required, each answer within
 * its length. Unknown fields are dropped.
 */
export const applicationDraftSchema = z.object(
  Object.fromEntries(
    applicationQuestions.map((question) => [
      question.name,
      z.string().trim().max(2000, /*i18n*/ "Keep it under 2,000 characters").optional(),
    ]),
  ),
);

/** Staff's decline form: the reason, which the adopter reads. */
export const declineSchema = z.object({
  reason: z
    .string({ error: "Write the reason the adopter will read" })
    .trim()
    .min(10, "Write the reason the adopter will read (at least 10 characters)")
    .max(1000, "Keep the reason under 1,000 characters"),
});

/** Staff's internal note on an inbox item. */
export const noteSchema = z.object({
  note: z
    .string({ error: "Write the note" })
    .trim()
    .min(1, "Write the note")
    .max(2000, "Keep the note under 2,000 characters"),
});
