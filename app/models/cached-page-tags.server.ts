import { inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { cachedPageTags } from "#app/db/schema";

/** Notes the tags of a page just stored in the local edge cache (decision 034). */
export async function rememberCachedPage(db: Database, key: string, tags: readonly string[], storedAt: Date) {
  if (tags.length === 0) return;
  await db
    .insert(cachedPageTags)
    .values(tags.map((tag) => ({ tag, key, storedAt })))
    .onConflictDoUpdate({ target: [cachedPageTags.tag, cachedPageTags.key], set: { storedAt } });
}

/**
 * Takes the keys of the cached pages carrying any of `tags` out of the index and returns them for
 * the caller to delete from the cache.
 */
export async function takeCachedPagesTagged(db: Database, tags: readonly string[]): Promise<string[]> {
  const tagged = await db.selectDistinct({ key: cachedPageTags.key }).from(cachedPageTags).where(inArray(cachedPageTags.tag, [...tags]));
  await db
    .delete(cachedPageTags)
    .where(sql`${cachedPageTags.key} in (select ${cachedPageTags.key} from ${cachedPageTags} where ${inArray(cachedPageTags.tag, [...tags])})`);
  return tagged.map(({ key }) => key);
}

/** Index rows older than any page the cache still keeps. */
export async function deleteExpiredCachedPageTags(db: Database, before: Date) {
  const deleted = await db.delete(cachedPageTags).where(lt(cachedPageTags.storedAt, before)).returning({ key: cachedPageTags.key });
  return deleted.length;
}
