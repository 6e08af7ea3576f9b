import { inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { cachedPageTags } from "#app/db/schema";

/**
 * Notes the tags of a page about to be stored in the local edge cache (decision 034), unless the index
 * already holds `limit` rows and the page is not one of them: then rows older than `expiredBefore`
 * (pages no cache keeps any longer) are dropped and it tries once more. False when it is still full:
 * the caller then does not store the page, so a purge never misses a stored one. Any query string
 * makes a new URL, so without this bound anonymous requests could grow the table without end.
 */
export async function rememberCachedPage(db: Database, key: string, tags: readonly string[], storedAt: Date, { limit, expiredBefore }: { limit: number; expiredBefore: Date }): Promise<boolean> {
  if (tags.length === 0) return true;
  const insert = () =>
    db.all<{ key: string }>(sql`
      insert into ${cachedPageTags} (tag, key, stored_at)
      select value, ${key}, ${storedAt.getTime()} from json_each(${JSON.stringify(tags)})
      where (select count(*) from ${cachedPageTags}) + ${tags.length} <= ${limit}
        or exists (select 1 from ${cachedPageTags} where ${cachedPageTags.key} = ${key})
      on conflict (tag, key) do update set stored_at = excluded.stored_at
      returning key`);
  if ((await insert()).length > 0) return true;
  await db.delete(cachedPageTags).where(lt(cachedPageTags.storedAt, expiredBefore));
  return (await insert()).length > 0;
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
