import { shelter } from "#app/config/shelter";
import type { Database } from "#app/db/client.server";
import { signedToken } from "#app/lib/email/alert-tokens";
import { answersOf, answerTokenMessage, type CareAnswer } from "#app/lib/care/answers";
import { dayIn } from "#app/lib/care/calendar";
import { followUpMessage } from "#app/lib/care/follow-up-emails";
import { dueFollowUps, followUpDays, type FollowUpKind } from "#app/lib/care/follow-ups";
import { vaccineName } from "#app/lib/care/vaccinations";
import { savedLocale, type EmailLanguages } from "#app/lib/email/emails";
import { localizedPath } from "#app/lib/i18n/locale";
import { adoptionsToFollowUp, queueFollowUp } from "#app/models/care.server";

/** The purpose of the stop link's token: no other link's token opens it (decision 067). */
export const followUpStopPurpose = "care-follow-ups:stop:";

/** The one-click link that stops every follow-up to `email`. */
export async function followUpStopLink(siteUrl: string, email: string, secret: string, locale: "en" | "es" = "en") {
  const token = await signedToken(followUpStopPurpose, email.toLowerCase(), secret);
  return `${siteUrl}${localizedPath("/care/stop", locale)}?email=${encodeURIComponent(email.toLowerCase())}&token=${token}`;
}

/** The purpose of a one-tap answer's token (decision 067). */
export const followUpAnswerPurpose = "care-follow-ups:answer:";

export interface FollowUpKey {
  petId: number;
  email: string;
  kind: string;
  item: string;
}

/** The signed link of one answer to a follow-up: it opens /care/answer, a page with one button. */
export async function followUpAnswerLink(
  siteUrl: string,
  followUp: FollowUpKey,
  answer: CareAnswer,
  secret: string,
  locale: "en" | "es" = "en",
) {
  const token = await signedToken(followUpAnswerPurpose, answerTokenMessage(followUp, answer), secret);
  const query = new URLSearchParams({
    pet: String(followUp.petId),
    email: followUp.email.toLowerCase(),
    kind: followUp.kind,
    item: followUp.item,
    answer,
    token,
  });
  return `${siteUrl}${localizedPath("/care/answer", locale)}?${query}`;
}

/**
 * The hourly run's follow-ups (issue 45, decision 067): for each adoption of the last three years, the
 * check-ins and reminders due on the shelter's day, each recorded with its queued e-mail in one batch
 * (sent once), in the adopter's language. The delivery step after it sends them.
 */
export async function queueCareFollowUps(
  db: Database,
  now: Date,
  siteUrl: string,
  secret: string,
  languages: EmailLanguages,
) {
  const today = dayIn(shelter.openingHours.timeZone, now);
  const adoptions = await adoptionsToFollowUp(db, new Date(now.getTime() - followUpDays * 86_400_000));
  let queued = 0;
  let failed = 0;
  for (const adoption of adoptions) {
    const adoptedOn = dayIn(shelter.openingHours.timeZone, adoption.adoptedDate);
    const due = dueFollowUps(
      {
        adoptedOn,
        vaccinations: adoption.vaccinations,
        fixed: adoption.fixed,
        fixedDueOn: adoption.fixedDueOn,
        done: adoption.done,
      },
      today,
    );
    for (const followUp of due) {
      if (adoption.written.has(`${followUp.kind}:${followUp.item}`)) continue;
      try {
        const locale = savedLocale(adoption.language);
        const vaccination = adoption.vaccinations.find((row) => String(row.id) === followUp.item);
        const stopLink = await followUpStopLink(siteUrl, adoption.email, secret, locale);
        const key = { petId: adoption.petId, email: adoption.email, kind: followUp.kind, item: followUp.item };
        const answerLinks = await Promise.all(
          answersOf(followUp.kind as FollowUpKind, adoption.chipNumber !== null).map(async (answer) => ({
            answer,
            url: await followUpAnswerLink(siteUrl, key, answer, secret, locale),
          })),
        );
        const email = followUpMessage(
          adoption.email,
          followUp,
          {
            name: adoption.name,
            chipNumber: adoption.chipNumber,
            vaccine: vaccination ? vaccineName(vaccination) : undefined,
          },
          stopLink,
          languages(locale),
          answerLinks,
        );
        const written = await queueFollowUp(
          db,
          {
            petId: adoption.petId,
            email: adoption.email,
            kind: followUp.kind,
            item: followUp.item,
            dueOn: followUp.dueOn ?? followUp.sendOn,
          },
          email,
        );
        if (written) queued += 1;
      } catch (error) {
        // One that fails is left for the next run (nothing of it was written); the others still go.
        console.error("could not queue a follow-up", adoption.petId, followUp.kind, error);
        failed += 1;
      }
    }
  }
  return { adoptions: adoptions.length, queued, failed };
}
