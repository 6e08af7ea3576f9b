import { checkIns, type FollowUpKind } from "./follow-ups";

/**
 * The one-tap answers to a follow-up e-mail (issue 45, decision 067). Each is a signed link that opens a
 * page with one button (nothing changes on a GET): the check-ins offer "well", "help" and "return" (and
 * the three-day one "registered" when the pet has a chip); a reminder offers "done".
 */
export const careAnswers = ["well", "help", "return", "registered", "done"] as const;
export type CareAnswer = (typeof careAnswers)[number];

export const isCareAnswer = (value: unknown): value is CareAnswer =>
  typeof value === "string" && (careAnswers as readonly string[]).includes(value);

/** The answers a follow-up's e-mail offers, in the order it shows them. */
export function answersOf(kind: FollowUpKind | string, hasChip: boolean): CareAnswer[] {
  if ((checkIns as readonly string[]).includes(kind))
    return kind === "check-in-3d" && hasChip ? ["registered", "well", "help", "return"] : ["well", "help", "return"];
  return ["vaccine-due", "fixed-due", "vaccine-due-day", "fixed-due-day"].includes(kind) ? ["done"] : [];
}

/** The answers that reach the staff inbox as a message: help and a return within one business day. */
export const inboxAnswers: readonly CareAnswer[] = ["help", "return"];
export const answerReplyBusinessDays = 1;

/** The longest line an adopter may add to "All is well" (it may become a story on the home page). */
export const answerLineMax = 500;

/** The signed part of an answer link: the follow-up (pet, address, kind, item) and the answer. */
export const answerTokenMessage = (
  followUp: { petId: number; email: string; kind: string; item: string },
  answer: CareAnswer,
) => `${followUp.petId}|${followUp.email.toLowerCase()}|${followUp.kind}|${followUp.item}|${answer}`;
