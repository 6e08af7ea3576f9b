import { activeLevels } from "./breeds";
import { petSizes, type PetSize } from "./pet-sizes";

/** The eight questions' options and labels (spec §3, §5, §9); no validation library, so pages can use it. */
export const housingOptions = ["Apartment", "House", "Condo", "Other"] as const;
export const childrenOptions = Array.from({ length: 11 }, (_, count) => count);
export const youngestAges = [
  "New born (0 - 1 Month)",
  "Baby (1 - 3 Years)",
  "Preschool (4 - 5 Years)",
  "School age (6 - 12 Years)",
  "Teenager (13 - 18 Years)",
] as const;
export const allergyAnimals = ["Bird", "Cat", "Dog"] as const;
export const residentPetTypes = ["Dog", "Cat", "Bird"] as const;
/** Resident pets' ages in months: 1 to 12, then 24, 36, 48, 60 and over 60 (stored as 61). */
export const residentPetAges = [...Array.from({ length: 12 }, (_, i) => i + 1), 24, 36, 48, 60, 61] as const;
export const idealSpecies = ["Cat", "Dog"] as const;
/** Ideal age bounds in months; "All" leaves that end open. */
export const idealAges = [...Array.from({ length: 12 }, (_, i) => i + 1), 24, 36, 48, 60] as const;
/** Rows a household can fill in for its current pets; rows are added one at a time (issue 17). */
export const residentPetLimit = 20;

export type YoungestAge = (typeof youngestAges)[number];
export type ActiveLevel = (typeof activeLevels)[number];

export interface ResidentPet {
  type: (typeof residentPetTypes)[number];
  age: number;
  isNeutered: boolean;
}

/** The answers, keyed as spec §3 keys them. */
export interface Answers {
  a1: string;
  a2: { children: number; youngestAge: YoungestAge | null };
  a3: string[];
  a4: ResidentPet[];
  p1: (typeof idealSpecies)[number];
  p2: { fromAge: number | "All"; toAge: number | "All" };
  p3: PetSize[];
  p4: ActiveLevel[];
}

export type QuestionKey = keyof Answers;
export const aboutYou: QuestionKey[] = ["a1", "a2", "a3", "a4"];
export const aboutPets: QuestionKey[] = ["p1", "p2", "p3", "p4"];
export const questionKeys: QuestionKey[] = [...aboutYou, ...aboutPets];

export const questionTitles: Record<QuestionKey, string> = {
  a1: "What kind of home do you live in?",
  a2: "How many children live with you?",
  a3: "Is anyone in your home allergic to animals?",
  a4: "Do you have other pets?",
  p1: "Which species would you like to adopt?",
  p2: "What age would you like your pet to be?",
  p3: "Which sizes suit you?",
  p4: "How active would you like your pet to be?",
};

/** "1 month", "24 months". */
export function monthsLabel(months: number | string) {
  return Number(months) === 1 ? "1 month" : `${months} months`;
}

export function residentAgeLabel(months: number) {
  if (months > 60) return "over 60 months";
  return monthsLabel(months);
}

function list(words: string[]) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Each answered question, said back as a sentence (spec §4). */
export function answerSentence<K extends QuestionKey>(key: K, answer: Answers[K]): string {
  const value = answer as Answers[QuestionKey];
  switch (key) {
    case "a1":
      return `You live in ${/^[aeiou]/i.test(value as string) ? "an" : "a"} ${(value as string).toLowerCase()}.`;
    case "a2": {
      const { children, youngestAge } = value as Answers["a2"];
      if (children === 0) return "No children live with you.";
      return `${children} ${children === 1 ? "child lives" : "children live"} with you; the youngest is ${youngestAge?.split(" (")[0]?.toLowerCase()}.`;
    }
    case "a3": {
      const animals = value as string[];
      return animals.length === 0 ? "Nobody at home has animal allergies." : `Someone at home is allergic to: ${list(animals)}.`;
    }
    case "a4": {
      const residents = value as ResidentPet[];
      if (residents.length === 0) return "You have no other pets.";
      return `You have ${list(residents.map((pet) => `a ${pet.type.toLowerCase()} of ${residentAgeLabel(pet.age)}${pet.isNeutered ? ", neutered" : ""}`))}.`;
    }
    case "p1":
      return `You would like to adopt a ${(value as string).toLowerCase()}.`;
    case "p2": {
      const { fromAge, toAge } = value as Answers["p2"];
      if (fromAge === "All" && toAge === "All") return "Any age suits you.";
      if (fromAge === "All") return `Up to ${monthsLabel(toAge)} old.`;
      if (toAge === "All") return `At least ${monthsLabel(fromAge)} old.`;
      return `Between ${fromAge} and ${toAge} months old.`;
    }
    case "p3":
      return `Size: ${list((value as string[]).map((size) => size.toLowerCase()))}.`;
    default:
      return `Energy: ${list((value as string[]).map((level) => level.toLowerCase()))}.`;
  }
}

/** "Process complete n%": answered questions out of eight, capped at 100. */
export function progressPercent(answers: Partial<Answers>): number {
  const answered = questionKeys.filter((key) => answers[key] !== undefined).length;
  return Math.min(100, Math.round((answered / questionKeys.length) * 100));
}

export function isComplete(answers: Partial<Answers>): answers is Answers {
  return questionKeys.every((key) => answers[key] !== undefined);
}

/** The question to show: the one being edited, else the first unanswered (group 2 after group 1). */
/** The element an answered step lands on without JavaScript: the next question's title, or the Review button once all are answered. */
export const currentStepAnchor = "current-step";

export function currentQuestion(answers: Partial<Answers>, editing: string | null): QuestionKey | null {
  if (editing && (questionKeys as string[]).includes(editing)) return editing as QuestionKey;
  return questionKeys.find((key) => answers[key] === undefined) ?? null;
}

export { activeLevels, petSizes };
