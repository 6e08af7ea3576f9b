import { z } from "zod";
import { landlordAnswers, otherPetCare, ownership } from "../applications/application-questions";
import { choice, contactAndAddressFields, count, optionalText } from "../applications/application-schema";
import { fosterCanTakeValues, fosterQuestions, transportAnswers } from "./foster";

const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ "Enter a date like 2027-01-31")
  .optional();

/** The foster application as it is sent: what the shelter needs to place an animal safely. */
export const fosterSchema = z
  .object({
    ...contactAndAddressFields,
    ownership: choice(ownership, /*i18n*/ "Choose whether you own or rent"),
    landlordAllowsPets: choice(landlordAnswers, /*i18n*/ "Choose an answer"),
    adults: count(/*i18n*/ "Enter how many adults", /*i18n*/ "Enter how many adults as a whole number", "1-20"),
    children: count(/*i18n*/ "Enter how many children", /*i18n*/ "Enter how many children as a whole number", "0-20"),
    childrenAges: optionalText(),
    otherPets: optionalText(1000),
    otherPetsNeutered: choice(otherPetCare, /*i18n*/ "Choose an answer"),
    otherPetsVaccinated: choice(otherPetCare, /*i18n*/ "Choose an answer"),
    canTake: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(z.enum(fosterCanTakeValues))
        .max(fosterCanTakeValues.length)
        .refine((list) => list.includes("dogs") || list.includes("cats"), /*i18n*/ "Tick dogs, cats or both"),
    ),
    dogPlaces: count(/*i18n*/ "Enter how many dogs", /*i18n*/ "Enter how many dogs as a whole number", "0-10"),
    catPlaces: count(/*i18n*/ "Enter how many cats", /*i18n*/ "Enter how many cats as a whole number", "0-20"),
    awayFrom: date,
    awayUntil: date,
    transport: choice(transportAnswers, /*i18n*/ "Choose an answer"),
    vetName: optionalText(),
    vetPhone: optionalText(30),
    notes: optionalText(2000),
    agree: z.literal("on", { error: /*i18n*/ "Confirm that your answers are true" }),
  })
  .refine((form) => form.ownership !== "I rent it" || form.landlordAllowsPets !== "Not applicable", {
    message: /*i18n*/ "Tell us whether your landlord allows foster pets",
    path: ["landlordAllowsPets"],
  })
  .refine((form) => form.children === 0 || (form.childrenAges ?? "").length > 0, {
    message: /*i18n*/ "Enter the children's ages",
    path: ["childrenAges"],
  })
  .refine((form) => !form.awayFrom || !form.awayUntil || form.awayFrom <= form.awayUntil, {
    message: /*i18n*/ "The day you are back comes after the day you leave",
    path: ["awayUntil"],
  });

/** A draft: whatever was typed so far, nothing required, each answer within its length. */
export const fosterDraftSchema = z.object({
  ...Object.fromEntries(
    fosterQuestions.map((question) => [
      question.name,
      z.string().trim().max(2000, /*i18n*/ "Keep it under 2,000 characters").optional(),
    ]),
  ),
  canTake: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(fosterCanTakeValues)).max(fosterCanTakeValues.length),
  ),
});
