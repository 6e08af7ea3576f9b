import type { QuestionKey } from "#app/lib/match/questionnaire";
import { questionSchemas } from "#app/lib/match/questionnaire-schemas";
import { formCheck, type LiveCheck } from "./form-check";

/** The questionnaire's steps checked in the browser, loaded on first use (docs/decisions/037). */
export const questions = Object.fromEntries(
  Object.entries(questionSchemas).map(([key, schema]) => [key, formCheck(schema)]),
) as Record<QuestionKey, LiveCheck>;
