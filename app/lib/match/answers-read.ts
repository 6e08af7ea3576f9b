import type { I18n } from "@lingui/core";
import { formatPoundsIn } from "../i18n/intl";
import type { Answers } from "./questionnaire";
import type { MatchPet } from "./scoring";

/** The matchmaker's answers as its checks read them, and its words in the page's language (decision 013, 057). */

/**
 * The reasons and cautions in the page's language (decision 057). Each is an English message with
 * placeholders, also its catalogue id (`/*i18n*\/`); without a Lingui instance (emails, scripts, the
 * bench) the English is filled in as written, which is what the English catalogue says too.
 */
type Values = Record<string, string | number>;

const fill = (message: string, values: Values) =>
  message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));

export function say(i18n: I18n | undefined, message: string, values: Values = {}): string {
  return i18n ? i18n._(message, values) : fill(message, values);
}

/** A weight with the page's decimal sign ("18,7" in Spanish); as stored without a Lingui instance. */
export const pounds = (i18n: I18n | undefined, weightLbs: number) =>
  i18n ? formatPoundsIn(i18n.locale, weightLbs) : weightLbs;

const youngChildAges = ["New born", "Baby", "Preschool", "School age"];

/** Whether a pet carries a characteristic, in any case; `lowered` is already lower case. */
export const has = (pet: MatchPet, lowered: string) => {
  for (const value of pet.characteristics)
    if (value.length === lowered.length && value.toLowerCase() === lowered) return true;
  return false;
};

/** True when the youngest child may be under 10 (school age is 6 to 12, so it counts). */
export function hasChildUnder10(answers: Pick<Answers, "a2">): boolean {
  const { children, youngestAge } = answers.a2;
  return children > 0 && youngChildAges.some((label) => youngestAge?.startsWith(label));
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/**
 * The answers as the per-pet checks read them, worked out once per run rather than once per pet
 * (lower-cased choices, the household's flags, the home's sentences): profiling the matchmaker on
 * 10,000 pets showed most of its time went to redoing this for every pet (decision 045).
 */
export interface Prepared {
  answers: Answers;
  sizes: Set<string>;
  levels: Set<string>;
  allergies: Set<string>;
  childUnder10: boolean;
  residentDog: boolean;
  residentCat: boolean;
  /** "apartment" or "condo" (a small home), "house", or null for any other home. */
  home: "small" | "house" | null;
  /** The home, lower case, for the small-home lines. */
  homeWord: string;
  smallHomeLarge: string;
  /** Resident pets other than birds, and what the scores need of them. */
  residents: Answers["a4"];
  youngResident: boolean;
  olderResidentsOnly: boolean;
  /** Whether the age, size and energy answers narrowed the choice (only then is "as you chose" news). */
  agesNarrowed: boolean;
  levelsNarrowed: boolean;
  /** Words that make a sentence of a pet's "about" speak to this household, lower case. */
  aboutWords: string[];
  /** The page's Lingui instance for the words, or none for English as written. */
  i18n: I18n | undefined;
}

/** The words in a pet's "about" that speak to each kind of household. */
function aboutWordsFor(answers: Answers, home: Prepared["home"], childUnder10: boolean): string[] {
  const words: string[] = [];
  if (answers.a2.children > 0) words.push("child", "kid", "family", "gentle", "patient");
  else words.push("quiet", "calm");
  if (childUnder10) words.push("school", "young");
  if (answers.a4.some((resident) => resident.type === "Dog")) words.push("dog");
  if (answers.a4.some((resident) => resident.type === "Cat")) words.push("cat");
  if (home === "small") words.push("couch", "lap", "windowsill", "evening", "cuddl", "quiet");
  if (home === "house") words.push("yard", "garden", "fetch", "walk", "run");
  if (answers.p4.includes("Very active")) words.push("play", "fetch", "walk", "chase", "hike");
  if (answers.p4.includes("Quietly active")) words.push("couch", "nap", "sunny", "quiet", "belly");
  return words;
}

/** "a good size for an apartment" and "needs room: a big pet for a condo", for each small home. */
export function smallHomeWords(home: string, weightLbs: number | null, i18n: I18n | undefined): string {
  if (weightLbs === null) {
    if (home === "apartment") return say(i18n, /*i18n*/ "needs room: a big pet for an apartment");
    if (home === "condo") return say(i18n, /*i18n*/ "needs room: a big pet for a condo");
    return `needs room: a big pet for ${article(home)} ${home}`;
  }
  if (home === "apartment")
    return say(i18n, /*i18n*/ "{weightLbs} lbs: a good size for an apartment", { weightLbs: pounds(i18n, weightLbs) });
  if (home === "condo")
    return say(i18n, /*i18n*/ "{weightLbs} lbs: a good size for a condo", { weightLbs: pounds(i18n, weightLbs) });
  return `${weightLbs} lbs: a good size for ${article(home)} ${home}`;
}

export function prepare(answers: Answers, i18n?: I18n): Prepared {
  const types = new Set(answers.a4.map((resident) => resident.type));
  const home = answers.a1.toLowerCase();
  const residents = answers.a4.filter((resident) => resident.type !== "Bird");
  const smallOrHouse = home === "apartment" || home === "condo" ? "small" : home === "house" ? "house" : null;
  const childUnder10 = hasChildUnder10(answers);
  return {
    answers,
    sizes: new Set(answers.p3),
    levels: new Set(answers.p4.map((level) => level.toLowerCase())),
    allergies: new Set(answers.a3.map((animal) => animal.toLowerCase())),
    childUnder10,
    residentDog: types.has("Dog"),
    residentCat: types.has("Cat"),
    home: smallOrHouse,
    homeWord: home,
    smallHomeLarge: smallHomeWords(home, null, i18n),
    residents,
    youngResident: residents.some((resident) => resident.age <= 12),
    olderResidentsOnly: residents.length > 0 && residents.every((resident) => resident.age >= 60),
    agesNarrowed: answers.p2.fromAge !== "All" || answers.p2.toAge !== "All",
    levelsNarrowed: answers.p4.length < 3,
    aboutWords: aboutWordsFor(answers, smallOrHouse, childUnder10),
    i18n,
  };
}
