import { deleteOldVolunteerApplications } from "#app/models/volunteers.server";
import { deleteOldLostFoundReports } from "#app/models/lost-found.server";
import { queueLostFoundReminders } from "#app/services/lost-found-reminders.server";
import { lostFoundSecret } from "#app/services/lost-found-links.server";
import { createDb, type Database } from "#app/db/client.server";
import { endDueHolds, giveEndsToOpenHolds } from "#app/models/holds.server";
import {
  deleteEndedRateLimits,
  deleteExpiredSessions,
  deleteOldContactMessages,
  deleteOldSentEmails,
  deleteSpentTokens,
  purgeDeletedPets,
} from "#app/models/housekeeping.server";
import { tagsForPetChange } from "#app/lib/http/page-tags";
import { sendNewPetAlerts } from "#app/models/new-pet-alerts.server";
import { deliverQueuedEmails } from "#app/services/queued-mail.server";
import { sweepUnreferencedPhotos } from "#app/services/photo-sweep.server";
import { queueTodaysVisitReminders } from "#app/services/visit-reminders.server";
import { sendYearlyGiftSummaries } from "#app/services/gift-summaries.server";
import { queueCareFollowUps } from "#app/services/care-follow-ups.server";
import { deleteExpiredSecurityEvents } from "#app/models/security-events.server";
import { readConfig, type AppConfig } from "#app/services/config.server";
import { createMailer } from "#app/services/mail.server";
import type { EmailLanguages } from "#app/lib/email/emails";
import { deleteExpiredPageTags, pagePurger, purgeZoneOf, type PagePurger } from "./page-purge";
import { syndicatePets } from "./syndication";

/** The Cron Triggers of wrangler.toml: which steps each one runs (decision 031). */
export const crons = { hourly: "0 * * * *", nightly: "30 10 * * *" } as const;

interface JobContext {
  db: Database;
  /** The catalogues the emails are written with, in each reader's language. */
  languages: EmailLanguages;
  photos: R2Bucket;
  config: AppConfig;
  purger: PagePurger;
  now: Date;
}

type Step = { name: string; run: (job: JobContext) => Promise<unknown> };

/**
 * Hourly: holds end (an email queued with each), new-pet alerts are written, then the queued
 * emails go out, so a hold ended this hour is told of this hour.
 */
const hourlySteps: Step[] = [
  { name: "give ends to open holds", run: ({ db, now }) => giveEndsToOpenHolds(db, now) },
  {
    name: "end due holds",
    run: async ({ db, now, config, purger, languages }) => {
      const { ended, failed, endedPets } = await endDueHolds(db, now, config.siteUrl, languages);
      // The pets are listed again whether or not their cached pages could be purged (decision 034).
      const purged = await Promise.all(
        endedPets.map(({ id, species }) => purger.purge(tagsForPetChange(id, [species]))),
      ).then(
        () => true,
        (error: unknown) => (console.error("page purge after holds ended failed", error), false),
      );
      return { ended, failed, purged };
    },
  },
  {
    name: "new-pet alerts",
    run: ({ db, now, config, languages }) => {
      if (!config.alertTokenSecret) throw new Error("ALERT_TOKEN_SECRET is not set: no alerts are sent");
      return sendNewPetAlerts(db, now, { siteUrl: config.siteUrl, secret: config.alertTokenSecret, languages });
    },
  },
  {
    name: "visit reminders",
    run: ({ db, now, config, languages }) => queueTodaysVisitReminders(db, now, config.siteUrl, languages),
  },
  // Issue 46: three days before a lost and found report ends, its reporter gets the two one-click links.
  {
    name: "lost and found reminders",
    run: ({ db, now, config, languages }) =>
      queueLostFoundReminders(db, now, config.siteUrl, lostFoundSecret(config), languages),
  },
  {
    name: "care follow-ups",
    run: ({ db, now, config, languages }) => {
      if (!config.alertTokenSecret)
        throw new Error("ALERT_TOKEN_SECRET is not set: no follow-ups are sent (their stop link is signed with it)");
      return queueCareFollowUps(db, now, config.siteUrl, config.alertTokenSecret, languages);
    },
  },
  {
    name: "deliver queued emails",
    run: ({ db, now, config }) => deliverQueuedEmails(db, createMailer(config.mail, db), now),
  },
];

