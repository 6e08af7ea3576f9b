import type { I18n } from "@lingui/core";
import { displayLabelIn } from "../pets/breeds";
import { formatAge, formatAgeIn } from "../pets/pet-age";
import { sizeNameIn } from "../pets/pet-sizes";
import type { Answers } from "./questionnaire";
import { say, pounds, has, type Prepared } from "./answers-read";
import type { MatchPet } from "./scoring";

/** Why a matched pet fits and what is good to know, in the page's language (decisions 013, 055, 057). */

/** A reason it fits, with how particular it is to this pet (higher first). */
export interface Reason {
  rank: number;
  text: string;
}

export const noReasons: Reason[] = Object.freeze([]) as unknown as Reason[];

/** The characteristics said as the restrictions they are, each with the household fact that meets it. */
const restrictions: { value: string; met: (given: Prepared) => boolean; text: string }[] = [
  {
    value: "no_cats",
    met: (given) => !given.residentCat,
    text: /*i18n*/ "needs a home without cats, and yours has none",
  },
  {
    value: "no_dogs",
    met: (given) => !given.residentDog,
    text: /*i18n*/ "needs a home without other dogs, and yours has none",
  },
  {
    value: "single_dog_home",
    met: (given) => !given.residentDog,
    text: /*i18n*/ "must be the only dog, as it would be with you",
  },
  {
    value: "no_kids_under_10",
    met: (given) => !given.childUnder10,
    text: /*i18n*/ "needs a home without children under 10, as yours is",
  },
];

/** Characteristics that are said elsewhere (a restriction, shy, bonded) or not about the pet's nature. */
const notDescriptive = new Set([
  "bonded",
  "shy",
  "no_cats",
  "no_dogs",
  "single_dog_home",
  "no_kids_under_10",
  "foster_to_adopt",
]);

const longestQuote = 120;

/**
 * The reasons only the words need (they change no points): the restrictions this household meets, how
 * staff describe the pet, the sentence of its "about" that speaks to the answers, its age, and its
 * weight and energy when nothing above said them; and the bonded caution, naming the partner.
 */
export function recordReasons(
  given: Prepared,
  pet: MatchPet,
  ranked: Reason[],
  cautions: string[],
  { weightSaid, levelSaid, size, level }: { weightSaid: boolean; levelSaid: boolean; size: string; level: string },
) {
  const { i18n } = given;
  const name = pet.name;
  for (const restriction of restrictions) {
    if (has(pet, restriction.value) && restriction.met(given))
      ranked.push({ rank: 70, text: say(i18n, restriction.text) });
  }
  const kept = pet.characteristics.filter((value) => !notDescriptive.has(value.toLowerCase()));
  if (kept.length > 0) {
    // English: as staff typed them, lower case, joined with "and"; other languages: the tags as the cards say them, listed their way.
    const traits =
      i18n && i18n.locale !== "en"
        ? new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(
            kept.map((value) => displayLabelIn(i18n, value).toLowerCase()),
          )
        : kept.map((value) => value.replaceAll("_", " ").toLowerCase()).join(" and ");
    ranked.push({ rank: 72, text: say(i18n, /*i18n*/ "our staff call {name} {traits}", { name, traits }) });
  }
  if (has(pet, "foster_to_adopt"))
    ranked.push({ rank: 50, text: say(i18n, /*i18n*/ "can go home first as a foster, to adopt after") });
  const quote = aboutSentence(pet.about ?? "", given.aboutWords);
  // What staff wrote is quoted as typed.
  if (quote) ranked.push({ rank: 80, text: say(i18n, /*i18n*/ 'staff say: "{quote}"', { quote }) });
  const age = i18n ? formatAgeIn(i18n, pet.ageMonths) : formatAge(pet.ageMonths);
  ranked.push(ageReason(i18n, pet.species, pet.ageMonths, age, given.agesNarrowed));
  if (!weightSaid) {
    const sizeName = i18n ? sizeNameIn(i18n, size as "Small").toLowerCase() : size.toLowerCase();
    ranked.push({
      rank: 30,
      text: say(i18n, /*i18n*/ "weighs {weightLbs} lbs ({size})", {
        weightLbs: pounds(i18n, pet.weightLbs),
        size: sizeName,
      }),
    });
  }
  if (!levelSaid && given.levelsNarrowed) {
    const energy = i18n ? displayLabelIn(i18n, pet.activeLevel).toLowerCase() : level;
    ranked.push({ rank: 20, text: say(i18n, /*i18n*/ "{energy}, the energy you chose", { energy }) });
  }
  if (pet.bondedWith) {
    const partner = pet.bondedWith;
    cautions.push(
      say(
        i18n,
        /*i18n*/ "bonded with {partner}: {name} goes home together with {partner}, so ask us about adopting both",
        { partner, name },
      ),
    );
  } else if (has(pet, "bonded")) {
    cautions.push(
      say(i18n, /*i18n*/ "bonded: {name} needs to go home with a friend from our shelter; ask us which pet", { name }),
    );
  }
}

