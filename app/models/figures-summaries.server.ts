import { sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";

/**
 * The figures' stored summaries (decision 064, amended 2026-11-28, later): the statistics page's and
 * each month's report's computed figures, kept as JSON with the figures' version they were computed
 * at. Triggers raise `figures_version` on every insert, update and delete of `pet_stays` and
 * `foster_placements` (migration 0031, hand-written), whichever path writes them, so a summary of an
 * older version is never read: the next request computes the figures again.
 */

/**
 * The current figures' version, and the summary stored under `key` when it was computed at that
 * version on `day` (else null): one indexed row each. `known`: a version whose figures the caller
 * holds already (kept per isolate); when it is still the current one, the summary's text is not sent
 * (`figures` null, `known` true).
 */
export async function readFiguresSummary(
  db: Database,
  key: string,
  day: string,
  known: number | null = null,
): Promise<{ version: number | null; figures: string | null; known: boolean }> {
  const [row] = await db.all<{ version: number | null; figures: string | null; known: number }>(
    sql`select v.version as version, case when v.version = ${known} then null else s.figures end as figures,
        v.version = ${known} as known
      from figures_version v
      left join figures_summaries s on s.key = ${key} and s.day = ${day} and s.version = v.version
      where v.id = 1`,
  );
  return { version: row?.version ?? null, figures: row?.figures ?? null, known: row?.known === 1 };
}

/**
 * Stores the figures computed for `key` on `day` from data read after `version` was (so they are at
 * least as new as it). A summary of a newer version already stored is kept.
 */
export async function storeFiguresSummary(
  db: Database,
  summary: { key: string; day: string; version: number; figures: string },
) {
  await db.run(
    sql`insert into figures_summaries (key, day, version, figures)
      values (${summary.key}, ${summary.day}, ${summary.version}, ${summary.figures})
      on conflict (key) do update set day = excluded.day, version = excluded.version, figures = excluded.figures
      where excluded.version >= figures_summaries.version`,
  );
}
