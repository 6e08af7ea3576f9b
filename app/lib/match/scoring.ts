import type { I18n } from "@lingui/core";
import { sizeOf } from "../pets/pet-sizes";
import type { Answers, QuestionKey } from "./questionnaire";
import { say, pounds, has, type Prepared, smallHomeWords, prepare } from "./answers-read";
import { type Reason, noReasons, recordReasons, noWords } from "./reasons";

/** The matchmaker's hard filters and scores (decision 013): which pets match and in what order. */

/** What the matchmaker needs of a pet. */
export interface MatchPet {
  id: number;
  name: string;
  species: string;
  ageMonths: number;
  weightLbs: number;
  activeLevel: string;
  characteristics: string[];
  /** What staff wrote about the pet: the reasons quote the sentence that speaks to the answers. */
  about?: string;
  /** The name of the pet it is bonded with (decision 055), when staff recorded the pair. */
  bondedWith?: string | null;
}

/** How well a pet fits, in words an adopter reads (decision 013). */
export type Strength = "Strong match" | "Good match" | "Possible match";

export interface Match<P extends MatchPet = MatchPet> {
  pet: P;
  score: number;
  strength: Strength;
  /** Why it fits: what in the pet's record suits the answers, the lines most its own first (decision 055). */
  fits: string[];
  /** Good to know: every caution, never cut. */
  cautions: string[];
}

/** The score's weights (docs/decisions/013-matchmaker.md). Every pet starts at `base`. */
export const weights = {
  base: 50,
  smallHomeSmallPet: 15,
  smallHomeMediumPet: 5,
  smallHomeLargePet: -10,
  smallHomeCalmPet: 10,
  smallHomeVeryActivePet: -10,
  houseLargePet: 10,
  houseVeryActivePet: 5,
  shyPetCalmHome: 5,
  shyPetYoungChildren: -10,
  playmateForYoungPet: 5,
  calmForOlderPets: 5,
  energeticWithOlderPets: -5,
  notNeuteredSameSpecies: -5,
} as const;

/** Score bands for the strength shown on each card: at or above `strong`, at or above `good`, else possible. */
export const strengthBands = { strong: weights.base + 15, good: weights.base } as const;

export function strengthOf(points: number): Strength {
  if (points >= strengthBands.strong) return "Strong match";
  if (points >= strengthBands.good) return "Good match";
  return "Possible match";
}

/** A hard filter: the answer it comes from, its name, and whether a pet passes it. */
interface HardFilter {
  answer: QuestionKey;
  name: Exclusion;
  passes: (given: Prepared, pet: MatchPet) => boolean;
}

export type Exclusion =
  | "species"
  | "too young"
  | "too old"
  | "size"
  | "energy"
  | "allergy"
  | "young children"
  | "resident dog"
  | "resident cat";

/**
 * The hard filters, in the order the empty-result explanation applies them: species (p1), age range
 * (p2), size (p3), energy (p4, any case), allergies (a3), and the characteristics that rule out the
 * household's children (No_kids_under_10) and resident dogs or cats (No_Dogs, Single_Dog_Home, No_Cats).
 */
export const hardFilters: HardFilter[] = [
  { answer: "p1", name: "species", passes: ({ answers }, pet) => pet.species === answers.p1 },
  {
    answer: "p2",
    name: "too young",
    passes: ({ answers }, pet) => answers.p2.fromAge === "All" || pet.ageMonths >= answers.p2.fromAge,
  },
  {
    answer: "p2",
    name: "too old",
    passes: ({ answers }, pet) => answers.p2.toAge === "All" || pet.ageMonths <= answers.p2.toAge,
  },
  { answer: "p3", name: "size", passes: (given, pet) => given.sizes.has(sizeOf(pet.weightLbs)) },
  { answer: "p4", name: "energy", passes: (given, pet) => given.levels.has(pet.activeLevel.toLowerCase()) },
  { answer: "a3", name: "allergy", passes: (given, pet) => !given.allergies.has(pet.species.toLowerCase()) },
  {
    answer: "a2",
    name: "young children",
    passes: (given, pet) => !(given.childUnder10 && has(pet, "no_kids_under_10")),
  },
  {
    answer: "a4",
    name: "resident dog",
    passes: (given, pet) => !(given.residentDog && (has(pet, "no_dogs") || has(pet, "single_dog_home"))),
  },
  { answer: "a4", name: "resident cat", passes: (given, pet) => !(given.residentCat && has(pet, "no_cats")) },
];

