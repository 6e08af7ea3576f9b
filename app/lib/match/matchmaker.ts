import type { I18n } from "@lingui/core";
import { displayLabelIn } from "../pets/breeds";
import { formatPoundsIn } from "../i18n/intl";
import { formatAge, formatAgeIn } from "../pets/pet-age";
import { sizeNameIn, sizeOf } from "../pets/pet-sizes";
import type { Answers, QuestionKey } from "./questionnaire";

/**
 * The reasons and cautions in the page's language (decision 057). Each is an English message with
 * placeholders, also its catalogue id (`/*i18n*\/`); without a Lingui instance (emails, scripts, the
 * bench) the English is filled in as written, which is what the English catalogue says too.
 */
type Values = Record<string, string | number>;
const fill = (message: string, values: Values) => message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
function say(i18n: I18n | undefined, message: string, values: Values = {}): string {
  return i18n ? i18n._(message, values) : fill(message, values);
}
/** A weight with the page's decimal sign ("18,7" in Spanish); as stored without a Lingui instance. */
const pounds = (i18n: I18n | undefined, weightLbs: number) => (i18n ? formatPoundsIn(i18n.locale, weightLbs) : weightLbs);

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

const youngChildAges = ["New born", "Baby", "Preschool", "School age"];

/** Whether a pet carries a characteristic, in any case; `lowered` is already lower case. */
const has = (pet: MatchPet, lowered: string) => {
  for (const value of pet.characteristics) if (value.length === lowered.length && value.toLowerCase() === lowered) return true;
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
interface Prepared {
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
function smallHomeWords(home: string, weightLbs: number | null, i18n: I18n | undefined): string {
  if (weightLbs === null) {
    if (home === "apartment") return say(i18n, /*i18n*/ "needs room: a big pet for an apartment");
    if (home === "condo") return say(i18n, /*i18n*/ "needs room: a big pet for a condo");
    return `needs room: a big pet for ${article(home)} ${home}`;
  }
  if (home === "apartment") return say(i18n, /*i18n*/ "{weightLbs} lbs: a good size for an apartment", { weightLbs: pounds(i18n, weightLbs) });
  if (home === "condo") return say(i18n, /*i18n*/ "{weightLbs} lbs: a good size for a condo", { weightLbs: pounds(i18n, weightLbs) });
  return `${weightLbs} lbs: a good size for ${article(home)} ${home}`;
}

function prepare(answers: Answers, i18n?: I18n): Prepared {
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

/** A hard filter: the answer it comes from, its name, and whether a pet passes it. */
interface HardFilter {
  answer: QuestionKey;
  name: Exclusion;
  passes: (given: Prepared, pet: MatchPet) => boolean;
}

export type Exclusion = "species" | "too young" | "too old" | "size" | "energy" | "allergy" | "young children" | "resident dog" | "resident cat";

/**
 * The hard filters, in the order the empty-result explanation applies them: species (p1), age range
 * (p2), size (p3), energy (p4, any case), allergies (a3), and the characteristics that rule out the
 * household's children (No_kids_under_10) and resident dogs or cats (No_Dogs, Single_Dog_Home, No_Cats).
 */
const hardFilters: HardFilter[] = [
  { answer: "p1", name: "species", passes: ({ answers }, pet) => pet.species === answers.p1 },
  { answer: "p2", name: "too young", passes: ({ answers }, pet) => answers.p2.fromAge === "All" || pet.ageMonths >= answers.p2.fromAge },
  { answer: "p2", name: "too old", passes: ({ answers }, pet) => answers.p2.toAge === "All" || pet.ageMonths <= answers.p2.toAge },
  { answer: "p3", name: "size", passes: (given, pet) => given.sizes.has(sizeOf(pet.weightLbs)) },
  { answer: "p4", name: "energy", passes: (given, pet) => given.levels.has(pet.activeLevel.toLowerCase()) },
  { answer: "a3", name: "allergy", passes: (given, pet) => !given.allergies.has(pet.species.toLowerCase()) },
  { answer: "a2", name: "young children", passes: (given, pet) => !(given.childUnder10 && has(pet, "no_kids_under_10")) },
  { answer: "a4", name: "resident dog", passes: (given, pet) => !(given.residentDog && (has(pet, "no_dogs") || has(pet, "single_dog_home"))) },
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

function missed(given: Prepared, pet: MatchPet): QuestionKey[] {
  return [...new Set(hardFilters.filter((filter) => !filter.passes(given, pet)).map((filter) => filter.answer))];
}

/**
 * The softer fits as points and, when `explain` is true, the fitting reasons and the cautions kept
 * apart. One function for both, so the words can never say other than the points; the matchmaker
 * scores every pet without words and explains only the pets a page shows. Each reason says what in
 * the pet's record fits (its weight, energy, age, characteristics, what staff wrote) and carries a
 * rank: the lines most particular to the pet come first, so two pets rarely read alike (decision 055).
 */
function assess(given: Prepared, pet: MatchPet, explain: boolean): { score: number; fits: string[]; cautions: string[] } {
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
        ranked.push({ rank: 60, text: say(i18n, /*i18n*/ "{weightLbs} lbs: a house gives a big pet room", { weightLbs: pounds(i18n, pet.weightLbs) }) });
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

/** A reason it fits, with how particular it is to this pet (higher first). */
interface Reason {
  rank: number;
  text: string;
}

const noReasons: Reason[] = Object.freeze([]) as unknown as Reason[];

/** The characteristics said as the restrictions they are, each with the household fact that meets it. */
const restrictions: { value: string; met: (given: Prepared) => boolean; text: string }[] = [
  { value: "no_cats", met: (given) => !given.residentCat, text: /*i18n*/ "needs a home without cats, and yours has none" },
  { value: "no_dogs", met: (given) => !given.residentDog, text: /*i18n*/ "needs a home without other dogs, and yours has none" },
  { value: "single_dog_home", met: (given) => !given.residentDog, text: /*i18n*/ "must be the only dog, as it would be with you" },
  { value: "no_kids_under_10", met: (given) => !given.childUnder10, text: /*i18n*/ "needs a home without children under 10, as yours is" },
];
/** Characteristics that are said elsewhere (a restriction, shy, bonded) or not about the pet's nature. */
const notDescriptive = new Set(["bonded", "shy", "no_cats", "no_dogs", "single_dog_home", "no_kids_under_10", "foster_to_adopt"]);

const longestQuote = 120;

/**
 * The reasons only the words need (they change no points): the restrictions this household meets, how
 * staff describe the pet, the sentence of its "about" that speaks to the answers, its age, and its
 * weight and energy when nothing above said them; and the bonded caution, naming the partner.
 */
function recordReasons(
  given: Prepared,
  pet: MatchPet,
  ranked: Reason[],
  cautions: string[],
  { weightSaid, levelSaid, size, level }: { weightSaid: boolean; levelSaid: boolean; size: string; level: string },
) {
  const { i18n } = given;
  const name = pet.name;
  for (const restriction of restrictions) {
    if (has(pet, restriction.value) && restriction.met(given)) ranked.push({ rank: 70, text: say(i18n, restriction.text) });
  }
  const kept = pet.characteristics.filter((value) => !notDescriptive.has(value.toLowerCase()));
  if (kept.length > 0) {
    // English: as staff typed them, lower case, joined with "and"; other languages: the tags as the cards say them, listed their way.
    const traits =
      i18n && i18n.locale !== "en"
        ? new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(kept.map((value) => displayLabelIn(i18n, value).toLowerCase()))
        : kept.map((value) => value.replaceAll("_", " ").toLowerCase()).join(" and ");
    ranked.push({ rank: 72, text: say(i18n, /*i18n*/ "our staff call {name} {traits}", { name, traits }) });
  }
  if (has(pet, "foster_to_adopt")) ranked.push({ rank: 50, text: say(i18n, /*i18n*/ "can go home first as a foster, to adopt after") });
  const quote = aboutSentence(pet.about ?? "", given.aboutWords);
  // What staff wrote is quoted as typed.
  if (quote) ranked.push({ rank: 80, text: say(i18n, /*i18n*/ 'staff say: "{quote}"', { quote }) });
  const age = i18n ? formatAgeIn(i18n, pet.ageMonths) : formatAge(pet.ageMonths);
  ranked.push(ageReason(i18n, pet.species, pet.ageMonths, age, given.agesNarrowed));
  if (!weightSaid) {
    const sizeName = i18n ? sizeNameIn(i18n, size as "Small").toLowerCase() : size.toLowerCase();
    ranked.push({ rank: 30, text: say(i18n, /*i18n*/ "weighs {weightLbs} lbs ({size})", { weightLbs: pounds(i18n, pet.weightLbs), size: sizeName }) });
  }
  if (!levelSaid && given.levelsNarrowed) {
    const energy = i18n ? displayLabelIn(i18n, pet.activeLevel).toLowerCase() : level;
    ranked.push({ rank: 20, text: say(i18n, /*i18n*/ "{energy}, the energy you chose", { energy }) });
  }
  if (pet.bondedWith) {
    const partner = pet.bondedWith;
    cautions.push(say(i18n, /*i18n*/ "bonded with {partner}: {name} goes home together with {partner}, so ask us about adopting both", { partner, name }));
  } else if (has(pet, "bonded")) {
    cautions.push(say(i18n, /*i18n*/ "bonded: {name} needs to go home with a friend from our shelter; ask us which pet", { name }));
  }
}

/** The age line: within the chosen ages, or what the age means (a puppy or kitten, grown up, a senior). */
function ageReason(i18n: I18n | undefined, species: string, ageMonths: number, age: string, narrowed: boolean): Reason {
  if (narrowed) return { rank: 40, text: say(i18n, /*i18n*/ "{age} old, within the ages you chose", { age }) };
  const stage = ageMonths < 12 ? "young" : ageMonths >= 96 ? "senior" : "grown";
  const rank = stage === "grown" ? 35 : 40;
  if (species === "Dog") {
    if (stage === "young") return { rank, text: say(i18n, /*i18n*/ "{age} old: a puppy, ready to learn your home's ways", { age }) };
    if (stage === "senior") return { rank, text: say(i18n, /*i18n*/ "{age} old: a senior, past the puppy stage", { age }) };
    return { rank, text: say(i18n, /*i18n*/ "{age} old: grown up, past the puppy stage", { age }) };
  }
  if (species === "Cat") {
    if (stage === "young") return { rank, text: say(i18n, /*i18n*/ "{age} old: a kitten, ready to learn your home's ways", { age }) };
    if (stage === "senior") return { rank, text: say(i18n, /*i18n*/ "{age} old: a senior, past the kitten stage", { age }) };
    return { rank, text: say(i18n, /*i18n*/ "{age} old: grown up, past the kitten stage", { age }) };
  }
  if (stage === "young") return { rank, text: say(i18n, /*i18n*/ "{age} old: a baby, ready to learn your home's ways", { age }) };
  if (stage === "senior") return { rank, text: say(i18n, /*i18n*/ "{age} old: a senior, past the baby stage", { age }) };
  return { rank, text: say(i18n, /*i18n*/ "{age} old: grown up, past the baby stage", { age }) };
}

/**
 * The sentence of what staff wrote that speaks most to this household (the first on a tie), cut at a
 * word before `longestQuote` characters; "" when nothing was written.
 */
export function aboutSentence(about: string, words: readonly string[]): string {
  let best = "";
  let bestHits = -1;
  for (const sentence of about.split(/(?<=[.!?])\s+/)) {
    const trimmed = sentence.trim();
    if (trimmed.length < 12) continue;
    const lowered = trimmed.toLowerCase();
    let hits = 0;
    for (const word of words) if (lowered.includes(word)) hits++;
    if (hits > bestHits) {
      best = trimmed;
      bestHits = hits;
    }
  }
  if (best.length <= longestQuote) return best;
  const cut = best.slice(0, longestQuote);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,;:]$/, "")}…`;
}

/** The words of a run without words: never written to (frozen, so a slip shows at once). */
const noWords: string[] = Object.freeze([]) as unknown as string[];

/** The softer fits as points, with the fitting reasons and the cautions kept apart. */
export function score(answers: Answers, pet: MatchPet): { score: number; fits: string[]; cautions: string[] } {
  return assess(prepare(answers), pet, true);
}

/**
 * The answers the matchmaker does not weigh, said plainly on the results page so nobody thinks
 * they counted: an "Other" home, how many children (only whether one may be under 10 counts),
 * resident birds, and "Moderately active" (it chooses pets, it does not rank them).
 */
export function unweighedAnswers(answers: Answers, i18n?: I18n): string[] {
  const notes: string[] = [];
  const home = answers.a1.toLowerCase();
  if (!["apartment", "condo", "house"].includes(home)) {
    notes.push(say(i18n, /*i18n*/ 'Your home ("{home}") does not change the order: we only weigh apartments, condos and houses.', { home: answers.a1 }));
  }
  if (answers.a2.children > 1) {
    notes.push(say(i18n, /*i18n*/ "How many children you have does not change the order: only whether the youngest may be under 10."));
  }
  if (answers.a4.some((resident) => resident.type === "Bird")) {
    notes.push(say(i18n, /*i18n*/ "Your bird is not weighed: our records do not say how our pets get on with birds. Please ask us."));
  }
  if (answers.p4.includes("Moderately active")) {
    notes.push(say(i18n, /*i18n*/ '"Moderately active" chooses which pets you see; it does not change their order.'));
  }
  return notes;
}

type Ordered = { pet: { id: number } };

/** Favorites first, whatever the order after them (spec §2 sorting). */
export function favoritesFirst<T extends Ordered>(matches: readonly T[], favoriteIds: readonly number[], order: (a: T, b: T) => number): T[] {
  const favorites = new Set(favoriteIds);
  const first: T[] = [];
  const rest: T[] = [];
  for (const match of matches) (favorites.has(match.pet.id) ? first : rest).push(match);
  return [...first.sort(order), ...rest.sort(order)];
}

/** One place for names in order, the same as `localeCompare` without arguments, made once. */
const byName = new Intl.Collator().compare;

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
export function matchPets<P extends MatchPet>(answers: Answers, pets: readonly P[], favoriteIds: readonly number[] = [], i18n?: I18n): Match<P>[] {
  const given = prepare(answers, i18n);
  const matches: Match<P>[] = [];
  for (const pet of pets) {
    if (firstFailed(given, pet) !== null) continue;
    matches.push(new LazyMatch(pet, assess(given, pet, false).score, given));
  }
  return favoritesFirst(matches, favoriteIds, (a, b) => b.score - a.score || byName(a.pet.name, b.pet.name) || a.pet.id - b.pet.id);
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
  const given = prepare(answers);
  let left: readonly P[] = pets;
  const funnel: Funnel[] = [];
  let emptiedBy: QuestionKey | null = null;
  for (const answer of funnelOrder) {
    const filters = hardFilters.filter((filter) => filter.answer === answer);
    const kept = left.filter((pet) => filters.every((filter) => filter.passes(given, pet)));
    funnel.push({ answer, removed: left.length - kept.length, left: kept.length });
    if (kept.length === 0 && left.length > 0) emptiedBy = answer;
    left = kept;
  }
  const nearest = pets
    .map((pet) => ({ pet, missed: missed(given, pet) }))
    .filter((candidate): candidate is { pet: P; missed: [RelaxableAnswer] } =>
      candidate.missed.length === 1 && (relaxableAnswers as readonly string[]).includes(candidate.missed[0]!),
    )
    .map(({ pet, missed }) => ({ pet, misses: missed[0], score: assess(given, pet, false).score }))
    .sort((a, b) => b.score - a.score || byName(a.pet.name, b.pet.name) || a.pet.id - b.pet.id)
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