/** Nightly housekeeping: what is no longer needed, and what the README says is kept only so long. */
const nightlySteps: Step[] = [
  { name: "expired sessions", run: ({ db, now }) => deleteExpiredSessions(db, now) },
  { name: "used or expired tokens", run: ({ db, now }) => deleteSpentTokens(db, now) },
  { name: "ended rate-limit windows", run: ({ db, now }) => deleteEndedRateLimits(db, now) },
  { name: "contact messages past retention", run: ({ db, now }) => deleteOldContactMessages(db, now) },
  { name: "volunteer applications past retention", run: ({ db, now }) => deleteOldVolunteerApplications(db, now) },
  { name: "lost and found reports past retention", run: ({ db, now }) => deleteOldLostFoundReports(db, now) },
  { name: "sent emails past retention", run: ({ db, now }) => deleteOldSentEmails(db, now) },
  { name: "security events past retention", run: ({ db, now }) => deleteExpiredSecurityEvents(db, now) },
  { name: "cached page index past its pages' lifetime", run: ({ db, now }) => deleteExpiredPageTags(db, now) },
  // Decision 065: in January, each monthly donor's gifts of the year before, once.
  {
    name: "yearly gift summaries",
    run: ({ db, now, config, languages }) => sendYearlyGiftSummaries(db, createMailer(config.mail, db), languages, now),
  },
  // Before the photo sweep, which removes the photos of the pets removed here the same night.
  { name: "pets deleted 30 days ago", run: ({ db, now }) => purgeDeletedPets(db, now) },
  // Decision 043: the listed pets to Petfinder and Adopt-a-Pet; a failed upload is sent again next night.
  { name: "partner sites (Petfinder, Adopt-a-Pet)", run: ({ db, config, now }) => syndicatePets(db, config, now) },
  { name: "unreferenced photos", run: ({ db, photos, now }) => sweepUnreferencedPhotos(db, photos, now) },
];

export interface StepOutcome {
  step: string;
  ok: boolean;
  result?: unknown;
  error?: string;
}

/**
 * Runs the steps of a cron, one after another. Each logs what it did (its counts); a step that fails
 * is logged and the next one still runs. An unknown cron (e.g. a hand-fired run without `cron`) runs both lists.
 * `languages`: the catalogues its emails are written with (`i18nFor`; the Worker hands over the Remix
 * build's, decision 057).
 */
export async function runScheduled(
  env: Env,
  cron: string,
  scheduledTime: number,
  languages: EmailLanguages,
  edgeCache?: Cache,
): Promise<StepOutcome[]> {
  const config = readConfig(env);
  const db = createDb(env.DB);
  const purger = pagePurger({ zone: purgeZoneOf(env), cache: edgeCache, db });
  const job: JobContext = { db, languages, photos: env.PHOTOS, config, purger, now: new Date(scheduledTime) };
  const steps =
    cron === crons.hourly ? hourlySteps : cron === crons.nightly ? nightlySteps : [...hourlySteps, ...nightlySteps];
  const outcomes: StepOutcome[] = [];
  for (const step of steps) {
    try {
      const result = await step.run(job);
      console.log(`scheduled ${cron}: ${step.name}`, JSON.stringify(result));
      outcomes.push({ step: step.name, ok: true, result });
    } catch (error) {
      console.error(`scheduled ${cron}: ${step.name} failed`, error);
      outcomes.push({ step: step.name, ok: false, error: String(error) });
    }
  }
  return outcomes;
}
