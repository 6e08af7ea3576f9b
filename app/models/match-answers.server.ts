import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { users } from "#app/db/schema";
import type { Answers } from "#app/lib/match/questionnaire";

/** A signed-in user's questionnaire answers as stored (checked by the caller) and when they last matched. */
export async function findMatchAnswers(db: Database, userId: number) {
  return db.query.users.findFirst({ where: eq(users.id, userId), columns: { matchAnswers: true, matchedAt: true } });
}

/** Replaces the user's answers; `matchedAt` null means the questionnaire is not finished. */
export async function saveMatchAnswers(
  db: Database,
  userId: number,
  answers: Partial<Answers>,
  matchedAt: Date | null,
) {
  await db.update(users).set({ matchAnswers: answers, matchedAt }).where(eq(users.id, userId));
}
