import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { displayLabelIn } from "#app/lib/pets/breeds";
import { PetGrid } from "#app/components/pet-card";
import type { EmptyExplanation, RelaxableAnswer } from "#app/lib/match/empty-result";
import type { Answers, QuestionKey } from "#app/lib/match/questionnaire";
import type { PetSummary } from "#app/models/pets.server";

/*
 * When no pet matches the answers: what left them out, and the nearest pets with the one answer each
 * misses. A view of its own, loaded only when shown (components/lazy-view.tsx): most visitors have
 * matches, and its code and words stay out of their page.
 */

export type NoMatchesData = EmptyExplanation<PetSummary & { weightLbs: number; activeLevel: string }> & {
  answers: Answers;
  /** Each answer in words, written by the server (the questionnaire's wording stays out of this view's code). */
  sentences: Partial<Record<QuestionKey, string>>;
  total: number;
};

const relaxLabels: Record<RelaxableAnswer, MessageDescriptor> = {
  p2: msg`Include every age`,
  p3: msg`Include every size`,
  p4: msg`Include every energy level`,
};

/** "Change your home answer", "Misses your size answer": each answer named in the page's language. */
const changeLabels: Record<QuestionKey, MessageDescriptor> = {
  a1: msg`your home answer`,
  a2: msg`your children answer`,
  a3: msg`your allergies answer`,
  a4: msg`your other pets answer`,
  p1: msg`your species answer`,
  p2: msg`your age answer`,
  p3: msg`your size answer`,
  p4: msg`your energy level answer`,
};
const missLabels: Record<QuestionKey, MessageDescriptor> = {
  a1: msg`Misses your home answer`,
  a2: msg`Misses your children answer`,
  a3: msg`Misses your allergies answer`,
  a4: msg`Misses your other pets answer`,
  p1: msg`Misses your species answer`,
  p2: msg`Misses your age answer`,
  p3: msg`Misses your size answer`,
  p4: msg`Misses your energy level answer`,
};

/** The words of the headline in languages other than English, where the order of words differs. */
const speciesPlural: Record<string, MessageDescriptor> = { Cat: msg`cats`, Dog: msg`dogs` };
const sizePlural: Record<string, MessageDescriptor> = {
  Small: msg({ message: "small", context: "pets, after the species" }),
  Medium: msg({ message: "medium", context: "pets, after the species" }),
  Large: msg({ message: "large", context: "pets, after the species" }),
};

/** `headline` in the page's language: English as it was; other languages put the words in their own order. */
function headlineIn(i18n: I18n, explanation: NoMatchesData): string {
  if (i18n.locale === "en") return headline(explanation);
  const { answers, emptiedBy, total } = explanation;
  const orIn = (words: string[]) => new Intl.ListFormat(i18n.locale, { type: "disjunction" }).format(words);
  const species = speciesPlural[answers.p1] ? i18n._(speciesPlural[answers.p1]!) : answers.p1;
  const sizes =
    answers.p3.length < 3
      ? ` ${orIn(answers.p3.map((size) => (sizePlural[size] ? i18n._(sizePlural[size]!) : size)))}`
      : "";
  const ages =
    answers.p2.fromAge === "All" && answers.p2.toAge === "All" ? "" : ` ${i18n._(msg`of the age you chose`)}`;
  const levelWords = orIn(answers.p4.map((level) => displayLabelIn(i18n, level).toLowerCase()));
  const levels = answers.p4.length < 3 ? ` ${i18n._(msg`with the energy ${levelWords}`)}` : "";
  const residents = orIn([
    ...new Set(
      answers.a4
        .filter((resident) => resident.type !== "Bird")
        .map((resident) => (speciesPlural[resident.type] ? i18n._(speciesPlural[resident.type]!) : resident.type)),
    ),
  ]);
  const pets = `${species}${sizes}${ages}${levels}`;
  switch (emptiedBy) {
    case "p1":
      return i18n._(msg`We have no ${species} for adoption right now.`);
    case "p2":
    case "p3": {
      // As in English, only the answers up to the one that left none.
      const fewer = emptiedBy === "p2" ? `${species}${ages}` : `${species}${sizes}${ages}`;
      return i18n._(msg`No ${fewer} right now.`);
    }
    case "p4":
      return i18n._(msg`No ${pets} right now.`);
    case "a3":
      return i18n._(msg`Someone at home is allergic to ${species}.`);
    case "a2":
      return i18n._(msg`No ${pets} are good with children under 10 right now.`);
    case "a4":
      return i18n._(msg`No ${pets} are good with ${residents} right now.`);
    default:
      return total === 0
        ? i18n._(msg`We have no pets for adoption right now.`)
        : i18n._(msg`No pets match your answers right now.`);
  }
}

