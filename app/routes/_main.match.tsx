import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { PetGrid } from "#app/components/pet-card";
import { ApplyLink } from "#app/components/pet-actions";
import { QuestionForm } from "#app/components/question-forms";
import { shelter } from "#app/config/shelter";
import { chipsOf, filtersToQuery, withoutChip } from "#app/lib/adopt-filters";
import { CheckboxGroup } from "#app/components/checkbox-group";
import { SortSelect } from "#app/components/sort-select";
import { activeLevels, displayLabel, dogBreeds } from "#app/lib/breeds";
import { matchPets } from "#app/lib/matchmaker";
import { applyMatchFilters, matchCatBreeds, readMatchFilters, type MatchFilters } from "#app/lib/match-filters";
import { pageMeta } from "#app/lib/meta";
import { petSizes, sizeLabel } from "#app/lib/pet-sizes";
import {
  aboutPets,
  aboutYou,
  answerSentence,
  currentQuestion,
  isComplete,
  progressPercent,
  questionKeys,
  type Answers,
  type QuestionKey,
} from "#app/lib/questionnaire";
import { questionSchemas } from "#app/lib/questionnaire-schemas";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { readAlertSettings } from "#app/models/new-pet-alerts.server";
import { listMatchCandidates } from "#app/models/pets.server";
import { viewerFavoriteIds } from "#app/services/favorites.server";
import { readMatchState, saveMatchState } from "#app/services/match-answers.server";
import { publicPageHeaders } from "#app/lib/http-cache";
import { NewPetAlertsForm } from "#app/components/new-pet-alerts-form";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta: MetaFunction = () =>
  pageMeta("Match", "Answer eight questions about your home and the pet you imagine, and meet the cats and dogs most likely to fit.");

type View = "welcome" | "questions" | "review" | "results";

