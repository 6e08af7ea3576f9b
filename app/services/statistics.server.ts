import type { Database } from "#app/db/client.server";
import { statisticsOfCounts, statisticsWindowStart, type Statistics } from "#app/lib/intake-outcome/figures";
import { statisticsCounts } from "#app/models/statistics.server";
import { summarised } from "#app/services/figures-summaries.server";

/**
 * The statistics page's figures on `today` (decision 064): D1 counts the stays by month and species
 * and works out the medians (amended 2026-11-28), and the figures are stored until a stay changes or
 * the day does (amended 2026-11-28, later), so most requests read one row. With them, the figures'
 * version (null when there is none), which the page keeps its rendered figures under.
 */
export function statisticsFigures(
  db: Database,
  today: string,
): Promise<{ figures: Statistics; version: number | null }> {
  return summarised(db, "statistics", today, async () => {
    const { counts, medians } = await statisticsCounts(db, {
      from: statisticsWindowStart(today),
      today,
      yearStart: `${today.slice(0, 4)}-01-01`,
    });
    return statisticsOfCounts(counts, medians, today);
  });
}
