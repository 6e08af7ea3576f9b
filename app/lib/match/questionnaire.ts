import type { I18n } from "@lingui/core";
import { activeLevels } from "../pets/breeds";
import { petSizes, type PetSize } from "../pets/pet-sizes";

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
      return animals.length === 0
        ? "Nobody at home has animal allergies."
        : `Someone at home is allergic to: ${list(animals)}.`;
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

/*
 * The questionnaire's words in the page's language (decision 057). Each message is the English
 * sentence (its catalogue id, marked for extraction); `answerSentenceIn` with the English catalogue says
 * what `answerSentence` says (tested), and staff or visitors' typed words stay as typed.
 */

/** A question's title in the page's language. */
export function questionTitleIn(i18n: I18n, key: QuestionKey): string {
  const titles: Record<QuestionKey, string> = {
    a1: /*i18n*/ "What kind of home do you live in?",
    a2: /*i18n*/ "How many children live with you?",
    a3: /*i18n*/ "Is anyone in your home allergic to animals?",
    a4: /*i18n*/ "Do you have other pets?",
    p1: /*i18n*/ "Which species would you like to adopt?",
    p2: /*i18n*/ "What age would you like your pet to be?",
    p3: /*i18n*/ "Which sizes suit you?",
    p4: /*i18n*/ "How active would you like your pet to be?",
  };
  return i18n._(titles[key]);
}

/** "1 month", "24 months" / "1 mes", "24 meses". */
export function monthsLabelIn(i18n: I18n, months: number | string): string {
  return i18n._("{months, plural, one {# month} other {# months}}", { months: Number(months) });
}

export function residentAgeLabelIn(i18n: I18n, months: number): string {
  return months > 60 ? i18n._("over 60 months") : monthsLabelIn(i18n, months);
}

/** The youngest child's age band, as the question offers it. */
export function youngestAgeLabelIn(i18n: I18n, age: string): string {
  const labels: Record<string, string> = {
    "New born (0 - 1 Month)": /*i18n*/ "New born (0 - 1 Month)",
    "Baby (1 - 3 Years)": /*i18n*/ "Baby (1 - 3 Years)",
    "Preschool (4 - 5 Years)": /*i18n*/ "Preschool (4 - 5 Years)",
    "School age (6 - 12 Years)": /*i18n*/ "School age (6 - 12 Years)",
    "Teenager (13 - 18 Years)": /*i18n*/ "Teenager (13 - 18 Years)",
  };
  return Object.hasOwn(labels, age) ? i18n._(labels[age]!) : age;
}

/** The sentences' words for animals and bands, lower case (the ids are lower case, apart from the labels). */
const lowerWords: Record<string, string> = {
  bird: /*i18n*/ "bird",
  cat: /*i18n*/ "cat",
  dog: /*i18n*/ "dog",
  "new born": /*i18n*/ "new born",
  baby: /*i18n*/ "baby",
  preschool: /*i18n*/ "preschool",
  "school age": /*i18n*/ "school age",
  teenager: /*i18n*/ "teenager",
  small: /*i18n*/ "small",
  medium: /*i18n*/ "medium",
  large: /*i18n*/ "large",
  "very active": /*i18n*/ "very active",
  "moderately active": /*i18n*/ "moderately active",
  "quietly active": /*i18n*/ "quietly active",
};
const lowerWord = (i18n: I18n, word: string) => {
  const lowered = word.toLowerCase();
  return Object.hasOwn(lowerWords, lowered) ? i18n._(lowerWords[lowered]!) : word;
};

/** A list in the page's language: English "a, b and c" as `list` says it; other languages their way. */
function listIn(i18n: I18n, words: string[]): string {
  return i18n.locale === "en" ? list(words) : new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(words);
}

/** `answerSentence` in the page's language. */
export function answerSentenceIn<K extends QuestionKey>(i18n: I18n, key: K, answer: Answers[K]): string {
  const value = answer as Answers[QuestionKey];
  switch (key) {
    case "a1": {
      const home = value as string;
      if (home === "Apartment") return i18n._("You live in an apartment.");
      if (home === "House") return i18n._("You live in a house.");
      if (home === "Condo") return i18n._("You live in a condo.");
      const typed = home.toLowerCase();
      return /^[aeiou]/i.test(typed)
        ? i18n._("You live in an {home}.", { home: typed })
        : i18n._("You live in a {home}.", { home: typed });
    }
    case "a2": {
      const { children, youngestAge } = value as Answers["a2"];
      if (children === 0) return i18n._("No children live with you.");
      const youngest = lowerWord(i18n, youngestAge?.split(" (")[0] ?? "");
      return i18n._(
        "{children, plural, one {# child lives} other {# children live}} with you; the youngest is {youngest}.",
        { children, youngest },
      );
    }
    case "a3": {
      const animals = value as string[];
      if (animals.length === 0) return i18n._("Nobody at home has animal allergies.");
      // English keeps the animals as given ("Cat"); other languages say the known ones their way.
      const said = i18n.locale === "en" ? animals : animals.map((animal) => lowerWord(i18n, animal));
      return i18n._("Someone at home is allergic to: {animals}.", { animals: listIn(i18n, said) });
    }
    case "a4": {
      const residents = value as ResidentPet[];
      if (residents.length === 0) return i18n._("You have no other pets.");
      const pets = residents.map((pet) => {
        const age = residentAgeLabelIn(i18n, pet.age);
        const one =
          pet.type === "Dog"
            ? i18n._("a dog of {age}", { age })
            : pet.type === "Cat"
              ? i18n._("a cat of {age}", { age })
              : i18n._("a bird of {age}", { age });
        return pet.isNeutered ? i18n._("{pet}, neutered", { pet: one }) : one;
      });
      return i18n._("You have {pets}.", { pets: listIn(i18n, pets) });
    }
    case "p1":
      return value === "Cat" ? i18n._("You would like to adopt a cat.") : i18n._("You would like to adopt a dog.");
    case "p2": {
      const { fromAge, toAge } = value as Answers["p2"];
      if (fromAge === "All" && toAge === "All") return i18n._("Any age suits you.");
      if (fromAge === "All") return i18n._("Up to {age} old.", { age: monthsLabelIn(i18n, toAge) });
      if (toAge === "All") return i18n._("At least {age} old.", { age: monthsLabelIn(i18n, fromAge) });
      return i18n._("Between {fromAge} and {toAge} months old.", { fromAge, toAge });
    }
    case "p3":
      return i18n._("Size: {sizes}.", {
        sizes: listIn(
          i18n,
          (value as string[]).map((size) => lowerWord(i18n, size)),
        ),
      });
    default:
      return i18n._("Energy: {levels}.", {
        levels: listIn(
          i18n,
          (value as string[]).map((level) => lowerWord(i18n, level)),
        ),
      });
  }
}
