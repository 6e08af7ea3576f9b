import { sizeOf } from "./pet-sizes";
import type { Answers } from "./questionnaire";

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

export interface Match<P extends MatchPet = MatchPet> {
  pet: P;
  score: number;
  reasons: string[];
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
  bondedPet: -5,
  playmateForYoungPet: 5,
  calmForOlderPets: 5,
  energeticWithOlderPets: -5,
  notNeuteredSameSpecies: -5,
  childFriendly: 5,
} as const;

const youngChildAges = ["New born", "Baby", "Preschool", "School age"];

const has = (pet: MatchPet, characteristic: string) =>
  pet.characteristics.some((value) => value.toLowerCase() === characteristic.toLowerCase());

/** True when the youngest child may be under 10 (school age is 6 to 12, so it counts). */
export function hasChildUnder10(answers: Pick<Answers, "a2">): boolean {
  const { children, youngestAge } = answers.a2;
  return children > 0 && youngChildAges.some((label) => youngestAge?.startsWith(label));
}

/**
 * Why a pet can never be a match, or null. These are the hard filters: species (p1), age range (p2),
 * size (p3), energy (p4, any case), allergies (a3), and the characteristics that rule out the
 * household's children (No_kids_under_10) and resident dogs or cats (No_Dogs, Single_Dog_Home, No_Cats).
 */
export function exclusion(answers: Answers, pet: MatchPet): string | null {
  if (pet.species !== answers.p1) return "species";
  const { fromAge, toAge } = answers.p2;
  if (fromAge !== "All" && pet.ageMonths < fromAge) return "too young";
  if (toAge !== "All" && pet.ageMonths > toAge) return "too old";
  if (!answers.p3.includes(sizeOf(pet.weightLbs))) return "size";
  if (!answers.p4.some((level) => level.toLowerCase() === pet.activeLevel.toLowerCase())) return "energy";
  if (answers.a3.some((animal) => animal.toLowerCase() === pet.species.toLowerCase())) return "allergy";
  if (hasChildUnder10(answers) && has(pet, "No_kids_under_10")) return "young children";
  const residentTypes = new Set(answers.a4.map((resident) => resident.type));
  if (residentTypes.has("Dog") && (has(pet, "No_Dogs") || has(pet, "Single_Dog_Home"))) return "resident dog";
  if (residentTypes.has("Cat") && has(pet, "No_Cats")) return "resident cat";
  return null;
}

/** The softer fits, as points and the reasons a person can read. */
export function score(answers: Answers, pet: MatchPet): { score: number; reasons: string[] } {
  let total: number = weights.base;
  const reasons: string[] = [];
  const add = (points: number, reason?: string) => {
    total += points;
    if (reason) reasons.push(reason);
  };
  const size = sizeOf(pet.weightLbs);
  const level = pet.activeLevel.toLowerCase();
  reasons.push(`${size.toLowerCase()} size, as you asked`, `${level}, as you asked`);

  const home = answers.a1.toLowerCase();
  if (home === "apartment" || home === "condo") {
    if (size === "Small") add(weights.smallHomeSmallPet, `a good size for a${home === "apartment" ? "n" : ""} ${home}`);
    if (size === "Medium") add(weights.smallHomeMediumPet);
    if (size === "Large") add(weights.smallHomeLargePet, `needs room: a big pet for a${home === "apartment" ? "n" : ""} ${home}`);
    if (level === "quietly active") add(weights.smallHomeCalmPet, "calm enough for a smaller home");
    if (level === "very active") add(weights.smallHomeVeryActivePet, "will need long walks or play away from home");
  } else if (home === "house") {
    if (size === "Large") add(weights.houseLargePet, "a house gives a big pet room");
    if (level === "very active") add(weights.houseVeryActivePet, "a house suits a very active pet");
  }

  const youngChildren = hasChildUnder10(answers);
  if (has(pet, "Shy")) {
    if (youngChildren) add(weights.shyPetYoungChildren, "shy: may find young children overwhelming");
    else if (answers.a2.children === 0) add(weights.shyPetCalmHome, "shy: will enjoy a calm, child-free home");
  }
  if (answers.a2.children > 0 && !youngChildren && !has(pet, "No_kids_under_10")) {
    add(weights.childFriendly, "good with children over 10");
  } else if (youngChildren) {
    reasons.push("happy around young children");
  }
  if (has(pet, "Bonded")) add(weights.bondedPet, "bonded with a friend: ask us about adopting them together");

  const residents = answers.a4;
  if (residents.length > 0) {
    const young = residents.some((resident) => resident.age <= 12);
    const allOlder = residents.every((resident) => resident.age >= 60);
    if (young && level === "very active") add(weights.playmateForYoungPet, "a lively playmate for your young pet");
    if (allOlder && level === "quietly active") add(weights.calmForOlderPets, "calm company for your older pets");
    if (allOlder && level === "very active") add(weights.energeticWithOlderPets, "may be a lot for your older pets");
    const unneutered = residents.find((resident) => !resident.isNeutered && resident.type === pet.species);
    if (unneutered) add(weights.notNeuteredSameSpecies, `your ${unneutered.type.toLowerCase()} is not neutered yet`);
  }
  return { score: total, reasons };
}

/**
 * The matched pets: every hard filter holds; favourites first, then by score, then by name and id,
 * so the order is the same for the same input.
 */
export function matchPets<P extends MatchPet>(answers: Answers, pets: readonly P[], favouriteIds: readonly number[] = []): Match<P>[] {
  const favourites = new Set(favouriteIds);
  const matches: Match<P>[] = [];
  for (const pet of pets) {
    if (exclusion(answers, pet) !== null) continue;
    const { score: points, reasons } = score(answers, pet);
    matches.push({ pet, score: points, reasons });
  }
  return matches.sort(
    (a, b) =>
      Number(favourites.has(b.pet.id)) - Number(favourites.has(a.pet.id)) ||
      b.score - a.score ||
      a.pet.name.localeCompare(b.pet.name) ||
      a.pet.id - b.pet.id,
  );
}
