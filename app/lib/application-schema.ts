import { z } from "zod";
import { applicationQuestions, housingKinds, landlordAnswers, otherPetCare, ownership, yardKinds } from "./application-questions";

/** The application's zod schemas (server only, decision 005); its questions are in application-questions.ts. */
export const text = (what: string, max = 200) =>
  z.string({ error: `Enter ${what}` }).trim().min(1, `Enter ${what}`).max(max, `Keep it under ${max} characters`);
export const optionalText = (max = 200) => z.string().trim().max(max, `Keep it under ${max} characters`).optional();
export const choice = <T extends readonly [string, ...string[]]>(options: T, what: string) => z.enum(options, { error: `Choose ${what}` });
export const count = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Enter ${what}` })
    .int(`Enter ${what} as a whole number`)
    .min(min, `Enter a number from ${min} to ${max}`)
    .max(max, `Enter a number from ${min} to ${max}`);

/** Who is asking and where they live: the same questions on the adoption and the foster application. */
export const contactAndAddressFields = {
  fullName: text("your full name", 100),
  phone: z
    .string({ error: "Enter a phone number" })
    .trim()
    .regex(/^[+()\d][\d\s().+-]{5,24}$/, "Enter a phone number, like (707) 555-0100"),
  street: text("your street address"),
  city: text("your city", 100),
  region: text("your state", 60),
  postalCode: z.string({ error: "Enter your ZIP code" }).trim().regex(/^[A-Za-z0-9 -]{3,10}$/, "Enter your ZIP code, like 95501"),
};

/** The application as it is sent (the Submit button): every question the shelter needs, answered. */
export const applicationSchema = z
  .object({
    ...contactAndAddressFields,
    housing: choice(housingKinds, "your kind of home"),
    ownership: choice(ownership, "whether you own or rent"),
    landlordAllowsPets: choice(landlordAnswers, "an answer"),
    yard: choice(yardKinds, "your kind of yard"),
    adults: count("how many adults", 1, 20),
    children: count("how many children", 0, 20),
    childrenAges: optionalText(),
    allergies: optionalText(),
    otherPets: optionalText(1000),
    otherPetsNeutered: choice(otherPetCare, "an answer"),
    otherPetsVaccinated: choice(otherPetCare, "an answer"),
    hoursAlone: count("the hours", 0, 24),
    sleepsWhere: text("where the pet will sleep"),
    exercise: text("how the pet will get exercise", 2000),
    experience: text("your experience with pets", 2000),
    vetName: optionalText(),
    vetPhone: optionalText(30),
    reason: text("why you would like to adopt this pet", 2000),
    agree: z.literal("on", { error: "Confirm that your answers are true" }),
  })
  .refine((form) => form.ownership !== "I rent it" || form.landlordAllowsPets !== "Not applicable", {
    message: "Tell us whether your landlord allows pets",
    path: ["landlordAllowsPets"],
  })
  .refine((form) => form.children === 0 || (form.childrenAges ?? "").length > 0, {
    message: "Enter the children's ages",
    path: ["childrenAges"],
  });

/**
 * A draft (the Save draft button): whatever was typed so far, nothing required, each answer within
 * its length. Unknown fields are dropped.
 */
export const applicationDraftSchema = z.object(
  Object.fromEntries(applicationQuestions.map((question) => [question.name, z.string().trim().max(2000, "Keep it under 2,000 characters").optional()])),
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
  note: z.string({ error: "Write the note" }).trim().min(1, "Write the note").max(2000, "Keep the note under 2,000 characters"),
});