/** The age line: within the chosen ages, or what the age means (a puppy or kitten, grown up, a senior). */
function ageReason(i18n: I18n | undefined, species: string, ageMonths: number, age: string, narrowed: boolean): Reason {
  if (narrowed) return { rank: 40, text: say(i18n, /*i18n*/ "{age} old, within the ages you chose", { age }) };
  const stage = ageMonths < 12 ? "young" : ageMonths >= 96 ? "senior" : "grown";
  const rank = stage === "grown" ? 35 : 40;
  if (species === "Dog") {
    if (stage === "young")
      return { rank, text: say(i18n, /*i18n*/ "{age} old: a puppy, ready to learn your home's ways", { age }) };
    if (stage === "senior")
      return { rank, text: say(i18n, /*i18n*/ "{age} old: a senior, past the puppy stage", { age }) };
    return { rank, text: say(i18n, /*i18n*/ "{age} old: grown up, past the puppy stage", { age }) };
  }
  if (species === "Cat") {
    if (stage === "young")
      return { rank, text: say(i18n, /*i18n*/ "{age} old: a kitten, ready to learn your home's ways", { age }) };
    if (stage === "senior")
      return { rank, text: say(i18n, /*i18n*/ "{age} old: a senior, past the kitten stage", { age }) };
    return { rank, text: say(i18n, /*i18n*/ "{age} old: grown up, past the kitten stage", { age }) };
  }
  if (stage === "young")
    return { rank, text: say(i18n, /*i18n*/ "{age} old: a baby, ready to learn your home's ways", { age }) };
  if (stage === "senior")
    return { rank, text: say(i18n, /*i18n*/ "{age} old: a senior, past the baby stage", { age }) };
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
export const noWords: string[] = Object.freeze([]) as unknown as string[];

/**
 * The answers the matchmaker does not weigh, said plainly on the results page so nobody thinks
 * they counted: an "Other" home, how many children (only whether one may be under 10 counts),
 * resident birds, and "Moderately active" (it chooses pets, it does not rank them).
 */
export function unweighedAnswers(answers: Answers, i18n?: I18n): string[] {
  const notes: string[] = [];
  const home = answers.a1.toLowerCase();
  if (!["apartment", "condo", "house"].includes(home)) {
    notes.push(
      say(
        i18n,
        /*i18n*/ 'Your home ("{home}") does not change the order: we only weigh apartments, condos and houses.',
        { home: answers.a1 },
      ),
    );
  }
  if (answers.a2.children > 1) {
    notes.push(
      say(
        i18n,
        /*i18n*/ "How many children you have does not change the order: only whether the youngest may be under 10.",
      ),
    );
  }
  if (answers.a4.some((resident) => resident.type === "Bird")) {
    notes.push(
      say(
        i18n,
        /*i18n*/ "Your bird is not weighed: our records do not say how our pets get on with birds. Please ask us.",
      ),
    );
  }
  if (answers.p4.includes("Moderately active")) {
    notes.push(say(i18n, /*i18n*/ '"Moderately active" chooses which pets you see; it does not change their order.'));
  }
  return notes;
}
