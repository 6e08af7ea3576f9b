import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Database } from "#app/db/client.server";
import type { Answers } from "#app/lib/match/questionnaire";
import { readStoredAnswers } from "#app/lib/match/questionnaire-schemas";
import { findMatchAnswers, saveMatchAnswers } from "#app/models/match-answers.server";
import { siteCookie } from "./site-cookie.server";

/**
 * The questionnaire's state. Visitors keep it in a browser-session cookie (gone when the browser
 * closes, as the Sign In Recommended note says); signed-in users on their record.
 */
export interface MatchState {
  answers: Partial<Answers>;
  matched: boolean;
  /** A visitor chose "Continue without saving". */
  welcomed: boolean;
}

const visitorCookie = (request: Request) => siteCookie(request, "match", { httpOnly: true, sameSite: "lax" });

async function readVisitorState(request: Request): Promise<MatchState> {
  let value: unknown;
  try {
    value = await visitorCookie(request).parse(request.headers.get("Cookie"));
  } catch {
    value = null;
  }
  const stored = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  return {
    answers: readStoredAnswers(stored.answers),
    matched: stored.matched === true,
    welcomed: stored.welcomed === true,
  };
}

export async function readMatchState(context: AppLoadContext, request: Request): Promise<MatchState> {
  const viewer = await context.auth.viewer();
  if (!viewer) return readVisitorState(request);
  const user = await findMatchAnswers(context.db, viewer.id);
  return { answers: readStoredAnswers(user?.matchAnswers), matched: Boolean(user?.matchedAt), welcomed: true };
}

/** Saves the state where it belongs; for visitors, returns the Set-Cookie that carries it. */
export async function saveMatchState(
  context: AppLoadContext,
  request: Request,
  state: MatchState,
): Promise<string | null> {
  const viewer = await context.auth.viewer();
  // Only the eight answers' keys are kept (spec §5), each re-checked.
  const answers = readStoredAnswers(state.answers);
  if (!viewer) {
    return visitorCookie(request).serialize({ answers, matched: state.matched, welcomed: state.welcomed });
  }
  await saveMatchAnswers(context.db, viewer.id, answers, state.matched ? new Date() : null);
  return null;
}

/**
 * The sign-in bootstrap of spec §4: answers given as a visitor fill the gaps in the user's saved
 * answers (saved ones win), then the visitor's cookie is cleared. Returns that Set-Cookie, or null.
 */
export async function mergeVisitorAnswers(db: Database, request: Request, userId: number): Promise<string | null> {
  const visitor = await readVisitorState(request);
  if (Object.keys(visitor.answers).length === 0) return null;
  const user = await findMatchAnswers(db, userId);
  const merged = { ...visitor.answers, ...readStoredAnswers(user?.matchAnswers) };
  await saveMatchAnswers(db, userId, merged, null);
  return visitorCookie(request).serialize("", { maxAge: 0 });
}
