import type { Answers, QuestionKey } from "./questionnaire";
import { type MatchPet, hardFilters, missed, assess, byName } from "./scoring";
import { prepare } from "./answers-read";

/** What an empty result says: how many pets each answer removed, and the nearest pets (decision 013). */

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
export function explainNoMatches<P extends MatchPet>(
  answers: Answers,
  pets: readonly P[],
  nearestCount = 4,
): EmptyExplanation<P> {
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
    .filter(
      (candidate): candidate is { pet: P; missed: [RelaxableAnswer] } =>
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