const or = (words: string[]) =>
  words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;

/** "No small dogs are good with cats right now": the pets the answers before `emptiedBy` left, and what none of them is. */
function headline({ answers, emptiedBy, total }: NoMatchesData) {
  const species = `${answers.p1.toLowerCase()}s`;
  const sizes = answers.p3.length < 3 ? `${or(answers.p3.map((size) => size.toLowerCase()))} ` : "";
  const levels = answers.p4.length < 3 ? ` that are ${or(answers.p4.map((level) => level.toLowerCase()))}` : "";
  const ages = answers.p2.fromAge === "All" && answers.p2.toAge === "All" ? "" : " of the age you chose";
  // Only resident dogs and cats rule pets out; birds are not weighed.
  const residents = or([
    ...new Set(
      answers.a4.filter((resident) => resident.type !== "Bird").map((resident) => `${resident.type.toLowerCase()}s`),
    ),
  ]);
  switch (emptiedBy) {
    case "p1":
      return `We have no ${species} for adoption right now.`;
    case "p2":
      return `No ${species}${ages} right now.`;
    case "p3":
      return `No ${sizes}${species}${ages} right now.`;
    case "p4":
      return `No ${sizes}${species}${ages}${levels} right now.`;
    case "a3":
      return `Someone at home is allergic to ${species}.`;
    case "a2":
      return `No ${sizes}${species}${ages}${levels} are good with children under 10 right now.`;
    case "a4":
      return `No ${sizes}${species}${ages}${levels} are good with ${residents} right now.`;
    default:
      return total === 0 ? "We have no pets for adoption right now." : "No pets match your answers right now.";
  }
}

export default function NoMatches({ explanation }: { explanation: NoMatchesData }) {
  const { sentences, funnel, nearest, total } = explanation;
  const misses = new Map(nearest.map(({ pet, misses: missed }) => [pet.id, missed]));
  const relaxable = [...new Set(nearest.map(({ misses: missed }) => missed))];
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  return (
    <section className="no-matches" aria-labelledby="no-matches-title">
      <h3 id="no-matches-title">
        <Trans>We cannot find any pet records</Trans>
      </h3>
      <p className="no-matches__headline">{headlineIn(i18n, explanation)}</p>
      <p>
        <Trans>Of the {total} pets listed today, here is how many each of your answers left out:</Trans>
      </p>
      <ul className="no-matches__funnel" aria-label={t`Pets each answer left out`}>
        {funnel
          .filter((step) => step.removed > 0)
          .map((step) => {
            const { removed, left } = step;
            const which = t(changeLabels[step.answer]);
            return (
              <li key={step.answer}>
                {sentences[step.answer]}{" "}
                <Trans>
                  <strong>{removed} left out</strong>, {left} still in.
                </Trans>{" "}
                <Link to={href(`/match?edit=${step.answer}`)}>
                  <Trans>
                    Change<span className="visually-hidden"> {which}</span>
                  </Trans>
                </Link>
              </li>
            );
          })}
      </ul>
      {nearest.length > 0 ? (
        <>
          <h3>
            <Trans>The nearest matches</Trans>
          </h3>
          <p>
            <Trans>Each of these misses one of your answers.</Trans>
          </p>
          <div className="button-row">
            {relaxable.map((answer) => (
              <Form method="post" key={answer}>
                <input type="hidden" name="answer" value={answer} />
                <button type="submit" name="intent" value="relax" className="button button--primary">
                  {t(relaxLabels[answer])}
                </button>
              </Form>
            ))}
          </div>
          <PetGrid
            pets={nearest.map(({ pet }) => pet)}
            layout="roomy"
            actions={(pet) => <p className="near-miss">{t(missLabels[misses.get(pet.id) ?? "p3"])}</p>}
          />
        </>
      ) : null}
    </section>
  );
}
