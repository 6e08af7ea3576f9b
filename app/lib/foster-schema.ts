import { z } from "zod";
import { landlordAnswers, otherPetCare, ownership } from "./application-questions";
import { choice, contactAndAddressFields, count, optionalText } from "./application-schema";
import { fosterCanTakeValues, fosterQuestions, transportAnswers } from "./foster";

const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date like 2027-01-31")
  .optional();

/** The foster application as it is sent: what the shelter needs to place an animal safely. */
export const fosterSchema = z
  .object({
    ...contactAndAddressFields,
    ownership: choice(ownership, "whether you own or rent"),
    landlordAllowsPets: choice(landlordAnswers, "an answer"),
    adults: count("how many adults", 1, 20),
    children: count("how many children", 0, 20),
    childrenAges: optionalText(),
    otherPets: optionalText(1000),
    otherPetsNeutered: choice(otherPetCare, "an answer"),
    otherPetsVaccinated: choice(otherPetCare, "an answer"),
    canTake: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.enum(fosterCanTakeValues)).max(fosterCanTakeValues.length).refine((list) => list.includes("dogs") || list.includes("cats"), "Tick dogs, cats or both"),
    ),
    dogPlaces: count("how many dogs", 0, 10),
    catPlaces: count("how many cats", 0, 20),
    awayFrom: date,
    awayUntil: date,
    transport: choice(transportAnswers, "an answer"),
    vetName: optionalText(),
    vetPhone: optionalText(30),
    notes: optionalText(2000),
    agree: z.literal("on", { error: "Confirm that your answers are true" }),
  })
  .refine((form) => form.ownership !== "I rent it" || form.landlordAllowsPets !== "Not applicable", {
    message: "Tell us whether your landlord allows foster pets",
    path: ["landlordAllowsPets"],
  })
  .refine((form) => form.children === 0 || (form.childrenAges ?? "").length > 0, { message: "Enter the children's ages", path: ["childrenAges"] })
  .refine((form) => !form.awayFrom || !form.awayUntil || form.awayFrom <= form.awayUntil, { message: "The day you are back comes after the day you leave", path: ["awayUntil"] });

/** A draft: whatever was typed so far, nothing required, each answer within its length. */
export const fosterDraftSchema = z.object({
  ...Object.fromEntries(fosterQuestions.map((question) => [question.name, z.string().trim().max(2000, "Keep it under 2,000 characters").optional()])),
  canTake: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.enum(fosterCanTakeValues)).max(fosterCanTakeValues.length)),
});
