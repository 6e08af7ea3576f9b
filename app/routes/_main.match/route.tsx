import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Suspense, useEffect, useState } from "react";
import { lazyView } from "#app/components/lazy-view";
import { shelter } from "#app/config/shelter";
import { explainNoMatches, matchPets, relaxableAnswers, relaxAnswer, unweighedAnswers, type RelaxableAnswer } from "#app/lib/matchmaker";
import { readPage } from "#app/lib/adopt-filters";
import { applyMatchFilters, readMatchFilters } from "#app/lib/match-filters";
import { pageMeta } from "#app/lib/meta";
import {
  answerSentence,
  currentQuestion,
  currentStepAnchor,
  isComplete,
  progressPercent,
  questionKeys,
  type Answers,
  type QuestionKey,
} from "#app/lib/questionnaire";
import { questionSchemaFor } from "#app/lib/questionnaire-schemas";
import type { NoMatchesData } from "./results";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { readAlertSettings } from "#app/models/new-pet-alerts.server";
import { listMatchCandidates } from "#app/models/pets.server";
import { viewerFavoriteIds } from "#app/services/favorites.server";
import { readMatchState, saveMatchState } from "#app/services/match-answers.server";
import { publicPageHeaders } from "#app/lib/http-cache";

/** The questionnaire's views and the results: each page loads only the code of the one it shows (decision 039). */
const showsResults = (page: Document) => page.getElementById("results-title") !== null;
const MatchQuestions = lazyView(() => import("./questions"), (page) => !showsResults(page));
const MatchResultsView = lazyView(() => import("./results-view"), showsResults);

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta: MetaFunction = () =>
  pageMeta("Match", "Answer eight questions about your home and the pet you imagine, and meet the cats and dogs most likely to fit.");

/** Match cards on one page of results. */
export const matchPageSize = 12;

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
  let candidates;
  let favouriteIds;
  try {
    [candidates, favouriteIds] = await Promise.all([listMatchCandidates(context.db), viewerFavoriteIds(context)]);
    matches = matchPets(answers, candidates, favouriteIds);
  } catch (error) {
    // Spec §4: when matching fails, back to the questionnaire with a message; the answers are kept.
    console.error("matching failed", error);
    return { ...base, view: "questions" as View, current: null, failed: true, results: null };
  }
  const shown = applyMatchFilters(matches, filters, favouriteIds);
  // Twelve cards a page, as on the adoption lists: the page (and the data it carries) stays the same size however many pets match.
  const totalPages = Math.max(1, Math.ceil(shown.length / matchPageSize));
  const page = Math.min(readPage(url.searchParams), totalPages);
  const noMatches: NoMatchesData | null = matches.length === 0 ? { answers, total: candidates.length, ...explainNoMatches(answers, candidates) } : null;
  return {
    ...base,
    // The results show neither the answers nor their sentences: not sent to the browser again.
    answers: {} as Partial<Answers>,
    sentences: {} as ReturnType<typeof sentencesOf>,
    alertsOn: viewer ? (await readAlertSettings(context.db, viewer.id)).on : null,
    alertsConfirmed: viewer?.emailConfirmed ?? false,
    results: {
      total: matches.length,
      shownCount: shown.length,
      page,
      totalPages,
      filters,
      query: url.searchParams.toString(),
      // What a card shows; the weight and energy the matchmaker weighed are in its reasons already.
      pets: shown.slice((page - 1) * matchPageSize, page * matchPageSize).map(({ pet: { weightLbs: _weight, activeLevel: _level, ...pet }, fits, cautions, strength }) => ({ ...pet, fits, cautions, strength })),
      unweighed: unweighedAnswers(answers),
      noMatches,
    },
  };
}

/** Conform's parse, with a forged list intent (`__intent__` that is not Conform's JSON) refused with 400, not a 500. */
function parseSubmission<Schema extends Parameters<typeof parseWithZod>[1]["schema"]>(formData: FormData, schema: Schema) {
  try {
    return parseWithZod(formData, { schema });
  } catch {
    throw new Response("Unknown form intent", { status: 400 });
  }
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
    const submission = parseSubmission(formData, questionSchemaFor(key, state.answers));
    // A list button ("Add another pet", "Remove") is a Conform intent: the step again, one row more or less, every value kept.
    if (submission.status === undefined) return data({ question: key, result: submission.reply(), error: undefined });
    if (submission.status !== "success") {
      return data({ question: key, result: submission.reply(), error: undefined }, { status: 400 });
    }
    // Editing any answer clears the results: they are found again from the new answers.
    const next = { ...state, welcomed: true, matched: false, answers: { ...state.answers, [key]: submission.value } };
    // Without JavaScript the answer reloads the page: land on the next question (or Review), not at the top.
    return respond(`/match#${currentStepAnchor}`, next, key, submission.reply());
  }

  if (intent === "relax") {
    const answer = formData.get("answer");
    if (!isComplete(state.answers) || !(relaxableAnswers as readonly unknown[]).includes(answer)) throw new Response("Unknown answer", { status: 400 });
    return respond("/match", { ...state, matched: true, answers: relaxAnswer(state.answers, answer as RelaxableAnswer) });
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
  const startFinding = () => {
    // The results' code loads while the matches are found.
    void MatchResultsView.preload();
    setHolding(true);
  };
  return { finding: submitting || holding, startFinding };
}

export default function Match() {
  const loaderData = useLoaderData<typeof loader>();
  const { view, results } = loaderData;
  const alertsOn = "alertsOn" in loaderData ? loaderData.alertsOn : null;
  const alertsConfirmed = "alertsConfirmed" in loaderData ? loaderData.alertsConfirmed : false;
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
      {/* Each view's code loads only with that view; the server renders it whole (app/entry.server.tsx). */}
      <Suspense fallback={null}>
        {!finding && view !== "results" ? <MatchQuestions view={view} onFind={startFinding} /> : null}
        {!finding && view === "results" && results ? <MatchResultsView results={results} alertsOn={alertsOn} alertsConfirmed={alertsConfirmed} /> : null}
      </Suspense>
    </div>
  );
}
