import type { ApplicationStatus } from "#app/lib/applications/application-statuses";
import { residentAgeLabel, type Answers } from "../match/questionnaire";

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

export const housingKinds = [
  /*i18n*/ "House",
  /*i18n*/ "Apartment",
  /*i18n*/ "Condo",
  /*i18n*/ "Mobile home",
  /*i18n*/ "Other",
] as const;
export const ownership = [/*i18n*/ "I own it", /*i18n*/ "I rent it", /*i18n*/ "I live with family"] as const;
export const landlordAnswers = [
  /*i18n*/ "Yes, in writing",
  /*i18n*/ "Yes",
  /*i18n*/ "Not asked yet",
  /*i18n*/ "Not applicable",
] as const;
export const yardKinds = [
  /*i18n*/ "No yard",
  /*i18n*/ "Yard without a fence",
  /*i18n*/ "Partly fenced yard",
  /*i18n*/ "Fully fenced yard",
] as const;
export const otherPetCare = [
  /*i18n*/ "All of them",
  /*i18n*/ "Some of them",
  /*i18n*/ "None of them",
  /*i18n*/ "I have no other pets",
] as const;

export const applicationSections: ApplicationSection[] = [
  {
    id: "contact",
    legend: /*i18n*/ "Contact details",
    questions: [
      { name: "fullName", label: /*i18n*/ "Full name", kind: "text", autoComplete: "name" },
      { name: "phone", label: /*i18n*/ "Phone", kind: "tel", autoComplete: "tel" },
    ],
  },
  {
    id: "address",
    legend: /*i18n*/ "Address",
    questions: [
      { name: "street", label: /*i18n*/ "Street address", kind: "text", autoComplete: "street-address" },
      { name: "city", label: /*i18n*/ "City", kind: "text", autoComplete: "address-level2" },
      { name: "region", label: /*i18n*/ "State", kind: "text", autoComplete: "address-level1" },
      { name: "postalCode", label: /*i18n*/ "ZIP code", kind: "text", autoComplete: "postal-code" },
    ],
  },
  {
    id: "home",
    legend: /*i18n*/ "Your home",
    questions: [
      { name: "housing", label: /*i18n*/ "Kind of home", kind: "select", options: housingKinds },
      { name: "ownership", label: /*i18n*/ "Do you own or rent it?", kind: "select", options: ownership },
      {
        name: "landlordAllowsPets",
        label: /*i18n*/ "If you rent: does your landlord allow pets?",
        kind: "select",
        options: landlordAnswers,
      },
      { name: "yard", label: /*i18n*/ "Yard and fencing", kind: "select", options: yardKinds },
    ],
  },
  {
    id: "household",
    legend: /*i18n*/ "Who lives with you",
    questions: [
      { name: "adults", label: /*i18n*/ "Adults in the home (you included)", kind: "number" },
      { name: "children", label: /*i18n*/ "Children in the home", kind: "number" },
      { name: "childrenAges", label: /*i18n*/ "Children's ages", kind: "text", optional: true },
      { name: "allergies", label: /*i18n*/ "Allergies to animals in the home", kind: "text", optional: true },
    ],
  },
  {
    id: "pets",
    legend: /*i18n*/ "Other pets",
    questions: [
      { name: "otherPets", label: /*i18n*/ "Pets you have now (species, age)", kind: "textarea", optional: true },
      {
        name: "otherPetsNeutered",
        label: /*i18n*/ "Are they spayed or neutered?",
        kind: "select",
        options: otherPetCare,
      },
      {
        name: "otherPetsVaccinated",
        label: /*i18n*/ "Are their vaccinations up to date?",
        kind: "select",
        options: otherPetCare,
      },
    ],
  },
  {
    id: "daily-life",
    legend: /*i18n*/ "The pet's daily life",
    questions: [
      { name: "hoursAlone", label: /*i18n*/ "Hours a day the pet would be alone", kind: "number" },
      { name: "sleepsWhere", label: /*i18n*/ "Where will the pet sleep?", kind: "text" },
      { name: "exercise", label: /*i18n*/ "How will the pet get exercise and play?", kind: "textarea" },
    ],
  },
  {
    id: "experience",
    legend: /*i18n*/ "Experience and vet",
    questions: [
      { name: "experience", label: /*i18n*/ "Your experience with pets", kind: "textarea" },
      { name: "vetName", label: /*i18n*/ "Your vet's name or clinic (if you have one)", kind: "text", optional: true },
      { name: "vetPhone", label: /*i18n*/ "Your vet's phone", kind: "tel", optional: true },
    ],
  },
  {
    id: "why",
    legend: /*i18n*/ "Why this pet",
    questions: [{ name: "reason", label: /*i18n*/ "Why would you like to adopt this pet?", kind: "textarea" }],
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

const housingFromQuestionnaire: Record<string, (typeof housingKinds)[number]> = {
  Apartment: "Apartment",
  House: "House",
  Condo: "Condo",
};

/**
 * What the application can start from: the account's name and what the adopter told the matching
 * questionnaire (home, children, allergies, other pets). The adopter can change any of it.
 */
export function prefillAnswers(
  profile: { firstName: string; lastName: string },
  questionnaire: Partial<Answers>,
): ApplicationAnswers {
  const answers: ApplicationAnswers = { fullName: `${profile.firstName} ${profile.lastName}`.trim() };
  if (questionnaire.a1) answers.housing = housingFromQuestionnaire[questionnaire.a1] ?? "Other";
  if (questionnaire.a2) {
    answers.children = String(questionnaire.a2.children);
    if (questionnaire.a2.youngestAge) answers.childrenAges = `Youngest: ${questionnaire.a2.youngestAge}`;
  }
  if (questionnaire.a3) answers.allergies = questionnaire.a3.length > 0 ? questionnaire.a3.join(", ") : "None";
  if (questionnaire.a4) {
    answers.otherPets = questionnaire.a4
      .map(
        (pet) =>
          `${pet.type}, ${residentAgeLabel(pet.age)}, ${pet.isNeutered ? "spayed/neutered" : "not spayed/neutered"}`,
      )
      .join("\n");
    if (questionnaire.a4.length === 0) {
      answers.otherPetsNeutered = "I have no other pets";
      answers.otherPetsVaccinated = "I have no other pets";
    } else if (questionnaire.a4.every((pet) => pet.isNeutered)) answers.otherPetsNeutered = "All of them";
  }
  return answers;
}

/**
 * What a second application takes from the adopter's last one (issue 40): who they are, where and how
 * they live, their household, other pets, experience and vet. Not what is about the pet they apply
 * for (the hours alone, where it sleeps, its exercise, why this pet).
 */
const carriedOver = [
  "fullName",
  "phone",
  "street",
  "city",
  "region",
  "postalCode",
  "housing",
  "ownership",
  "landlordAllowsPets",
  "yard",
  "adults",
  "children",
  "childrenAges",
  "allergies",
  "otherPets",
  "otherPetsNeutered",
  "otherPetsVaccinated",
  "experience",
  "vetName",
  "vetPhone",
] as const;

export function carryOverAnswers(last: ApplicationAnswers): ApplicationAnswers {
  return Object.fromEntries(
    carriedOver
      .filter((name) => typeof last[name] === "string" && last[name] !== "")
      .map((name) => [name, last[name]!]),
  );
}

/** "your name, kind of home and children in the home": the questions a prefill answered, as the form labels them. */
export function prefilledQuestions(answers: ApplicationAnswers): string[] {
  return applicationQuestions.filter((question) => answers[question.name]).map((question) => question.label);
}

/** Statuses in which an application waits for staff; the adopter may withdraw it. */
export const openStatuses = ["submitted", "in_review", "hold_ended"] as const satisfies readonly ApplicationStatus[];

/** Statuses in the adopter's and staff's words. */
export const statusLabels = {
  draft: /*i18n*/ "Draft",
  submitted: /*i18n*/ "Submitted",
  in_review: /*i18n*/ "In review",
  approved: /*i18n*/ "Approved",
  hold_ended: /*i18n*/ "Hold ended",
  declined: /*i18n*/ "Declined",
  adopted: /*i18n*/ "Adopted",
  withdrawn: /*i18n*/ "Withdrawn",
  /** Another applicant adopted the pet (issue 24): closed in the same batch as the adoption. */
  no_longer_available: /*i18n*/ "Pet no longer available",
} as const;