function firstFailed(given: Prepared, pet: MatchPet): Exclusion | null {
  for (const filter of hardFilters) if (!filter.passes(given, pet)) return filter.name;
  return null;
}

/** Why a pet can never be a match (the first hard filter it fails), or null. */
export function exclusion(answers: Answers, pet: MatchPet): Exclusion | null {
  return firstFailed(prepare(answers), pet);
}

/** Every answer a pet fails, each once, in question order. */
export function missedAnswers(answers: Answers, pet: MatchPet): QuestionKey[] {
  return missed(prepare(answers), pet);
}

export function missed(given: Prepared, pet: MatchPet): QuestionKey[] {
  return [...new Set(hardFilters.filter((filter) => !filter.passes(given, pet)).map((filter) => filter.answer))];
}

/**
 * The softer fits as points and, when `explain` is true, the fitting reasons and the cautions kept
 * apart. One function for both, so the words can never say other than the points; the matchmaker
 * scores every pet without words and explains only the pets a page shows. Each reason says what in
 * the pet's record fits (its weight, energy, age, characteristics, what staff wrote) and carries a
 * rank: the lines most particular to the pet come first, so two pets rarely read alike (decision 055).
 */
export function assess(
  given: Prepared,
  pet: MatchPet,
  explain: boolean,
): { score: number; fits: string[]; cautions: string[] } {
  // Written without inner helper functions: this runs for every pet, and a closure per pet cost more
  // than the scoring itself.
  let total: number = weights.base;
  const ranked: Reason[] = explain ? [] : noReasons;
  const cautions: string[] = explain ? [] : noWords;
  const size = sizeOf(pet.weightLbs);
  const level = pet.activeLevel.toLowerCase();
  const { i18n } = given;
  let weightSaid = false;
  let levelSaid = false;

  if (given.home === "small") {
    if (size === "Small") {
      total += weights.smallHomeSmallPet;
      if (explain) {
        ranked.push({ rank: 60, text: smallHomeWords(given.homeWord, pet.weightLbs, i18n) });
        weightSaid = true;
      }
    } else if (size === "Medium") total += weights.smallHomeMediumPet;
    else {
      total += weights.smallHomeLargePet;
      if (explain) cautions.push(given.smallHomeLarge);
    }
    if (level === "quietly active") {
      total += weights.smallHomeCalmPet;
      if (explain) {
        ranked.push({ rank: 55, text: say(i18n, /*i18n*/ "quietly active: calm enough for a smaller home") });
        levelSaid = true;
      }
    } else if (level === "very active") {
      total += weights.smallHomeVeryActivePet;
      if (explain) cautions.push(say(i18n, /*i18n*/ "will need long walks or play away from home"));
    }
  } else if (given.home === "house") {
    if (size === "Large") {
      total += weights.houseLargePet;
      if (explain) {
        ranked.push({
          rank: 60,
          text: say(i18n, /*i18n*/ "{weightLbs} lbs: a house gives a big pet room", {
            weightLbs: pounds(i18n, pet.weightLbs),
          }),
        });
        weightSaid = true;
      }
    }
    if (level === "very active") {
      total += weights.houseVeryActivePet;
      if (explain) {
        ranked.push({ rank: 55, text: say(i18n, /*i18n*/ "very active: a house gives room to burn off energy") });
        levelSaid = true;
      }
    }
  }

  if (pet.characteristics.length > 0) {
    if (has(pet, "shy")) {
      if (given.childUnder10) {
        total += weights.shyPetYoungChildren;
        if (explain) cautions.push(say(i18n, /*i18n*/ "shy: may find young children overwhelming"));
      } else if (given.answers.a2.children === 0) {
        total += weights.shyPetCalmHome;
        if (explain) ranked.push({ rank: 75, text: say(i18n, /*i18n*/ "shy: will enjoy a calm, child-free home") });
      }
    }
  }

  if (given.residents.length > 0) {
    if (given.youngResident && level === "very active") {
      total += weights.playmateForYoungPet;
      if (explain) {
        ranked.push({ rank: 65, text: say(i18n, /*i18n*/ "very active: a lively playmate for your young pet") });
        levelSaid = true;
      }
    }
    if (given.olderResidentsOnly && level === "quietly active") {
      total += weights.calmForOlderPets;
      if (explain) {
        ranked.push({ rank: 65, text: say(i18n, /*i18n*/ "quietly active: calm company for your older pets") });
        levelSaid = true;
      }
    }
    if (given.olderResidentsOnly && level === "very active") {
      total += weights.energeticWithOlderPets;
      if (explain) cautions.push(say(i18n, /*i18n*/ "may be a lot for your older pets"));
    }
    for (const resident of given.residents) {
      if (!resident.isNeutered && resident.type === pet.species) {
        total += weights.notNeuteredSameSpecies;
        if (explain) {
          cautions.push(
            resident.type === "Dog"
              ? say(i18n, /*i18n*/ "your dog is not neutered yet")
              : resident.type === "Cat"
                ? say(i18n, /*i18n*/ "your cat is not neutered yet")
                : `your ${resident.type.toLowerCase()} is not neutered yet`,
          );
        }
        break;
      }
    }
  }
  if (explain) {
    recordReasons(given, pet, ranked, cautions, { weightSaid, levelSaid, size, level });
    return { score: total, fits: ranked.sort((a, b) => b.rank - a.rank).map((reason) => reason.text), cautions };
  }
  return { score: total, fits: noWords, cautions };
}

