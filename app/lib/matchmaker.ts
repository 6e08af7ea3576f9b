import { sizeOf } from "./pet-sizes";
import type { Answers, QuestionKey } from "./questionnaire";

/** What the matchmaker needs of a pet. */
export interface MatchPet {
  id: number;
  name: string;
  species: string;
  ageMonths: number;
  weightLbs: number;
  activeLevel: string;
  characteristics: string[];
}

/** How well a pet fits, in words an adopter reads (decision 013). */
export type Strength = "Strong match" | "Good match" | "Possible match";

export interface Match<P extends MatchPet = MatchPet> {
  pet: P;
  score: number;
  strength: Strength;
  /** Why it fits: only what the pet's data and the answers both say. */
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

const youngChildAges = ["New born", "Baby", "Preschool", "School age"];

const has = (pet: MatchPet, characteristic: string) =>
  pet.characteristics.some((value) => value.toLowerCase() === characteristic.toLowerCase());

/** True when the youngest child may be under 10 (school age is 6 to 12, so it counts). */
export function hasChildUnder10(answers: Pick<Answers, "a2">): boolean {
  const { children, youngestAge } = answers.a2;
  return children > 0 && youngChildAges.some((label) => youngestAge?.startsWith(label));
}

/** A hard filter: the answer it comes from, its name, and whether a pet passes it. */
interface HardFilter {
  answer: QuestionKey;
  name: Exclusion;
  passes: (answers: Answers, pet: MatchPet) => boolean;
}

export type Exclusion = "species" | "too young" | "too old" | "size" | "energy" | "allergy" | "young children" | "resident dog" | "resident cat";

const residentTypes = (answers: Answers) => new Set(answers.a4.map((resident) => resident.type));

/**
 * The hard filters, in the order the empty-result explanation applies them: species (p1), age range
 * (p2), size (p3), energy (p4, any case), allergies (a3), and the characteristics that rule out the
 * household's children (No_kids_under_10) and resident dogs or cats (No_Dogs, Single_Dog_Home, No_Cats).
 */
const hardFilters: HardFilter[] = [
  { answer: "p1", name: "species", passes: (answers, pet) => pet.species === answers.p1 },
  { answer: "p2", name: "too young", passes: (answers, pet) => answers.p2.fromAge === "All" || pet.ageMonths >= answers.p2.fromAge },
  { answer: "p2", name: "too old", passes: (answers, pet) => answers.p2.toAge === "All" || pet.ageMonths <= answers.p2.toAge },
  { answer: "p3", name: "size", passes: (answers, pet) => answers.p3.includes(sizeOf(pet.weightLbs)) },
  { answer: "p4", name: "energy", passes: (answers, pet) => answers.p4.some((level) => level.toLowerCase() === pet.activeLevel.toLowerCase()) },
  { answer: "a3", name: "allergy", passes: (answers, pet) => !answers.a3.some((animal) => animal.toLowerCase() === pet.species.toLowerCase()) },
  { answer: "a2", name: "young children", passes: (answers, pet) => !(hasChildUnder10(answers) && has(pet, "No_kids_under_10")) },
  {
    answer: "a4",
    name: "resident dog",
    passes: (answers, pet) => !(residentTypes(answers).has("Dog") && (has(pet, "No_Dogs") || has(pet, "Single_Dog_Home"))),
  },
  { answer: "a4", name: "resident cat", passes: (answers, pet) => !(residentTypes(answers).has("Cat") && has(pet, "No_Cats")) },
];

/** Why a pet can never be a match (the first hard filter it fails), or null. */
export function exclusion(answers: Answers, pet: MatchPet): Exclusion | null {
  return hardFilters.find((filter) => !filter.passes(answers, pet))?.name ?? null;
}

/** Every answer a pet fails, each once, in question order. */
export function missedAnswers(answers: Answers, pet: MatchPet): QuestionKey[] {
  return [...new Set(hardFilters.filter((filter) => !filter.passes(answers, pet)).map((filter) => filter.answer))];
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/** The softer fits as points, with the fitting reasons and the cautions kept apart. */
export function score(answers: Answers, pet: MatchPet): { score: number; fits: string[]; cautions: string[] } {
  let total: number = weights.base;
  const fits: string[] = [];
  const cautions: string[] = [];
  const fit = (points: number, reason?: string) => {
    total += points;
    if (reason) fits.push(reason);
  };
  const caution = (points: number, reason: string) => {
    total += points;
    cautions.push(reason);
  };
  const size = sizeOf(pet.weightLbs);
  const level = pet.activeLevel.toLowerCase();
  fits.push(`${size.toLowerCase()} size, as you asked`, `${level}, as you asked`);

  const home = answers.a1.toLowerCase();
  if (home === "apartment" || home === "condo") {
    if (size === "Small") fit(weights.smallHomeSmallPet, `a good size for ${article(home)} ${home}`);
    if (size === "Medium") fit(weights.smallHomeMediumPet);
    if (size === "Large") caution(weights.smallHomeLargePet, `needs room: a big pet for ${article(home)} ${home}`);
    if (level === "quietly active") fit(weights.smallHomeCalmPet, "calm enough for a smaller home");
    if (level === "very active") caution(weights.smallHomeVeryActivePet, "will need long walks or play away from home");
  } else if (home === "house") {
    if (size === "Large") fit(weights.houseLargePet, "a house gives a big pet room");
    if (level === "very active") fit(weights.houseVeryActivePet, "a house suits a very active pet");
  }

  if (has(pet, "Shy")) {
    if (hasChildUnder10(answers)) caution(weights.shyPetYoungChildren, "shy: may find young children overwhelming");
    else if (answers.a2.children === 0) fit(weights.shyPetCalmHome, "shy: will enjoy a calm, child-free home");
  }
  // Bonded is the pet's need, not a worse fit: said, never scored. Our records do not name the friend.
  if (has(pet, "Bonded")) cautions.push(`bonded: ${pet.name} needs to go home with a friend from our shelter; ask us which pet`);

  const residents = answers.a4.filter((resident) => resident.type !== "Bird");
  if (residents.length > 0) {
    const young = residents.some((resident) => resident.age <= 12);
    const allOlder = residents.every((resident) => resident.age >= 60);
    if (young && level === "very active") fit(weights.playmateForYoungPet, "a lively playmate for your young pet");
    if (allOlder && level === "quietly active") fit(weights.calmForOlderPets, "calm company for your older pets");
    if (allOlder && level === "very active") caution(weights.energeticWithOlderPets, "may be a lot for your older pets");
    const unneutered = residents.find((resident) => !resident.isNeutered && resident.type === pet.species);
    if (unneutered) caution(weights.notNeuteredSameSpecies, `your ${unneutered.type.toLowerCase()} is not neutered yet`);
  }
  return { score: total, fits, cautions };
}

/**
 * The answers the matchmaker does not weigh, said plainly on the results page so nobody thinks
 * they counted: an "Other" home, how many children (only whether one may be under 10 counts),
 * resident birds, and "Moderately active" (it chooses pets, it does not rank them).
 */
export function unweighedAnswers(answers: Answers): string[] {
  const notes: string[] = [];
  const home = answers.a1.toLowerCase();
  if (!["apartment", "condo", "house"].includes(home)) {
    notes.push(`Your home ("${answers.a1}") does not change the order: we only weigh apartments, condos and houses.`);
  }
  if (answers.a2.children > 1) {
    notes.push("How many children you have does not change the order: only whether the youngest may be under 10.");
  }
  if (answers.a4.some((resident) => resident.type === "Bird")) {
    notes.push("Your bird is not weighed: our records do not say how our pets get on with birds. Please ask us.");
  }
  if (answers.p4.includes("Moderately active")) {
    notes.push("\"Moderately active\" chooses which pets you see; it does not change their order.");
  }
  return notes;
}

type Ordered = { pet: { id: number } };

/** Favourites first, whatever the order after them (spec §2 sorting). */
export function favouritesFirst<T extends Ordered>(matches: readonly T[], favouriteIds: readonly number[], order: (a: T, b: T) => number): T[] {
  const favourites = new Set(favouriteIds);
  return [...matches].sort((a, b) => Number(favourites.has(b.pet.id)) - Number(favourites.has(a.pet.id)) || order(a, b));
}

/**
 * The matched pets: every hard filter holds; favourites first, then by score, then by name and id,
 * so the order is the same for the same input.
 */
export function matchPets<P extends MatchPet>(answers: Answers, pets: readonly P[], favouriteIds: readonly number[] = []): Match<P>[] {
  const matches: Match<P>[] = [];
  for (const pet of pets) {
    if (exclusion(answers, pet) !== null) continue;
    const { score: points, fits, cautions } = score(answers, pet);
    matches.push({ pet, score: points, strength: strengthOf(points), fits, cautions });
  }
  return favouritesFirst(matches, favouriteIds, (a, b) => b.score - a.score || a.pet.name.localeCompare(b.pet.name) || a.pet.id - b.pet.id);
}

/** One answer's share of an empty result: how many pets it removed of those still left. */
export interface Funnel {
  answer: QuestionKey;
  removed: number;
  left: number;
}

/**
 * The answers widened with one click. Allergies, children and other pets are about safety and the
 * species is not a near miss, so those are changed only by editing the answer.
 */
export const relaxableAnswers = ["p2", "p3", "p4"] as const;
export type RelaxableAnswer = (typeof relaxableAnswers)[number];

export interface NearMatch<P extends MatchPet> {
  pet: P;
  misses: RelaxableAnswer;
}

export interface EmptyExplanation<P extends MatchPet> {
  /** The answers in question order, each with the pets it removed from those the earlier ones left. */
  funnel: Funnel[];
  /** The answer after which no pet was left. */
  emptiedBy: QuestionKey | null;
  /** Pets that miss exactly one answer, and that answer is age, size or energy. */
  nearest: NearMatch<P>[];
}

const funnelOrder: QuestionKey[] = ["p1", "p2", "p3", "p4", "a3", "a2", "a4"];

/**
 * Why no pet matched: the answers applied one after another (species, age, size, energy, allergies,
 * children, other pets), each counted by the pets it removed, so the counts add up to every pet
 * listed; and the nearest pets, each missing one preference, to offer instead.
 */
export function explainNoMatches<P extends MatchPet>(answers: Answers, pets: readonly P[], nearestCount = 4): EmptyExplanation<P> {
  let left: readonly P[] = pets;
  const funnel: Funnel[] = [];
  let emptiedBy: QuestionKey | null = null;
  for (const answer of funnelOrder) {
    const filters = hardFilters.filter((filter) => filter.answer === answer);
    const kept = left.filter((pet) => filters.every((filter) => filter.passes(answers, pet)));
    funnel.push({ answer, removed: left.length - kept.length, left: kept.length });
    if (kept.length === 0 && left.length > 0) emptiedBy = answer;
    left = kept;
  }
  const nearest = pets
    .map((pet) => ({ pet, missed: missedAnswers(answers, pet) }))
    .filter((candidate): candidate is { pet: P; missed: [RelaxableAnswer] } =>
      candidate.missed.length === 1 && (relaxableAnswers as readonly string[]).includes(candidate.missed[0]!),
    )
    .map(({ pet, missed }) => ({ pet, misses: missed[0], score: score(answers, pet).score }))
    .sort((a, b) => b.score - a.score || a.pet.name.localeCompare(b.pet.name) || a.pet.id - b.pet.id)
    .slice(0, nearestCount)
    .map(({ pet, misses }) => ({ pet, misses }));
  return { funnel, emptiedBy, nearest };
}

/** An answer widened so the pets that missed only it match: any age, every size, every energy level. */
export function relaxAnswer(answers: Answers, key: RelaxableAnswer): Answers {
  switch (key) {
    case "p2":
      return { ...answers, p2: { fromAge: "All", toAge: "All" } };
    case "p3":
      return { ...answers, p3: ["Small", "Medium", "Large"] };
    default:
      return { ...answers, p4: ["Very active", "Moderately active", "Quietly active"] };
  }
}
