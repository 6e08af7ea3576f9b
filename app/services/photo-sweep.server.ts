import type { Database } from "#app/db/client.server";
import { keysWithDerivatives } from "#app/lib/photos/photos";
import {
  forgetPhotoNotes,
  noteUnreferencedPhotos,
  readPhotoReferences,
  retention,
} from "#app/models/housekeeping.server";

async function listAllKeys(bucket: R2Bucket): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/**
 * Finds R2 objects no pet refers to (a photo and its copies count as referenced while a pet names
 * the photo). Newly found ones are noted and reported; they are removed once noticed longer than the
 * grace period ago, or at once when a pet removed for good left them (purgeDeletedPets notes those).
 * Noted keys that a pet refers to again, or that are gone, are forgotten. The queries are the
 * housekeeping model's; R2 is this service's (decision 047).
 */
export async function sweepUnreferencedPhotos(db: Database, bucket: R2Bucket, now: Date) {
  const [stored, { petImages, noted }] = await Promise.all([listAllKeys(bucket), readPhotoReferences(db)]);
  const referenced = new Set(keysWithDerivatives(petImages.flat()));
  const storedKeys = new Set(stored);
  const notedByKey = new Map(noted.map((row) => [row.key, row]));
  const graceEnd = now.getTime() - retention.unreferencedPhotoGraceMs;

  const newlyFound: string[] = [];
  const toRemove: string[] = [];
  for (const key of stored) {
    if (referenced.has(key)) continue;
    const note = notedByKey.get(key);
    if (!note) newlyFound.push(key);
    else if (note.reason === "pet-deleted" || note.noticedAt.getTime() <= graceEnd) toRemove.push(key);
  }
  const forgotten = noted.filter((row) => referenced.has(row.key) || !storedKeys.has(row.key)).map((row) => row.key);

  if (newlyFound.length > 0) console.warn("R2 objects no pet refers to (removed after the grace period)", newlyFound);
  await noteUnreferencedPhotos(db, newlyFound, now);
  for (let start = 0; start < toRemove.length; start += 1000) {
    await bucket.delete(toRemove.slice(start, start + 1000));
  }
  await forgetPhotoNotes(db, [...toRemove, ...forgotten]);
  return { found: newlyFound.length, removed: toRemove.length, forgotten: forgotten.length };
}
