import { and, eq, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  careAnswers,
  contactMessages,
  fosterNotes,
  lostFoundReports,
  pets,
  queuedEmails,
  rateLimits,
  sessions,
  unreferencedPhotos,
  userTokens,
} from "#app/db/schema";
import { deletedPetKeptMs } from "#app/lib/pets/pet-status";
import { keysWithDerivatives } from "#app/lib/photos/photos";

const dayMs = 24 * 60 * 60 * 1000;

/** How long things are kept (README, "Data kept and for how long"; decision 031). */
export const retention = {
  /** Messages from the Get In Touch form: a year, time enough for staff to answer and follow up. */
  contactMessagesMs: 365 * dayMs,
  /** Sent emails stay in the queue a month, to answer "did you send it?". */
  sentEmailsMs: 30 * dayMs,
  /** An R2 object no pet refers to is removed this long after it is first noticed. */
  unreferencedPhotoGraceMs: 7 * dayMs,
  /** A deleted pet waits this long in "Recently deleted" before it and its photos go for good (decision 042). */
  deletedPetsMs: deletedPetKeptMs,
};

/** Deleted pets removed for good a run at most; the next night takes the rest. */
const deletedPetsPerRun = 100;

/**
 * Removes for good the pets deleted more than 30 days ago (decision 042): each in one D1 batch, the
 * row (its history, applications with their notes, and favorites go with it by their foreign keys)
 * and a note of its photos as left by a delete, which `sweepUnreferencedPhotos`, the step after this
 * one, removes from R2 the same night. The delete names the cutoff, so a pet restored meanwhile
 * stays, and its photos are noted only when the row went. A failed batch leaves that pet whole for
 * the next night; a failed R2 delete leaves the note, and the next sweep tries again.
 */
export async function purgeDeletedPets(db: Database, now: Date) {
  const cutoff = new Date(now.getTime() - retention.deletedPetsMs);
  const due = await db
    .select({ id: pets.id, images: pets.images })
    .from(pets)
    .where(lte(pets.deletedAt, cutoff))
    .limit(deletedPetsPerRun);
  let purged = 0;
  let failed = 0;
  for (const pet of due) {
    try {
      const [removed] = await db.batch([
        db
          .delete(pets)
          .where(and(eq(pets.id, pet.id), lte(pets.deletedAt, cutoff)))
          .returning({ id: pets.id }),
        // One bound parameter for every key (json_each), whatever their number; written only if the row went.
        db
          .insert(unreferencedPhotos)
          .select(
            sql`select value as key, 'pet-deleted' as reason, ${now.getTime()} as noticed_at from json_each(${JSON.stringify(keysWithDerivatives(pet.images))}) where changes() > 0`,
          )
          .onConflictDoUpdate({ target: unreferencedPhotos.key, set: { reason: "pet-deleted" } }),
      ]);
      if (removed.length > 0) purged += 1;
    } catch (error) {
      failed += 1;
      console.error(`could not remove deleted pet ${pet.id} for good; the next run tries again`, error);
    }
  }
  return { purged, failed };
}

export async function deleteExpiredSessions(db: Database, now: Date) {
  const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.idHash });
  return deleted.length;
}

/** Emailed links that were used or can no longer be used. */
export async function deleteSpentTokens(db: Database, now: Date) {
  const deleted = await db
    .delete(userTokens)
    .where(or(isNotNull(userTokens.usedAt), lt(userTokens.expiresAt, now)))
    .returning({ id: userTokens.tokenHash });
  return deleted.length;
}

/** Rate-limit windows that are over: a new hit starts a fresh window anyway. */
export async function deleteEndedRateLimits(db: Database, now: Date) {
  const deleted = await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  return deleted.length;
}

export async function deleteOldContactMessages(db: Database, now: Date) {
  const deleted = await db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, new Date(now.getTime() - retention.contactMessagesMs)))
    .returning({ id: contactMessages.id });
  return deleted.length;
}

export async function deleteOldSentEmails(db: Database, now: Date) {
  const deleted = await db
    .delete(queuedEmails)
    .where(lt(queuedEmails.sentAt, new Date(now.getTime() - retention.sentEmailsMs)))
    .returning({ id: queuedEmails.id });
  return deleted.length;
}

/** What the photo sweep compares R2 with: every photo key a pet names, and the keys already noted. */
export async function readPhotoReferences(db: Database) {
  // Foster notes' photos (decision 053), lost and found reports' (decision 066) and adopters' story
  // photos (issue 45, decision 067) are referenced as pets' photos are.
  const [petImages, noteImages, reportImages, storyPhotos, noted] = await Promise.all([
    db.select({ images: pets.images }).from(pets),
    db.select({ images: fosterNotes.images }).from(fosterNotes),
    db.select({ images: lostFoundReports.images }).from(lostFoundReports),
    db.select({ photo: careAnswers.photo }).from(careAnswers).where(isNotNull(careAnswers.photo)),
    db.select().from(unreferencedPhotos),
  ]);
  return {
    petImages: [
      ...[...petImages, ...noteImages, ...reportImages].map((row) => row.images),
      ...storyPhotos.map((row) => (row.photo ? [row.photo] : [])),
    ],
    noted,
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Notes R2 objects newly found without a pet (three parameters a row: 30 rows keep each insert under D1's 100). */
export async function noteUnreferencedPhotos(db: Database, keys: readonly string[], now: Date) {
  for (const part of chunks(keys, 30)) {
    await db
      .insert(unreferencedPhotos)
      .values(part.map((key) => ({ key, reason: "unreferenced" as const, noticedAt: now })))
      .onConflictDoNothing();
  }
}

/** Forgets noted keys (removed from R2, or a pet names them again). */
export async function forgetPhotoNotes(db: Database, keys: readonly string[]) {
  for (const part of chunks(keys, 90)) {
    await db.delete(unreferencedPhotos).where(inArray(unreferencedPhotos.key, part));
  }
}
