import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { lostFoundMatches, lostFoundReports, pets, petStays } from "#app/db/schema";
import { randomToken, sha256Hex } from "#app/lib/accounts/crypto";
import type { Locale } from "#app/lib/i18n/locale";
import { lostFoundRules, normalisedMicrochip, openUntilFrom, type ReportKind } from "#app/lib/lost-found/report";
import type { LostFoundReportInput } from "#app/lib/lost-found/schema";

/**
 * Lost and found reports (issue 46, decision 066): the only place their SQL lives. What the public
 * may see is chosen here, column by column (`publicColumns`): the reporter's name, email and phone
 * never leave this module but in the functions that say they are for writing to the reporter.
 */

const wellFormed = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

const publicColumns = {
  id: lostFoundReports.id,
  kind: lostFoundReports.kind,
  species: lostFoundReports.species,
  sex: lostFoundReports.sex,
  size: lostFoundReports.size,
  colours: lostFoundReports.colours,
  otherColours: lostFoundReports.otherColours,
  description: lostFoundReports.description,
  date: lostFoundReports.date,
  place: lostFoundReports.place,
  crossStreets: lostFoundReports.crossStreets,
  images: lostFoundReports.images,
  confirmedAt: lostFoundReports.confirmedAt,
  openUntil: lostFoundReports.openUntil,
  closedAt: lostFoundReports.closedAt,
  hiddenAt: lostFoundReports.hiddenAt,
};

/** On the board: confirmed, neither closed nor hidden, and its 30 days not over. */
const onBoard = (now: Date) =>
  and(
    isNotNull(lostFoundReports.confirmedAt),
    isNull(lostFoundReports.closedAt),
    isNull(lostFoundReports.hiddenAt),
    gt(lostFoundReports.openUntil, now),
  );

/**
 * Keeps a report, unconfirmed and unseen until its address is, and returns its id and the link's
 * token (only the hash is stored). Unconfirmed reports whose link expired go in the same batch.
 */
export async function createLostFoundReport(
  db: Database,
  input: LostFoundReportInput & { language: Locale; images: string[] },
  now = Date.now(),
): Promise<{ id: number; token: string }> {
  const token = randomToken();
  const microchip = normalisedMicrochip(input.microchip);
  const [, inserted] = await db.batch([
    db
      .delete(lostFoundReports)
      .where(and(isNull(lostFoundReports.confirmedAt), lt(lostFoundReports.confirmExpiresAt, new Date(now)))),
    db
      .insert(lostFoundReports)
      .values({
        kind: input.kind,
        species: input.species,
        sex: input.sex,
        size: input.size,
        colours: input.colours,
        otherColours: input.otherColours ?? "",
        description: input.description,
        date: input.date,
        place: input.place,
        crossStreets: input.crossStreets ?? "",
        microchip: microchip || null,
        images: input.images,
        reporterName: input.name,
        reporterEmail: input.email.toLowerCase(),
        reporterPhone: input.phone ?? "",
        language: input.language,
        confirmTokenHash: await sha256Hex(token),
        confirmExpiresAt: new Date(now + lostFoundRules.confirmMs),
        createdAt: new Date(now),
      })
      .returning({ id: lostFoundReports.id }),
  ]);
  return { id: inserted[0]!.id, token };
}

/** The unconfirmed report a confirmation link is for, while the link works. */
export async function pendingLostFoundReport(db: Database, token: string, now = Date.now()) {
  if (!wellFormed(token)) return null;
  const [row] = await db
    .select({ id: lostFoundReports.id, kind: lostFoundReports.kind })
    .from(lostFoundReports)
    .where(
      and(
        eq(lostFoundReports.confirmTokenHash, await sha256Hex(token)),
        isNull(lostFoundReports.confirmedAt),
        gt(lostFoundReports.confirmExpiresAt, new Date(now)),
      ),
    );
  return row ?? null;
}

/**
 * Follows a confirmation link: the report goes on the board for 30 days and the link is spent, in
 * one conditional write. The whole row (the reporter's address with it, to write to them); null when
 * the link is unknown, spent or expired.
 */