function sentencesOf(answers: Partial<Answers>) {
  return Object.fromEntries(
    questionKeys.filter((key) => answers[key] !== undefined).map((key) => [key, answerSentence(key, answers[key] as never)]),
  ) as Partial<Record<QuestionKey, string>>;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = await readMatchState(context, request);
  const viewer = await context.auth.viewer();
  const { answers } = state;
  const step = url.searchParams.get("step");
  const editing = url.searchParams.get("edit");
  const complete = isComplete(answers);

  let view: View = "questions";
  if (!viewer && !state.welcomed && Object.keys(answers).length === 0) view = "welcome";
  else if (complete && step === "review") view = "review";
  else if (complete && state.matched && !editing && step !== "questions") view = "results";

  const base = {
    view,
    signedIn: viewer !== null,
    answers,
    sentences: sentencesOf(answers),
    progress: progressPercent(answers),
    current: view === "questions" ? currentQuestion(answers, editing) : null,
    complete,
    failed: url.searchParams.has("failed"),
  };
  if (view !== "results" || !complete) return { ...base, results: null };

  const filters = readMatchFilters(url.searchParams);
  let matches;
  try {
    matches = matchPets(answers, await listMatchCandidates(context.db), await viewerFavoriteIds(context));
  } catch (error) {
    // Spec §4: when matching fails, back to the questionnaire with a message; the answers are kept.
    console.error("matching failed", error);
    return { ...base, view: "questions" as View, current: null, failed: true, results: null };
  }
  const shown = applyMatchFilters(matches, filters);
  return {
    ...base,
    alertsOn: viewer ? (await readAlertSettings(context.db, viewer.id)).on : null,
    results: {
      total: matches.length,
      filters,
      query: url.searchParams.toString(),
      pets: shown.map((match) => ({ ...match.pet, reasons: match.reasons.slice(0, 4), score: match.score })),
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const state = await readMatchState(context, request);
  /** Saves the answers and moves on; if D1 fails, the same step again with what was chosen and why. */
  const respond = (location: string, next = state, question: QuestionKey | null = null, result?: SubmissionResult) =>
    tryWrite(
      async () => {
        const cookie = await saveMatchState(context, request, next);
        return redirect(location, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
      },
      (message) => data({ question, result, error: message }, { status: 503 }),
    );

  if (intent === "continue") return respond("/match", { ...state, welcomed: true });

  if (intent === "answer") {
    const question = formData.get("question");
    if (typeof question !== "string" || !(questionKeys as string[]).includes(question)) {
      throw new Response("Unknown question", { status: 400 });
    }
    const key = question as QuestionKey;
    const submission = parseWithZod(formData, { schema: questionSchemas[key] });
    if (submission.status !== "success") {
      return data({ question: key, result: submission.reply(), error: undefined }, { status: 400 });
    }
    // Editing any answer clears the results: they are found again from the new answers.
    const next = { ...state, welcomed: true, matched: false, answers: { ...state.answers, [key]: submission.value } };
    return respond("/match", next, key, submission.reply());
  }

  if (intent === "match") {
    if (!isComplete(state.answers)) return respond("/match?failed");
    return respond("/match", { ...state, matched: true });
  }

  throw new Response("Unknown form", { status: 400 });
}

function Steps({ view, finding }: { view: View; finding: boolean }) {
  const current = finding ? 1 : view === "results" ? 2 : 0;
  return (
    <ol className="steps" aria-label="Steps">
      {["Answer Questions", "Finding Matches", "Your Matches"].map((label, index) => (
        <li key={label} aria-current={index === current ? "step" : undefined} className={index <= current ? "steps__done" : undefined}>
          {label}
        </li>
      ))}
    </ol>
  );
}

function Welcome() {
  return (
    <section className="welcome-card" aria-labelledby="recommended-title">
      <h2 id="recommended-title">Sign In Recommended</h2>
      <p>
        Without an account, your answers and results are not saved once you close this tab. Sign in or create an
        account to keep them.
      </p>
      <p className="button-row">
        <Link to="/register?redirectTo=%2Fmatch" className="button button--primary">
          Create an Account
        </Link>
        <Link to="/sign-in?redirectTo=%2Fmatch" className="button">
          Sign In
        </Link>
      </p>
      <Form method="post">
        <button type="submit" name="intent" value="continue" className="link-button">
          Continue without saving
        </button>
      </Form>
    </section>
  );
}

function AnswerList({ keys, sentences }: { keys: QuestionKey[]; sentences: Partial<Record<QuestionKey, string>> }) {
  return (
    <ul className="answers">
      {keys
        .filter((key) => sentences[key])
        .map((key) => (
          <li key={key}>
            <span>{sentences[key]}</span>
            <Link to={`/match?edit=${key}`} className="answers__edit" preventScrollReset>
              Edit<span className="visually-hidden"> this answer</span>
            </Link>
          </li>
        ))}
    </ul>
  );
}

function Questions() {
  const { answers, sentences, progress, current, complete, failed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const groupOneDone = aboutYou.every((key) => answers[key] !== undefined);
  const form = (key: QuestionKey) => ({ id: `question-${key}`, constraint: {}, lastResult: actionData?.question === key ? actionData.result : undefined });
  const group = (title: string, keys: QuestionKey[]) => (
    <section className="question-group" aria-label={title}>
      <h2>{title}</h2>
      <AnswerList keys={keys.filter((key) => key !== current)} sentences={sentences} />
      {current && keys.includes(current) ? <QuestionForm question={current} form={form(current)} answer={answers[current] as never} /> : null}
    </section>
  );
  return (
    <>
      <div className="progress">
        <progress value={progress} max={100} aria-labelledby="progress-label" />
        <p id="progress-label">Process complete {progress}%</p>
      </div>
      {failed ? (
        <p className="notice notice--error" role="alert">
          We could not find your matches. Your answers are kept: please check them and try again.
        </p>
      ) : null}
      {group("About yourself", aboutYou)}
      {groupOneDone ? group("About your ideal pets", aboutPets) : null}
      {complete && !current ? (
        <p className="button-row">
          <Link to="/match?step=review" className="button button--primary">
            Review
          </Link>
        </p>
      ) : null}
    </>
  );
}

function Review({ onFind }: { onFind: () => void }) {
  const { sentences } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const finding = navigation.formData?.get("intent") === "match";
  return (
    <section aria-labelledby="review-title">
      <h2 id="review-title">Review your answers</h2>
      <h3>Adopter Info</h3>
      <AnswerList keys={aboutYou} sentences={sentences} />
      <h3>Pet Preferences</h3>
      <AnswerList keys={aboutPets} sentences={sentences} />
      <div className="button-row">
        <Link to="/match?step=questions" className="button">
          Question
        </Link>
        <Form method="post" onSubmit={onFind}>
          <button type="submit" name="intent" value="match" className="button button--primary" disabled={finding}>
            Find your matched pets
          </button>
        </Form>
      </div>
    </section>
  );
}

function Finding() {
  return (
    <div className="finding" role="status">
      <span className="finding__paws" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <p>Looking for your most matched pets...</p>
    </div>
  );
}

/** The results' filters: a dialog with JavaScript (spec §2), a section that opens in place without. */
function FilterPanel({ children }: { children: ReactNode }) {
  const enhanced = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  if (!enhanced) {
    return (
      <details className="match-filters">
        <summary>Filter</summary>
        {children}
      </details>
    );
  }
  return (
    <div className="match-filters">
      <button type="button" className="match-filters__open" onClick={() => dialog.current?.showModal()}>
        Filter
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby="match-filters-title" onSubmit={() => dialog.current?.close()}>
        <h2 id="match-filters-title">Filter your matches</h2>
        {children}
        <form method="dialog">
          <button type="submit" className="link-button">
            Close
          </button>
        </form>
      </dialog>
    </div>
  );
}

function Results({ results }: { results: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["results"]> }) {
  const { filters, pets, total } = results;
  const linkWith = (next: MatchFilters) => {
    const query = new URLSearchParams(filtersToQuery(next));
    if (next.search) query.set("q", next.search);
    for (const species of next.species) query.append("species", species);
    const text = query.toString();
    return text ? `/match?${text}` : "/match";
  };
  const reasons = new Map(pets.map((pet) => [pet.id, pet.reasons]));
  return (
    <section aria-labelledby="results-title">
      <p>
        <Link to="/match?step=questions">Go back to the questionnaires</Link>
      </p>
      <h2 id="results-title">
        Your Matches ({pets.length === total ? total : `${pets.length} of ${total}`})
      </h2>
      <Form method="get" action="/match" className="search" role="search">
        <label htmlFor="match-search">Search for a pet</label>
        <input id="match-search" type="search" name="q" defaultValue={filters.search} />
        {filters.species.map((species) => <input key={species} type="hidden" name="species" value={species} />)}
        {filters.breeds.map((breed) => <input key={breed} type="hidden" name="breed" value={breed} />)}
        {filters.levels.map((level) => <input key={level} type="hidden" name="level" value={level} />)}
        {filters.sizes.map((size) => <input key={size} type="hidden" name="size" value={size} />)}
        <button type="submit" className="button button--small">Search</button>
        {filters.search ? (
          <Link to={linkWith({ ...filters, search: "" })} className="button button--small">
            Clear<span className="visually-hidden"> the search</span>
          </Link>
        ) : null}
      </Form>
      <FilterPanel>
        <Form method="get" action="/match" className="stack">
          <input type="hidden" name="q" value={filters.search} />
          <CheckboxGroup legend="Species" name="species" options={["Cat", "Dog"]} chosen={filters.species} />
          <CheckboxGroup legend="Cat breeds" name="breed" options={matchCatBreeds} chosen={filters.breeds} />
          <CheckboxGroup legend="Dog breeds" name="breed" options={dogBreeds.filter((breed) => breed !== "Mix")} chosen={filters.breeds} />
          <CheckboxGroup legend="Active levels" name="level" options={activeLevels} chosen={filters.levels} />
          <CheckboxGroup legend="Sizes" name="size" options={petSizes} chosen={filters.sizes} label={sizeLabel} />
          <SortSelect id="match-sort" label="Sort" value={filters.sort} />
          <p className="button-row">
            <button type="submit" className="button button--primary">Apply</button>
            <Link to="/match" className="button">Clear All</Link>
          </p>
        </Form>
      </FilterPanel>
      {chipsOf(filters).length + filters.species.length > 0 ? (
        <ul className="chips" aria-label="Chosen filters">
          {filters.species.map((species) => (
            <li key={species}>
              <Link to={linkWith({ ...filters, species: filters.species.filter((value) => value !== species) })} className="chip" aria-label={`Remove filter ${species}`}>
                {species} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
          {chipsOf(filters).map((chip) => (
            <li key={`${chip.key}-${chip.value}`}>
              <Link to={linkWith({ ...filters, ...withoutChip(filters, chip) })} className="chip" aria-label={`Remove filter ${displayLabel(chip.value)}`}>
                {chip.key === "size" ? sizeLabel(chip.value) : displayLabel(chip.value)} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {pets.length > 0 ? (
        <PetGrid
          pets={pets}
          eagerCount={2}
          actions={(pet) => (
            <>
              <ul className="reasons" aria-label={`Why ${pet.name} matched`}>
                {(reasons.get(pet.id) ?? []).map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
              <ApplyLink petId={pet.id} petName={pet.name} className="button button--small button--accent" />
            </>
          )}
        />
      ) : (
        <p className="empty">We cannot find any pet records</p>
      )}
    </section>
  );
}

/**
 * With JavaScript, "Finding Matches" shows while the answer is on its way and for about 3 s after it
 * arrives (spec §4); without JavaScript the results come straight in the response.
 */
function useFinding() {
  const navigation = useNavigation();
  const submitting = navigation.formData?.get("intent") === "match";
  const [holding, setHolding] = useState(false);
  useEffect(() => {
    if (!holding || submitting) return;
    // The answer has arrived: keep the animation about three more seconds.
    const timer = setTimeout(() => setHolding(false), 3000);
    return () => clearTimeout(timer);
  }, [holding, submitting]);
  return { finding: submitting || holding, startFinding: () => setHolding(true) };
}

export default function Match() {
  const loaderData = useLoaderData<typeof loader>();
  const { view, results } = loaderData;
  const alertsOn = "alertsOn" in loaderData ? loaderData.alertsOn : null;
  const actionData = useActionData<typeof action>();
  const { finding, startFinding } = useFinding();
  return (
    <div className="container match-page">
      <h1>Find your match</h1>
      <p className="lead">Eight questions about your home and the pet you imagine at {shelter.name}.</p>
      {view !== "welcome" ? <Steps view={view} finding={finding} /> : null}
      {actionData?.error && !finding ? (
        <p className="notice notice--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {finding ? <Finding /> : null}
      {!finding && view === "welcome" ? <Welcome /> : null}
      {!finding && view === "questions" ? <Questions /> : null}
      {!finding && view === "review" ? <Review onFind={startFinding} /> : null}
      {!finding && view === "results" && results ? <Results results={results} /> : null}
      {!finding && view === "results" && results && typeof alertsOn === "boolean" ? <NewPetAlertsForm on={alertsOn} redirectTo="/match" /> : null}
    </div>
  );
}
