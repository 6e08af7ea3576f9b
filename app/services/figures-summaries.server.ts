import type { Database } from "#app/db/client.server";
import { isStorageFailure } from "#app/lib/http/storage-error";
import { readFiguresSummary, storeFiguresSummary } from "#app/models/figures-summaries.server";

/**
 * Decision 064 (amended 2026-11-28, later): the figures change only when a stay or a foster placement
 * does, so each page's computed figures are stored once per figures' version (and day, where the
 * figures depend on it) and read back as one row; ten years of stays are counted again only after a
 * change (the first request after it computes and stores them). `compute` must depend on nothing but
 * the stays, the foster placements, `key` and `day`, and return plain JSON.
 *
 * With the figures comes the version they were read or computed under (null when the database holds
 * none): what the figures' rendered HTML is kept per isolate under (amended 2026-11-28, evening), as
 * every page still reads the version on each request, a change shows at once.
 */
export async function summarised<T>(
  db: Database,
  key: string,
  day: string,
  compute: () => Promise<T>,
): Promise<{ figures: T; version: number | null }> {
  // The version is read before the figures are computed: a change meanwhile raises it, and the figures
  // stored under the older version are never read.
  const stored = await readFiguresSummary(db, key, day);
  if (stored.figures !== null) return { figures: JSON.parse(stored.figures) as T, version: stored.version };
  const figures = await compute();
  if (stored.version !== null) {
    try {
      await storeFiguresSummary(db, { key, day, version: stored.version, figures: JSON.stringify(figures) });
    } catch (error) {
      // The figures are right; only their summary was not kept: the next request computes them again.
      if (!isStorageFailure(error)) throw error;
    }
  }
  return { figures, version: stored.version };
}
