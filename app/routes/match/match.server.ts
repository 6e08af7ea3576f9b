import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { explainNoMatches, relaxableAnswers, relaxAnswer, type RelaxableAnswer } from "#app/lib/match/empty-result";
import { matchPets } from "#app/lib/match/scoring";
import { unweighedAnswers } from "#app/lib/match/reasons";
import { readPage } from "#app/lib/pets/adopt-filters";
import { applyMatchFilters, readMatchFilters } from "#app/lib/match/match-filters";
import {
  answerSentenceIn,
  currentQuestion,
  currentStepAnchor,
  isComplete,
  progressPercent,
  questionKeys,
  type Answers,
  type QuestionKey,
} from "#app/lib/match/questionnaire";
import { questionSchemaFor } from "#app/lib/match/questionnaire-schemas";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { readAlertSettings } from "#app/models/new-pet-alerts.server";
import { listMatchCandidates } from "#app/models/pets.server";
import { viewerFavoriteIds } from "#app/services/favorites.server";
import { readMatchState, saveMatchState } from "#app/services/match-answers.server";
import type { NoMatchesData } from "./no-matches";

/*
 * /match's loader and action. The route module re-exports them; its views (questions.tsx,
 * results-view.tsx) read their types from here, so no view imports the route that imports it.
 */

/** Match cards on one page of results. */
export const matchPageSize = 12;

export type View = "welcome" | "questions" | "review" | "results";

function sentencesOf(answers: Partial<Answers>, i18n: I18n) {
  return Object.fromEntries(
    questionKeys
      .filter((key) => answers[key] !== undefined)
      .map((key) => [key, answerSentenceIn(i18n, key, answers[key] as never)]),
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
  const i18n = i18nOf(request);

  let view: View = "questions";
  if (!viewer && !state.welcomed && Object.keys(answers).length === 0) view = "welcome";
  else if (complete && step === "review") view = "review";
  else if (complete && state.matched && !editing && step !== "questions") view = "results";

  const base = {
    meta: {
      title: i18n._(msg`Match`),
      description: i18n._(
        msg`Answer eight questions about your home and the pet you imagine, and meet the cats and dogs most likely to fit.`,
      ),
    },
    view,
    signedIn: viewer !== null,
    answers,
    sentences: sentencesOf(answers, i18n),
    progress: progressPercent(answers),
    current: view === "questions" ? currentQuestion(answers, editing) : null,
    complete,
    failed: url.searchParams.has("failed"),
  };
  if (view !== "results" || !complete) return { ...base, results: null };

  const filters = readMatchFilters(url.searchParams);
  let matches;
  let candidates;
  let favoriteIds;
  try {
    [candidates, favoriteIds] = await Promise.all([listMatchCandidates(context.db), viewerFavoriteIds(context)]);
    matches = matchPets(answers, candidates, favoriteIds, i18n);
  } catch (error) {
    // Spec §4: when matching fails, back to the questionnaire with a message; the answers are kept.
    console.error("matching failed", error);
    return { ...base, view: "questions" as View, current: null, failed: true, results: null };
  }
  const shown = applyMatchFilters(matches, filters, favoriteIds);
  // Twelve cards a page, as on the adoption lists: the page (and the data it carries) stays the same size however many pets match.
  const totalPages = Math.max(1, Math.ceil(shown.length / matchPageSize));
  const page = Math.min(readPage(url.searchParams), totalPages);
  const noMatches: NoMatchesData | null =
    matches.length === 0
      ? {
          answers,
          sentences: sentencesOf(answers, i18n),
          total: candidates.length,
          ...explainNoMatches(answers, candidates),
        }
      : null;
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
      // What a card shows; the weight, energy, about text and bonded partner the reasons read are in them already.
      pets: shown
        .slice((page - 1) * matchPageSize, page * matchPageSize)
        .map(
          ({
            pet: { weightLbs: _weight, activeLevel: _level, about: _about, bondedWith: _bonded, ...pet },
            fits,
            cautions,
            strength,
          }) => ({ ...pet, fits, cautions, strength }),
        ),
      unweighed: unweighedAnswers(answers, i18n),
      noMatches,
    },
  };
}

/** Conform's parse, with a forged list intent (`__intent__` that is not Conform's JSON) refused with 400, not a 500. */
function parseSubmission<Schema extends Parameters<typeof parseWithZod>[1]["schema"]>(
  formData: FormData,
  schema: Schema,
) {
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
  // Redirects stay on the page's language (/es/match for the Spanish page).
  const locale = localeOf(request);
  const here = (path: string) => localizedPath(path, locale);
  /** Saves the answers and moves on; if D1 fails, the same step again with what was chosen and why. */
  const respond = (location: string, next = state, question: QuestionKey | null = null, result?: SubmissionResult) =>
    tryWrite(
      async () => {
        const cookie = await saveMatchState(context, request, next);
        return redirect(here(location), cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
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
    // The last answer (or an edit that completes the questionnaire) opens the review: the answers are
    // listed there once, beside "Find your matched pets", not first on the questions page too (issue 40).
    if (isComplete(next.answers)) return respond("/match?step=review", next, key, submission.reply());
    // Without JavaScript the answer reloads the page: land on the next question, not at the top.
    return respond(`/match#${currentStepAnchor}`, next, key, submission.reply());
  }

  if (intent === "relax") {
    const answer = formData.get("answer");
    if (!isComplete(state.answers) || !(relaxableAnswers as readonly unknown[]).includes(answer))
      throw new Response("Unknown answer", { status: 400 });
    return respond("/match", {
      ...state,
      matched: true,
      answers: relaxAnswer(state.answers, answer as RelaxableAnswer),
    });
  }

  if (intent === "match") {
    if (!isComplete(state.answers)) return respond("/match?failed");
    return respond("/match", { ...state, matched: true });
  }

  throw new Response("Unknown form", { status: 400 });
}
