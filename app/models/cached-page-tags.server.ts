import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { cachedPageTags, pagePurges } from "#app/db/schema";

/**
 * Notes the tags of a page about to be stored in the local edge cache (decision 034), in one batch:
 * rows older than `expiredBefore` (pages no cache keeps any longer) go first, then the page's rows
 * unless the index already holds `limit` rows and the page is not one of them. False when it is full:
 * the caller then does not store the page, so a purge never misses a stored one. Any query string
 * makes a new URL, so without this bound anonymous requests could grow the table without end.
 * Nor is it noted (false) when any of its tags was purged at or after `renderedAt`: the page may show
 * what that purge removed, and nothing would purge it again.
 */
export async function rememberCachedPage(
  db: Database,
  key: string,
  tags: readonly string[],
  storedAt: Date,
  { limit, expiredBefore, renderedAt }: { limit: number; expiredBefore: Date; renderedAt: Date },
): Promise<boolean> {
  if (tags.length === 0) return true;
  const [, inserted] = await db.batch([
    db.delete(cachedPageTags).where(lt(cachedPageTags.storedAt, expiredBefore)),
    db
      .insert(cachedPageTags)
      .select(
        sql`select value as tag, ${key} as key, ${storedAt.getTime()} as stored_at from json_each(${JSON.stringify(tags)})
          where ((select count(*) from ${cachedPageTags}) + ${tags.length} <= ${limit}
              or exists (select 1 from ${cachedPageTags} where ${cachedPageTags.key} = ${key}))
            and not exists (${purgedSinceQuery(tags, renderedAt)})`,
      )
      .onConflictDoUpdate({ target: [cachedPageTags.tag, cachedPageTags.key], set: { storedAt } })
      .returning({ key: cachedPageTags.key }),
  ]);
  return inserted.length > 0;
}

/**
 * Takes the keys of the cached pages carrying any of `tags` out of the index and returns them for
 * the caller to delete from the cache, and notes when the tags were purged, in one batch: a page
 * rendered before `purgedAt` and stored after it is then refused (`rememberCachedPage`) or found
 * (`purgedSince`).
 */
export async function takeCachedPagesTagged(db: Database, tags: readonly string[], purgedAt: Date): Promise<string[]> {
  if (tags.length === 0) return [];
  const taggedKeys = sql`select ${cachedPageTags.key} from ${cachedPageTags} where ${inArray(cachedPageTags.tag, [...tags])}`;
  const [, tagged] = await db.batch([
    db
      .insert(pagePurges)
      .values(tags.map((tag) => ({ tag, purgedAt })))
      .onConflictDoUpdate({
        target: pagePurges.tag,
        set: { purgedAt: sql`max(${pagePurges.purgedAt}, excluded.purged_at)` },
      }),
    db
      .selectDistinct({ key: cachedPageTags.key })
      .from(cachedPageTags)
      .where(sql`${cachedPageTags.key} in (${taggedKeys})`),
    db.delete(cachedPageTags).where(sql`${cachedPageTags.key} in (${taggedKeys})`),
  ]);
  return tagged.map(({ key }) => key);
}

/** Whether any of `tags` was purged at or after `since` (a page rendered then may be out of date). */
export async function purgedSince(db: Database, tags: readonly string[], since: Date): Promise<boolean> {
  if (tags.length === 0) return false;
  const purge = await db
    .select({ tag: pagePurges.tag })
    .from(pagePurges)
    .where(purgedSinceWhere(tags, since))
    .limit(1)
    .get();
  return purge !== undefined;
}

/**
 * The purges of any of `tags` at or after `since`: what `purgedSince` looks for, and what makes
 * `rememberCachedPage` refuse a page.
 */
const purgedSinceWhere = (tags: readonly string[], since: Date) =>
  and(inArray(pagePurges.tag, [...tags]), gte(pagePurges.purgedAt, since));

const purgedSinceQuery = (tags: readonly string[], since: Date) =>
  sql`select 1 from ${pagePurges} where ${purgedSinceWhere(tags, since)}`;

/** Index rows older than any page the cache still keeps, and purges older than any rendering still under way. */
export async function deleteExpiredCachedPageTags(db: Database, before: Date) {
  const [deleted] = await db.batch([
    db.delete(cachedPageTags).where(lt(cachedPageTags.storedAt, before)).returning({ key: cachedPageTags.key }),
    db.delete(pagePurges).where(lt(pagePurges.purgedAt, before)),
  ]);
  return deleted.length;
}
