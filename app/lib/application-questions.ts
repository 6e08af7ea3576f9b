import type { ApplicationStatus } from "#app/lib/application-statuses";
import { residentAgeLabel, type Answers } from "./questionnaire";

/**
 * The adoption application's questions (decision 032), chosen from what shelters ask on theirs
 * (ShelterManager's online forms, Shelterluv's and Petfinder's adoption application templates): who
 * and where the adopter is, their home and household, other pets, the pet's daily life, experience,
 * a vet reference and why this pet. One description serves the form, the staff view and the emails.
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

export const housingKinds = ["House", "Apartment", "Condo", "Mobile home", "Other"] as const;
export const ownership = ["I own it", "I rent it", "I live with family"] as const;
export const landlordAnswers = ["Yes, in writing", "Yes", "Not asked yet", "Not applicable"] as const;
export const yardKinds = ["No yard", "Yard without a fence", "Partly fenced yard", "Fully fenced yard"] as const;
export const otherPetCare = ["All of them", "Some of them", "None of them", "I have no other pets"] as const;

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

/** "your name, kind of home and children in the home": the questions a prefill answered, as the form labels them. */
export function prefilledQuestions(answers: ApplicationAnswers): string[] {
  return applicationQuestions.filter((question) => answers[question.name]).map((question) => question.label);
}

/** Statuses in which an application waits for staff; the adopter may withdraw it. */
export const openStatuses = ["submitted", "in_review", "hold_ended"] as const satisfies readonly ApplicationStatus[];

/** Statuses in the adopter's and staff's words. */
export const statusLabels = {
  draft: "Draft",
  submitted: "Submitted",
  in_review: "In review",
  approved: "Approved",
  hold_ended: "Hold ended",
  declined: "Declined",
  adopted: "Adopted",
  withdrawn: "Withdrawn",
  /** Another applicant adopted the pet (issue 24): closed in the same batch as the adoption. */
  no_longer_available: "Pet no longer available",
} as const;

