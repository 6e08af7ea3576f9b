import type { AppLoadContext } from "@remix-run/cloudflare";
import { shelter } from "#app/config/shelter";
import { savedLocale } from "#app/lib/email/emails";
import { localizedPath } from "#app/lib/i18n/locale";
import { matchMessage, reportEndIn, reportLiveMessage, staffMatchNotice } from "#app/lib/lost-found/emails";
import { findMatches, localDay, type MatchSubject } from "#app/lib/lost-found/matching";
import type { ReportKind } from "#app/lib/lost-found/report";
import { reportSubject } from "#app/lib/lost-found/subject";
import { sizeOf } from "#app/lib/pets/pet-sizes";
import { i18nFor, inboxI18n } from "#app/locales/catalogs.server";
import {
  animalsInCareForMatching,
  lostFoundReporter,
  openReportsForMatching,
  saveLostFoundMatches,
  type LostFoundReport,
  type NewMatch,
} from "#app/models/lost-found.server";
import { lostFoundSecret, reporterLinks } from "#app/services/lost-found-links.server";
import { sendAfterResponse } from "#app/services/notify.server";

/** The strays a lost report is matched against came in within this long (issue 46). */
const strayWindowMs = 30 * 24 * 60 * 60 * 1000;

/** Emails a new report may send about its matches, at most: the best ones (the report's page lists them). */
const matchEmailsMax = 5;

type Animal = Awaited<ReturnType<typeof animalsInCareForMatching>>[number];

/** A stray in the shelter's care as a found pet: found at the shelter on the day it came in (its stay's intake); no colours or chip on record. */
export function animalSubject(animal: Animal): MatchSubject {
  return {
    key: `pet:${animal.id}`,
    kind: "found",
    species: animal.species.toLowerCase(),
    sex: animal.sex ? animal.sex.toLowerCase() : "unknown",
    size: sizeOf(animal.weightLbs).toLowerCase(),
    colours: [],
    date: animal.intakeOn,
    microchip: null,
    open: true,
    latitude: shelter.geo.latitude,
    longitude: shelter.geo.longitude,
  };
}

const otherKind = (kind: ReportKind): ReportKind => (kind === "lost" ? "found" : "lost");

/**
 * A report was just confirmed (issue 46): it is matched at once against the open reports of the other
 * kind and, a lost one, against the animals in care; the matches are kept; its reporter gets the
 * "live" email with the two links; the owner of each lost report involved gets an email per likely
 * match (the best few) with a link to it; staff hear of a lost pet that may be in their care.
 * Returns the matches found.
 */
export async function matchConfirmedReport(
  context: AppLoadContext,
  report: LostFoundReport,
  origin: string,
  now = new Date(),
) {
  const db = context.db;
  const secret = lostFoundSecret(context.config);
  const subject = reportSubject(report);
  const reports = (await openReportsForMatching(db, otherKind(report.kind), now)).filter(
    (other) => other.id !== report.id,
  );
  const since = localDay(new Date(now.getTime() - strayWindowMs), shelter.openingHours.timeZone);
  const animals = report.kind === "lost" ? await animalsInCareForMatching(db, since) : [];
  const candidates = [
    ...reports.map((other) => ({
      ...reportSubject(other),
      reportId: other.id as number | null,
      animal: null as Animal | null,
    })),
    ...animals.map((animal) => ({ ...animalSubject(animal), reportId: null, animal })),
  ];
  const matches = findMatches(subject, candidates);
  const rows: NewMatch[] = matches.map(({ candidate, match }) => ({
    reportId: report.id,
    otherReportId: candidate.reportId,
    petId: candidate.animal?.id ?? null,
    score: match.score,
    certain: match.reasons.certain,
    reasons: {
      colours: match.reasons.colours,
      miles: match.reasons.miles,
      days: match.reasons.days,
      sameSex: match.reasons.sameSex,
      sameSize: match.reasons.sameSize,
    },
  }));
  await saveLostFoundMatches(db, rows);

  const locale = savedLocale(report.language);
  const i18n = i18nFor(locale);
  const links = await reporterLinks(origin, locale, report.id, secret);
  sendAfterResponse(
    context,
    reportLiveMessage(
      report.reporterEmail,
      report.reporterName,
      report,
      reportEndIn(i18n, report.openUntil ?? now),
      links,
      i18n,
    ),
  );

  for (const { candidate, match } of matches.slice(0, matchEmailsMax)) {
    if (report.kind === "lost") {
      // The new report is the lost one: its owner hears of each match, a report's page or the animal's.
      const animal = candidate.animal;
      const listed = animal !== null && animal.publishedAt !== null && animal.onHoldEmail === null;
      const link =
        candidate.reportId !== null
          ? `${origin}${localizedPath(`/lost-found/${candidate.reportId}`, locale)}`
          : listed
            ? `${origin}${localizedPath(`/adopt/pet?pet_id=${animal.id}`, locale)}`
            : null;
      sendAfterResponse(
        context,
        matchMessage(report.reporterEmail, report.reporterName, { reasons: match.reasons, link }, links, i18n),
      );
      if (animal)
        sendAfterResponse(
          context,
          staffMatchNotice(
            { name: animal.name, link: `${origin}/petadmin/edit?pet_id=${animal.id}` },
            `${origin}/lost-found/${report.id}`,
            match.reasons,
            inboxI18n(),
          ),
        );
    } else if (candidate.reportId !== null) {
      // The new report is a found one: the owner of each lost report it may be hears of it.
      const owner = await lostFoundReporter(db, candidate.reportId);
      if (!owner) continue;
      const ownerLocale = savedLocale(owner.language);
      const ownerI18n = i18nFor(ownerLocale);
      const ownerLinks = await reporterLinks(origin, ownerLocale, owner.id, secret);
      const link = `${origin}${localizedPath(`/lost-found/${report.id}`, ownerLocale)}`;
      sendAfterResponse(
        context,
        matchMessage(owner.email, owner.name, { reasons: match.reasons, link }, ownerLinks, ownerI18n),
      );
    }
  }
  return matches;
}
