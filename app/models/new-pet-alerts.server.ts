import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, min, or } from "drizzle-orm";
import { matchReasonColumns } from "#app/models/pets.server";
import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { pets, queuedEmails, users } from "#app/db/schema";
import { unsubscribeToken } from "#app/lib/email/alert-tokens";
import { startOfLocalDay } from "#app/lib/visits/business-hours";
import { newMatchesMessage, savedLocale, type Email, type EmailLanguages } from "#app/lib/email/emails";
import { matchPets } from "#app/lib/match/scoring";
import { isComplete } from "#app/lib/match/questionnaire";
import { readStoredAnswers } from "#app/lib/match/questionnaire-schemas";
import { publiclyListedCondition } from "#app/models/pets.server";
import { localizedPath } from "#app/lib/i18n/locale";

/** Turns alerts on (from now on: pets listed before are not news) or off. */
export async function setNewPetAlerts(db: Database, userId: number, on: boolean, now = new Date()) {
  await db
    .update(users)
    .set({ newPetAlerts: on, alertsCheckedAt: on ? now : null })
    .where(eq(users.id, userId));
}

/** Whether a user's alerts are on, and whether they can be (the questionnaire is answered). */
export async function readAlertSettings(db: Database, userId: number): Promise<{ on: boolean; answered: boolean }> {
  const [user] = await db
    .select({ on: users.newPetAlerts, answers: users.matchAnswers })
    .from(users)
    .where(eq(users.id, userId));
  return { on: user?.on ?? false, answered: isComplete(readStoredAnswers(user?.answers)) };
}

/** Subscribers read a page at a time. */
const usersPerPage = 1000;
/** New pets considered in one run at most (newest first); more than this in a day is not a normal day. */
const newPetsPerRun = 500;
/**
 * Rows per multi-row insert of emails: drizzle binds seven values a row (to, subject, text, headers,
 * attachments, and the defaults of attempts and created_at), so 14 rows stay under D1's 100 bound parameters.
 */
const emailsPerInsert = 14;
/** Statements per D1 batch. */
const statementsPerBatch = 50;

interface Options {
  siteUrl: string;
  secret: string;
  /** Each subscriber's email is written in their account's language. */
  languages: EmailLanguages;
}

/**
 * The new-pet alert run (decision 031): for every subscriber not yet emailed today (the shelter's
 * day), the pets listed since their last check that the matchmaker places in their matches; one
 * email each with the matches, and the check time moved to now for everyone looked at. A subscriber
 * already emailed today keeps their check time, so tomorrow's email includes what they missed.
 * Reads are paged and writes batched (multi-row inserts, `IN` lists), so 10,000 subscribers take a
 * few dozen D1 calls; each email and its subscriber's new check time are in the same batch.
 */
export async function sendNewPetAlerts(db: Database, now: Date, { siteUrl, secret, languages }: Options) {
  const dayStart = startOfLocalDay(now, shelter.openingHours.timeZone);
  // Only to proven addresses (decision 041): an alert turned on before its address was confirmed waits for the confirmation.
  const notYetToday = and(
    eq(users.newPetAlerts, true),
    isNotNull(users.emailConfirmedAt),
    or(isNull(users.alertSentAt), lt(users.alertSentAt, dayStart)),
  );
  const [oldest] = await db
    .select({ since: min(users.alertsCheckedAt) })
    .from(users)
    .where(notYetToday);
  if (!oldest?.since) return { subscribers: 0, emailed: 0, newPets: 0 };

  const candidates = await db
    .select({
      id: pets.id,
      name: pets.name,
      species: pets.species,
      ageMonths: pets.ageMonths,
      weightLbs: pets.weightLbs,
      activeLevel: pets.activeLevel,
      characteristics: pets.characteristics,
      ...matchReasonColumns,
      listedAt: pets.listedAt,
    })
    .from(pets)
    .where(and(publiclyListedCondition(), gt(pets.listedAt, oldest.since), lte(pets.listedAt, now)))
    .orderBy(desc(pets.listedAt))
    .limit(newPetsPerRun);
  if (candidates.length === 0) return { subscribers: 0, emailed: 0, newPets: 0 };
  const newestListing = candidates[0]!.listedAt!;

  let subscribers = 0;
  let emailed = 0;
  let afterId = 0;
  for (;;) {
    const page = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
        answers: users.matchAnswers,
        checkedAt: users.alertsCheckedAt,
      })
      .from(users)
      .where(and(notYetToday, gt(users.id, afterId), lt(users.alertsCheckedAt, newestListing)))
      .orderBy(asc(users.id))
      .limit(usersPerPage);
    if (page.length === 0) break;
    afterId = page.at(-1)!.id;
    subscribers += page.length;

    const emails: { userId: number; email: Email }[] = [];
    const checkedOnly: number[] = [];
    for (const user of page) {
      const answers = readStoredAnswers(user.answers);
      const since = user.checkedAt?.getTime() ?? now.getTime();
      const news = candidates.filter((pet) => pet.listedAt!.getTime() > since);
      const matches = isComplete(answers) ? matchPets(answers, news) : [];
      if (matches.length === 0) {
        checkedOnly.push(user.id);
        continue;
      }
      // In the account's language (users.language, decision 057), with links to its pages.
      const locale = savedLocale(user.language);
      const link = `${siteUrl}${localizedPath(`/alerts/unsubscribe?user=${user.id}&token=${await unsubscribeToken(user.id, secret)}`, locale)}`;
      const listed = matches.map((match) => ({
        name: match.pet.name,
        fits: match.fits,
        cautions: match.cautions,
        link: `${siteUrl}${localizedPath(`/adopt/pet?pet_id=${match.pet.id}`, locale)}`,
      }));
      emails.push({
        userId: user.id,
        email: newMatchesMessage(user.email, user.firstName, listed, link, languages(locale)),
      });
    }
    await writeAlerts(db, now, emails, checkedOnly);
    emailed += emails.length;
  }
  return { subscribers, emailed, newPets: candidates.length };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

async function writeAlerts(db: Database, now: Date, emails: { userId: number; email: Email }[], checkedOnly: number[]) {
  const statements = [
    ...chunks(emails, emailsPerInsert).flatMap((group) => [
      db.insert(queuedEmails).values(
        group.map(({ email }) => ({
          to: email.to,
          subject: email.subject,
          text: email.text,
          headers: email.headers ?? null,
          createdAt: now,
        })),
      ),
      db
        .update(users)
        .set({ alertSentAt: now, alertsCheckedAt: now })
        .where(
          inArray(
            users.id,
            group.map(({ userId }) => userId),
          ),
        ),
    ]),
    ...chunks(checkedOnly, 90).map((ids) =>
      db.update(users).set({ alertsCheckedAt: now }).where(inArray(users.id, ids)),
    ),
  ];
  // An email insert and its users' update are next to each other, and a batch never splits a pair.
  for (const [first, ...rest] of chunks(statements, statementsPerBatch)) {
    if (first) await db.batch([first, ...rest]);
  }
}
