import { z } from "zod";
import { residentAgeLabel, type Answers } from "./questionnaire";

/**
 * The adoption application's questions (decision 032), chosen from what shelters ask on theirs
 * (ShelterManager's online forms, Shelterluv's and Petfinder's adoption application templates): who
 * and where the adopter is, their home and household, other pets, the pet's daily life, experience,
 * a vet reference and why this pet. One description serves the form, the staff view and the e-mails.
 */
export interface ApplicationQuestion {
  name: string;
  label: string;
  kind: "text" | "tel" | "number" | "textarea" | "select";
  options?: readonly string[];
  autoComplete?: string;
  optional?: boolean;
}

export interface ApplicationSection {
  id: string;
  legend: string;
  questions: ApplicationQuestion[];
}

const housingKinds = ["House", "Apartment", "Condo", "Mobile home", "Other"] as const;
const ownership = ["I own it", "I rent it", "I live with family"] as const;
const landlordAnswers = ["Yes, in writing", "Yes", "Not asked yet", "Not applicable"] as const;
const yardKinds = ["No yard", "Yard without a fence", "Partly fenced yard", "Fully fenced yard"] as const;
const otherPetCare = ["All of them", "Some of them", "None of them", "I have no other pets"] as const;

export const applicationSections: ApplicationSection[] = [
  {
    id: "contact",
    legend: "Contact details",
    questions: [
      { name: "fullName", label: "Full name", kind: "text", autoComplete: "name" },
      { name: "phone", label: "Phone", kind: "tel", autoComplete: "tel" },
    ],
  },
  {
    id: "address",
    legend: "Address",
    questions: [
      { name: "street", label: "Street address", kind: "text", autoComplete: "street-address" },
      { name: "city", label: "City", kind: "text", autoComplete: "address-level2" },
      { name: "region", label: "State", kind: "text", autoComplete: "address-level1" },
      { name: "postalCode", label: "ZIP code", kind: "text", autoComplete: "postal-code" },
    ],
  },
  {
    id: "home",
    legend: "Your home",
    questions: [
      { name: "housing", label: "Kind of home", kind: "select", options: housingKinds },
      { name: "ownership", label: "Do you own or rent it?", kind: "select", options: ownership },
      { name: "landlordAllowsPets", label: "If you rent: does your landlord allow pets?", kind: "select", options: landlordAnswers },
      { name: "yard", label: "Yard and fencing", kind: "select", options: yardKinds },
    ],
  },
  {
    id: "household",
    legend: "Who lives with you",
    questions: [
      { name: "adults", label: "Adults in the home (you included)", kind: "number" },
      { name: "children", label: "Children in the home", kind: "number" },
      { name: "childrenAges", label: "Children's ages", kind: "text", optional: true },
      { name: "allergies", label: "Allergies to animals in the home", kind: "text", optional: true },
    ],
  },
  {
    id: "pets",
    legend: "Other pets",
    questions: [
      { name: "otherPets", label: "Pets you have now (species, age)", kind: "textarea", optional: true },
      { name: "otherPetsNeutered", label: "Are they spayed or neutered?", kind: "select", options: otherPetCare },
      { name: "otherPetsVaccinated", label: "Are their vaccinations up to date?", kind: "select", options: otherPetCare },
    ],
  },
  {
    id: "daily-life",
    legend: "The pet's daily life",
    questions: [
      { name: "hoursAlone", label: "Hours a day the pet would be alone", kind: "number" },
      { name: "sleepsWhere", label: "Where will the pet sleep?", kind: "text" },
      { name: "exercise", label: "How will the pet get exercise and play?", kind: "textarea" },
    ],
  },
  {
    id: "experience",
    legend: "Experience and vet",
    questions: [
      { name: "experience", label: "Your experience with pets", kind: "textarea" },
      { name: "vetName", label: "Your vet's name or clinic (if you have one)", kind: "text", optional: true },
      { name: "vetPhone", label: "Your vet's phone", kind: "tel", optional: true },
    ],
  },
  {
    id: "why",
    legend: "Why this pet",
    questions: [{ name: "reason", label: "Why would you like to adopt this pet?", kind: "textarea" }],
  },
];