export async function confirmLostFoundReport(db: Database, token: string, now = Date.now()) {
  if (!wellFormed(token)) return null;
  const [row] = await db
    .update(lostFoundReports)
    .set({
      confirmedAt: new Date(now),
      openUntil: openUntilFrom(new Date(now)),
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(
      and(
        eq(lostFoundReports.confirmTokenHash, await sha256Hex(token)),
        isNull(lostFoundReports.confirmedAt),
        gt(lostFoundReports.confirmExpiresAt, new Date(now)),
      ),
    )
    .returning();
  return row ?? null;
}

export type LostFoundReport = typeof lostFoundReports.$inferSelect;

const boardLimit = 60;

/** The board: open reports, newest first, of one kind and species when asked. */
export async function listLostFoundBoard(db: Database, filters: { kind?: string; species?: string }, now = new Date()) {
  return db
    .select(publicColumns)
    .from(lostFoundReports)
    .where(
      and(
        onBoard(now),
        filters.kind ? eq(lostFoundReports.kind, filters.kind as ReportKind) : undefined,
        filters.species ? eq(lostFoundReports.species, filters.species) : undefined,
      ),
    )
    .orderBy(desc(lostFoundReports.confirmedAt), desc(lostFoundReports.id))
    .limit(boardLimit);
}

/**
 * A report's page: a confirmed report, open or not (a closed or ended one says so); a hidden one only
 * for staff (`includeHidden`), with why and when it was hidden.
 */
export async function getLostFoundReport(db: Database, id: number, options: { includeHidden?: boolean } = {}) {
  const [row] = await db
    .select({ ...publicColumns, hiddenReason: lostFoundReports.hiddenReason })
    .from(lostFoundReports)
    .where(
      and(
        eq(lostFoundReports.id, id),
        isNotNull(lostFoundReports.confirmedAt),
        options.includeHidden ? undefined : isNull(lostFoundReports.hiddenAt),
      ),
    );
  if (!row) return null;
  return options.includeHidden ? row : { ...row, hiddenReason: null };
}

/**
 * The open reports' pages for the sitemap (issue 46): what the board shows, nothing else (no closed,
 * ended, hidden or unconfirmed report), with when each was confirmed or renewed.
 */
export async function listLostFoundForSitemap(db: Database, now = new Date()) {
  return db
    .select({ id: lostFoundReports.id, confirmedAt: lostFoundReports.confirmedAt })
    .from(lostFoundReports)
    .where(onBoard(now))
    .orderBy(desc(lostFoundReports.confirmedAt))
    .limit(2000);
}

/** Hidden reports, newest hidden first, for staff. */
export async function listHiddenLostFoundReports(db: Database) {
  return db
    .select({ ...publicColumns, hiddenReason: lostFoundReports.hiddenReason })
    .from(lostFoundReports)
    .where(isNotNull(lostFoundReports.hiddenAt))
    .orderBy(desc(lostFoundReports.hiddenAt))
    .limit(200);
}

/** Staff hide a confirmed report with the reason kept; false when there is no such report. */
export async function hideLostFoundReport(db: Database, id: number, reason: string, staffId: number, now = new Date()) {
  const rows = await db
    .update(lostFoundReports)
    .set({ hiddenAt: now, hiddenReason: reason, hiddenBy: staffId })
    .where(and(eq(lostFoundReports.id, id), isNotNull(lostFoundReports.confirmedAt)))
    .returning({ id: lostFoundReports.id });
  return rows.length > 0;
}

/** Staff show a hidden report again (the reason goes with the hiding). */
export async function unhideLostFoundReport(db: Database, id: number) {
  const rows = await db
    .update(lostFoundReports)
    .set({ hiddenAt: null, hiddenReason: null, hiddenBy: null })
    .where(and(eq(lostFoundReports.id, id), isNotNull(lostFoundReports.hiddenAt)))
    .returning({ id: lostFoundReports.id });
  return rows.length > 0;
}

/** The reporter of a confirmed report, to write to them: never shown on a page. */
export async function lostFoundReporter(db: Database, id: number) {
  const [row] = await db
    .select({
      id: lostFoundReports.id,
      kind: lostFoundReports.kind,
      species: lostFoundReports.species,
      name: lostFoundReports.reporterName,
      email: lostFoundReports.reporterEmail,
      language: lostFoundReports.language,
      openUntil: lostFoundReports.openUntil,
      closedAt: lostFoundReports.closedAt,
      hiddenAt: lostFoundReports.hiddenAt,
    })
    .from(lostFoundReports)
    .where(and(eq(lostFoundReports.id, id), isNotNull(lostFoundReports.confirmedAt)));
  return row ?? null;
}

/**
 * "Keep it open 30 days more": from now, while the report is confirmed, not closed and not hidden
 * (an ended one comes back). The reminder may go again before the new end. The new end, or null.
 */
export async function renewLostFoundReport(db: Database, id: number, now = new Date()) {
  const openUntil = openUntilFrom(now);
  const rows = await db
    .update(lostFoundReports)
    .set({ openUntil, reminderSentAt: null })
    .where(
      and(
        eq(lostFoundReports.id, id),
        isNotNull(lostFoundReports.confirmedAt),
        isNull(lostFoundReports.closedAt),
        isNull(lostFoundReports.hiddenAt),
      ),
    )
    .returning({ openUntil: lostFoundReports.openUntil });
  return rows[0]?.openUntil ?? null;
}

/** "We are together again": the report closes and leaves the board. False when it was closed already. */
export async function closeLostFoundReport(db: Database, id: number, now = new Date()) {
  const rows = await db
    .update(lostFoundReports)
    .set({ closedAt: now })
    .where(and(eq(lostFoundReports.id, id), isNotNull(lostFoundReports.confirmedAt), isNull(lostFoundReports.closedAt)))
    .returning({ id: lostFoundReports.id });
  return rows.length > 0;
}

/**
 * The open reports of one kind, as matching reads them (no text but the colours): every species,
 * since an equal microchip number matches whatever the species says.
 */
export async function openReportsForMatching(db: Database, kind: ReportKind, now = new Date()) {
  return db
    .select({
      id: lostFoundReports.id,
      kind: lostFoundReports.kind,
      species: lostFoundReports.species,
      sex: lostFoundReports.sex,
      size: lostFoundReports.size,
      colours: lostFoundReports.colours,
      otherColours: lostFoundReports.otherColours,
      date: lostFoundReports.date,
      place: lostFoundReports.place,
      microchip: lostFoundReports.microchip,
    })
    .from(lostFoundReports)
    .where(and(onBoard(now), eq(lostFoundReports.kind, kind)));
}

/**
 * The shelter's animals a lost report is matched against (issue 46): the strays in its care that came
 * in during the last 30 days, as their open stay says (decision 064: intake type "stray", on or after
 * `since`, a shelter calendar day), neither adopted, gone nor deleted, listed or not.
 */
export async function animalsInCareForMatching(db: Database, since: string) {
  return db
    .select({
      id: pets.id,
      name: pets.name,
      species: pets.species,
      sex: pets.sex,
      weightLbs: pets.weightLbs,
      intakeOn: petStays.intakeOn,
      publishedAt: pets.publishedAt,
      onHoldEmail: pets.onHoldEmail,
    })
    .from(pets)
    .innerJoin(petStays, and(eq(petStays.petId, pets.id), isNull(petStays.outcomeType)))
    .where(
      and(
        isNull(pets.adoptedEmail),
        isNull(pets.deletedAt),
        isNull(pets.leftAt),
        eq(petStays.intakeType, "stray"),
        gte(petStays.intakeOn, since),
      ),
    );
}

export interface NewMatch {
  reportId: number;
  otherReportId: number | null;
  petId: number | null;
  score: number;
  certain: boolean;
  reasons: { colours: string[]; miles: number; days: number; sameSex: boolean; sameSize: boolean };
}

/** Keeps the matches found for a new report (in parts, within D1's bound-parameter limit). */
export async function saveLostFoundMatches(db: Database, matches: readonly NewMatch[]) {
  for (let start = 0; start < matches.length; start += 10) {
    await db.insert(lostFoundMatches).values(matches.slice(start, start + 10));
  }
}

/**
 * A report's matches as its page shows them: the other open reports it was matched with (either
 * side) and the shelter's listed animals, best first. Hidden, closed or ended reports and unlisted
 * animals are left out.
 */
export async function listLostFoundMatches(db: Database, reportId: number, now = new Date()) {
  const rows = await db
    .select({
      reportId: lostFoundMatches.reportId,
      otherReportId: lostFoundMatches.otherReportId,
      petId: lostFoundMatches.petId,
      score: lostFoundMatches.score,
      certain: lostFoundMatches.certain,
      reasons: lostFoundMatches.reasons,
    })
    .from(lostFoundMatches)
    .where(or(eq(lostFoundMatches.reportId, reportId), eq(lostFoundMatches.otherReportId, reportId)))
    .orderBy(desc(lostFoundMatches.certain), desc(lostFoundMatches.score))
    .limit(20);
  const otherIds = rows
    .map((row) => (row.reportId === reportId ? row.otherReportId : row.reportId))
    .filter((id): id is number => id !== null);
  const petIds = rows.map((row) => row.petId).filter((id): id is number => id !== null);
  const [reports, animals] = await Promise.all([
    otherIds.length
      ? db
          .select(publicColumns)
          .from(lostFoundReports)
          .where(and(inArray(lostFoundReports.id, otherIds), onBoard(now)))
      : Promise.resolve([]),
    petIds.length
      ? db
          .select({ id: pets.id, name: pets.name, images: pets.images })
          .from(pets)
          .where(
            and(
              inArray(pets.id, petIds),
              isNull(pets.deletedAt),
              isNull(pets.adoptedEmail),
              isNull(pets.onHoldEmail),
              isNotNull(pets.publishedAt),
            ),
          )
      : Promise.resolve([]),
  ]);
  type Shown = { score: number; certain: boolean; reasons: NewMatch["reasons"] } & (
    { report: (typeof reports)[number]; animal: null } | { report: null; animal: (typeof animals)[number] }
  );
  return rows.flatMap((row): Shown[] => {
    const otherId = row.reportId === reportId ? row.otherReportId : row.reportId;
    const report = otherId !== null ? reports.find((each) => each.id === otherId) : undefined;
    const animal = row.petId !== null ? animals.find((each) => each.id === row.petId) : undefined;
    if (report) return [{ score: row.score, certain: row.certain, reasons: row.reasons, report, animal: null }];
    if (animal) return [{ score: row.score, certain: row.certain, reasons: row.reasons, report: null, animal }];
    return [];
  });
}

/** Open reports whose end is within the reminder's reach and that have not had it yet. */
export async function lostFoundRemindersDue(db: Database, now: Date) {
  return db
    .select({
      id: lostFoundReports.id,
      kind: lostFoundReports.kind,
      species: lostFoundReports.species,
      name: lostFoundReports.reporterName,
      email: lostFoundReports.reporterEmail,
      language: lostFoundReports.language,
      openUntil: lostFoundReports.openUntil,
    })
    .from(lostFoundReports)
    .where(
      and(
        onBoard(now),
        lte(lostFoundReports.openUntil, new Date(now.getTime() + lostFoundRules.reminderBeforeMs)),
        isNull(lostFoundReports.reminderSentAt),
      ),
    )
    .limit(500);
}

/** Notes the reminder as sent; false when another run did already. */
export async function markLostFoundReminded(db: Database, id: number, now: Date) {
  const rows = await db
    .update(lostFoundReports)
    .set({ reminderSentAt: now })
    .where(and(eq(lostFoundReports.id, id), isNull(lostFoundReports.reminderSentAt)))
    .returning({ id: lostFoundReports.id });
  return rows.length > 0;
}

/** How long a report is kept after it closed or ended (the README's retention table). */
export const lostFoundRetentionMs = 90 * 24 * 60 * 60 * 1000;

/**
 * Nightly housekeeping: unconfirmed reports whose link expired, and reports closed or ended more than
 * 90 days ago (their photos are then unreferenced, and the photo sweep removes them). How many went.
 */
export async function deleteOldLostFoundReports(db: Database, now: Date) {
  const before = new Date(now.getTime() - lostFoundRetentionMs);
  const deleted = await db
    .delete(lostFoundReports)
    .where(
      or(
        and(isNull(lostFoundReports.confirmedAt), lt(lostFoundReports.confirmExpiresAt, now)),
        lt(lostFoundReports.closedAt, before),
        and(isNull(lostFoundReports.closedAt), lt(lostFoundReports.openUntil, before)),
      ),
    )
    .returning({ id: lostFoundReports.id });
  return deleted.length;
}

/** Whether a photo key belongs to a report the public may see (confirmed and not hidden). */
export async function isVisibleLostFoundPhoto(db: Database, originals: readonly string[]) {
  const [row] = await db
    .select({ id: lostFoundReports.id })
    .from(lostFoundReports)
    .where(
      and(
        isNotNull(lostFoundReports.confirmedAt),
        isNull(lostFoundReports.hiddenAt),
        sql`exists (select 1 from json_each(${lostFoundReports.images}) where json_each.value in (${sql.join(
          originals.map((key) => sql`${key}`),
          sql`, `,
        )}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Returns for staff to confirm (issue 46): a lost report closed by its owner ("together again") that
 * matched an animal still in the shelter's care, with an open stay, which staff have not said was not
 * it. Staff record the stay's "returned to owner" outcome from here (or say it was not this animal).
 */
export async function lostFoundReturnsToConfirm(db: Database) {
  return db
    .select({
      matchId: lostFoundMatches.id,
      reportId: lostFoundReports.id,
      closedAt: lostFoundReports.closedAt,
      score: lostFoundMatches.score,
      certain: lostFoundMatches.certain,
      reasons: lostFoundMatches.reasons,
      petId: pets.id,
      petName: pets.name,
      petSpecies: pets.species,
      petVersion: pets.version,
      intakeOn: petStays.intakeOn,
    })
    .from(lostFoundMatches)
    .innerJoin(lostFoundReports, eq(lostFoundReports.id, lostFoundMatches.reportId))
    .innerJoin(pets, eq(pets.id, lostFoundMatches.petId))
    .innerJoin(petStays, and(eq(petStays.petId, pets.id), isNull(petStays.outcomeType)))
    .where(
      and(
        eq(lostFoundReports.kind, "lost"),
        isNotNull(lostFoundReports.closedAt),
        isNull(lostFoundReports.hiddenAt),
        isNull(lostFoundMatches.returnDismissedAt),
        isNull(pets.deletedAt),
        isNull(pets.adoptedEmail),
        isNull(pets.onHoldEmail),
        isNull(pets.leftAt),
      ),
    )
    .orderBy(desc(lostFoundReports.closedAt), desc(lostFoundMatches.score))
    .limit(100);
}

/** The animals in care a lost report matched (for the staff notice when its owner closes it). */
export async function lostFoundPetMatches(db: Database, reportId: number) {
  return db
    .select({ petId: pets.id, name: pets.name })
    .from(lostFoundMatches)
    .innerJoin(pets, eq(pets.id, lostFoundMatches.petId))
    .where(
      and(
        eq(lostFoundMatches.reportId, reportId),
        isNull(pets.deletedAt),
        isNull(pets.adoptedEmail),
        isNull(pets.leftAt),
      ),
    );
}

/** Staff say a closed report's match was not this animal: no return is asked for it. False when there is no such match. */
export async function dismissLostFoundReturn(db: Database, matchId: number, now = new Date()) {
  const rows = await db
    .update(lostFoundMatches)
    .set({ returnDismissedAt: now })
    .where(
      and(
        eq(lostFoundMatches.id, matchId),
        isNotNull(lostFoundMatches.petId),
        isNull(lostFoundMatches.returnDismissedAt),
      ),
    )
    .returning({ id: lostFoundMatches.id });
  return rows.length > 0;
}