/** The softer fits as points, with the fitting reasons and the cautions kept apart. */
export function score(answers: Answers, pet: MatchPet): { score: number; fits: string[]; cautions: string[] } {
  return assess(prepare(answers), pet, true);
}

type Ordered = { pet: { id: number } };

/** Favorites first, whatever the order after them (spec §2 sorting). */
export function favoritesFirst<T extends Ordered>(
  matches: readonly T[],
  favoriteIds: readonly number[],
  order: (a: T, b: T) => number,
): T[] {
  const favorites = new Set(favoriteIds);
  const first: T[] = [];
  const rest: T[] = [];
  for (const match of matches) (favorites.has(match.pet.id) ? first : rest).push(match);
  return [...first.sort(order), ...rest.sort(order)];
}

/** One place for names in order, the same as `localeCompare` without arguments, made once. */
export const byName = new Intl.Collator().compare;

/**
 * A matched pet whose words (why it fits, good to know) are written when first read: a page shows
 * twelve of the thousands of matches, so only those twelve are explained.
 */
class LazyMatch<P extends MatchPet> implements Match<P> {
  #words: { fits: string[]; cautions: string[] } | undefined;
  readonly strength: Strength;
  constructor(
    readonly pet: P,
    readonly score: number,
    private readonly given: Prepared,
  ) {
    this.strength = strengthOf(score);
  }
  get fits() {
    return (this.#words ??= assess(this.given, this.pet, true)).fits;
  }
  get cautions() {
    return (this.#words ??= assess(this.given, this.pet, true)).cautions;
  }
}

/**
 * The matched pets: every hard filter holds; favorites first, then by score, then by name and id,
 * so the order is the same for the same input.
 */
export function matchPets<P extends MatchPet>(
  answers: Answers,
  pets: readonly P[],
  favoriteIds: readonly number[] = [],
  i18n?: I18n,
): Match<P>[] {
  const given = prepare(answers, i18n);
  const matches: Match<P>[] = [];
  for (const pet of pets) {
    if (firstFailed(given, pet) !== null) continue;
    matches.push(new LazyMatch(pet, assess(given, pet, false).score, given));
  }
  return favoritesFirst(
    matches,
    favoriteIds,
    (a, b) => b.score - a.score || byName(a.pet.name, b.pet.name) || a.pet.id - b.pet.id,
  );
}
