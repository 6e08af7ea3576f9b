import { Form, Link } from "@remix-run/react";
import { PetGrid } from "#app/components/pet-card";
import type { EmptyExplanation, RelaxableAnswer, Strength } from "#app/lib/matchmaker";
import type { Answers, QuestionKey } from "#app/lib/questionnaire";
import type { PetSummary } from "#app/models/pets.server";

const strengthDots: Record<Strength, string> = { "Strong match": "●●●", "Good match": "●●○", "Possible match": "●○○" };

/** One matched pet's two lists: why it fits (never cut) and good to know (every caution, never cut). */
export function MatchExplanation({ name, strength, fits, cautions }: { name: string; strength: Strength; fits: string[]; cautions: string[] }) {
  return (
    <div className="match-explanation">
      <p className="match-strength">
        {strength} <span aria-hidden="true">{strengthDots[strength]}</span>
      </p>
      <ul className="reasons" aria-label={`Why ${name} fits`}>
        {fits.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {cautions.length > 0 ? (
        <>
          <p className="reasons__title">Good to know</p>
          <ul className="reasons reasons--cautions" aria-label={`Good to know about ${name}`}>
            {cautions.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

export type NoMatchesData = EmptyExplanation<PetSummary & { weightLbs: number; activeLevel: string }> & {
  answers: Answers;
  /** Each answer in words, written by the server (the questionnaire's wording stays out of this view's code). */
  sentences: Partial<Record<QuestionKey, string>>;
  total: number;
};

const relaxLabels: Record<RelaxableAnswer, string> = {
  p2: "Include every age",
  p3: "Include every size",
  p4: "Include every energy level",
};

const answerNames: Record<QuestionKey, string> = {
  a1: "home",
  a2: "children",
  a3: "allergies",
  a4: "other pets",
  p1: "species",
  p2: "age",
  p3: "size",
  p4: "energy level",
};

const or = (words: string[]) => (words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`);

/** "No small dogs are good with cats right now": the pets the answers before `emptiedBy` left, and what none of them is. */
function headline({ answers, emptiedBy, total }: NoMatchesData) {
  const species = `${answers.p1.toLowerCase()}s`;
  const sizes = answers.p3.length < 3 ? `${or(answers.p3.map((size) => size.toLowerCase()))} ` : "";
  const levels = answers.p4.length < 3 ? ` that are ${or(answers.p4.map((level) => level.toLowerCase()))}` : "";
  const ages = answers.p2.fromAge === "All" && answers.p2.toAge === "All" ? "" : " of the age you chose";
  // Only resident dogs and cats rule pets out; birds are not weighed.
  const residents = or([...new Set(answers.a4.filter((resident) => resident.type !== "Bird").map((resident) => `${resident.type.toLowerCase()}s`))]);
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

/** Zero results, never a dead end: which answers left no pets, with counts, and the nearest pets one click away. */
/** The spec's empty-list text (§2, results), said first; the explanation follows it. */
const noRecords = "We cannot find any pet records";

/** Matches there are, but the filters and the name search left none: the spec's words, then why, then the way back. */
export function NoFilteredMatches({ total }: { total: number }) {
  return (
    <p className="empty">
      {noRecords}. None of your {total} matches fit these filters. <Link to="/match">Clear All</Link>
    </p>
  );
}

export function NoMatches({ explanation }: { explanation: NoMatchesData }) {
  const { sentences, funnel, nearest, total } = explanation;
  const misses = new Map(nearest.map(({ pet, misses: missed }) => [pet.id, missed]));
  const relaxable = [...new Set(nearest.map(({ misses: missed }) => missed))];
  return (
    <section className="no-matches" aria-labelledby="no-matches-title">
      <h3 id="no-matches-title">{noRecords}</h3>
      <p className="no-matches__headline">{headline(explanation)}</p>
      <p>Of the {total} pets listed today, here is how many each of your answers left out:</p>
      <ul className="no-matches__funnel" aria-label="Pets each answer left out">
        {funnel
          .filter((step) => step.removed > 0)
          .map((step) => (
            <li key={step.answer}>
              {sentences[step.answer]} <strong>{step.removed} left out</strong>, {step.left} still in.{" "}
              <Link to={`/match?edit=${step.answer}`}>
                Change<span className="visually-hidden"> your {answerNames[step.answer]} answer</span>
              </Link>
            </li>
          ))}
      </ul>
      {nearest.length > 0 ? (
        <>
          <h3>The nearest matches</h3>
          <p>Each of these misses one of your answers.</p>
          <div className="button-row">
            {relaxable.map((answer) => (
              <Form method="post" key={answer}>
                <input type="hidden" name="answer" value={answer} />
                <button type="submit" name="intent" value="relax" className="button button--primary">
                  {relaxLabels[answer]}
                </button>
              </Form>
            ))}
          </div>
          <PetGrid
            pets={nearest.map(({ pet }) => pet)}
            layout="roomy"
            actions={(pet) => <p className="near-miss">Misses your {answerNames[misses.get(pet.id) ?? "p3"]} answer</p>}
          />
        </>
      ) : null}
    </section>
  );
}
