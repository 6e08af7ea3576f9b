import { inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { cachedPageTags } from "#app/db/schema";

/**
 * Notes the tags of a page about to be stored in the local edge cache (decision 034), in one batch:
 * rows older than `expiredBefore` (pages no cache keeps any longer) go first, then the page's rows
 * unless the index already holds `limit` rows and the page is not one of them. False when it is full:
 * the caller then does not store the page, so a purge never misses a stored one. Any query string
 * makes a new URL, so without this bound anonymous requests could grow the table without end.
 */
export async function rememberCachedPage(
  db: Database,
  key: string,
  tags: readonly string[],
  storedAt: Date,
  { limit, expiredBefore }: { limit: number; expiredBefore: Date },
): Promise<boolean> {
  if (tags.length === 0) return true;
  const [, inserted] = await db.batch([
    db.delete(cachedPageTags).where(lt(cachedPageTags.storedAt, expiredBefore)),
    db
      .insert(cachedPageTags)
      .select(
        sql`select value as tag, ${key} as key, ${storedAt.getTime()} as stored_at from json_each(${JSON.stringify(tags)})
          where (select count(*) from ${cachedPageTags}) + ${tags.length} <= ${limit}
            or exists (select 1 from ${cachedPageTags} where ${cachedPageTags.key} = ${key})`,
      )
      .onConflictDoUpdate({ target: [cachedPageTags.tag, cachedPageTags.key], set: { storedAt } })
      .returning({ key: cachedPageTags.key }),
  ]);
  return inserted.length > 0;
}

/**
 * Takes the keys of the cached pages carrying any of `tags` out of the index and returns them for
 * the caller to delete from the cache.
 */
export async function takeCachedPagesTagged(db: Database, tags: readonly string[]): Promise<string[]> {
  const tagged = await db
    .selectDistinct({ key: cachedPageTags.key })
    .from(cachedPageTags)
    .where(inArray(cachedPageTags.tag, [...tags]));
  await db
    .delete(cachedPageTags)
    .where(
      sql`${cachedPageTags.key} in (select ${cachedPageTags.key} from ${cachedPageTags} where ${inArray(cachedPageTags.tag, [...tags])})`,
    );
  return tagged.map(({ key }) => key);
}

/** Index rows older than any page the cache still keeps. */
export async function deleteExpiredCachedPageTags(db: Database, before: Date) {
  const deleted = await db
    .delete(cachedPageTags)
    .where(lt(cachedPageTags.storedAt, before))
    .returning({ key: cachedPageTags.key });
  return deleted.length;
}