export const applicationQuestions = applicationSections.flatMap((section) => section.questions);

const text = (what: string, max = 200) =>
  z.string({ error: `Enter ${what}` }).trim().min(1, `Enter ${what}`).max(max, `Keep it under ${max} characters`);
const optionalText = (max = 200) => z.string().trim().max(max, `Keep it under ${max} characters`).optional();
const choice = <T extends readonly [string, ...string[]]>(options: T, what: string) => z.enum(options, { error: `Choose ${what}` });
const count = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Enter ${what}` })
    .int(`Enter ${what} as a whole number`)
    .min(min, `Enter a number from ${min} to ${max}`)
    .max(max, `Enter a number from ${min} to ${max}`);

/** The application as it is sent (the Submit button): every question the shelter needs, answered. */
export const applicationSchema = z
  .object({
    fullName: text("your full name", 100),
    phone: z
      .string({ error: "Enter a phone number" })
      .trim()
      .regex(/^[+()\d][\d\s().+-]{5,24}$/, "Enter a phone number, like (707) 555-0100"),
    street: text("your street address"),
    city: text("your city", 100),
    region: text("your state", 60),
    postalCode: z.string({ error: "Enter your ZIP code" }).trim().regex(/^[A-Za-z0-9 -]{3,10}$/, "Enter your ZIP code, like 95501"),
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

export type ApplicationAnswers = Record<string, string>;

/** The answers as stored: every question's answer as text, as the form shows it again. */
export function storedAnswers(values: Record<string, unknown>): ApplicationAnswers {
  const answers: ApplicationAnswers = {};
  for (const question of applicationQuestions) {
    const value = values[question.name];
    if (value !== undefined && value !== null && value !== "") answers[question.name] = String(value);
  }
  return answers;
}

const housingFromQuestionnaire: Record<string, (typeof housingKinds)[number]> = { Apartment: "Apartment", House: "House", Condo: "Condo" };

/**
 * What the application can start from: the account's name and what the adopter told the matching
 * questionnaire (home, children, allergies, other pets). The adopter can change any of it.
 */
export function prefillAnswers(profile: { firstName: string; lastName: string }, questionnaire: Partial<Answers>): ApplicationAnswers {
  const answers: ApplicationAnswers = { fullName: `${profile.firstName} ${profile.lastName}`.trim() };
  if (questionnaire.a1) answers.housing = housingFromQuestionnaire[questionnaire.a1] ?? "Other";
  if (questionnaire.a2) {
    answers.children = String(questionnaire.a2.children);
    if (questionnaire.a2.youngestAge) answers.childrenAges = `Youngest: ${questionnaire.a2.youngestAge}`;
  }
  if (questionnaire.a3) answers.allergies = questionnaire.a3.length > 0 ? questionnaire.a3.join(", ") : "None";
  if (questionnaire.a4) {
    answers.otherPets = questionnaire.a4
      .map((pet) => `${pet.type}, ${residentAgeLabel(pet.age)}, ${pet.isNeutered ? "spayed/neutered" : "not spayed/neutered"}`)
      .join("\n");
    if (questionnaire.a4.length === 0) {
      answers.otherPetsNeutered = "I have no other pets";
      answers.otherPetsVaccinated = "I have no other pets";
    } else if (questionnaire.a4.every((pet) => pet.isNeutered)) answers.otherPetsNeutered = "All of them";
  }
  return answers;
}

/** Statuses in the adopter's and staff's words. */
export const statusLabels = {
  draft: "Draft",
  submitted: "Submitted",
  in_review: "In review",
  approved: "Approved",
  declined: "Declined",
  adopted: "Adopted",
  withdrawn: "Withdrawn",
} as const;

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
