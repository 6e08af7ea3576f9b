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
  // The figures last read or computed for this key and day, kept in the isolate with their version: while
  // the version stays, the read sends only the version, not the summary's text again (decision 064,
  // amended 2026-11-29). Read with the version on every request, so a change still shows on the next one.
  const keptKey = `${key}\u0000${day}`;
  const kept = keptFigures.get(keptKey) as { version: number; figures: T } | undefined;
  // The version is read before the figures are computed: a change meanwhile raises it, and the figures
  // stored under the older version are never read.
  const stored = await readFiguresSummary(db, key, day, kept?.version ?? null);
  if (kept && stored.known) return { figures: kept.figures, version: kept.version };
  if (stored.figures !== null) {
    const figures = JSON.parse(stored.figures) as T;
    keep(keptKey, stored.version, figures);
    return { figures, version: stored.version };
  }
  const figures = await compute();
  if (stored.version !== null) {
    try {
      await storeFiguresSummary(db, { key, day, version: stored.version, figures: JSON.stringify(figures) });
    } catch (error) {
      // The figures are right; only their summary was not kept: the next request computes them again.
      if (!isStorageFailure(error)) throw error;
    }
    keep(keptKey, stored.version, figures);
  }
  return { figures, version: stored.version };
}

/** A fresh isolate's state, for tests: the next reads fetch the stored summaries again. */
export function forgetKeptFigures() {
  keptFigures.clear();
}

/** Figures kept per isolate (key and day → version and figures); at most 100, the oldest dropped first. */
const keptFigures = new Map<string, { version: number; figures: unknown }>();
function keep(keptKey: string, version: number | null, figures: unknown) {
  if (version === null) return;
  keptFigures.delete(keptKey);
  keptFigures.set(keptKey, { version, figures });
  if (keptFigures.size > 100) keptFigures.delete(keptFigures.keys().next().value!);
}
