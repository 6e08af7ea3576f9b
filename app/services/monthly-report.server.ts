import type { Database } from "#app/db/client.server";
import { sha256Hex } from "#app/lib/accounts/crypto";
import { addMonths, monthDays, monthlyReportOfCounts, reportCsv, reportRates } from "#app/lib/intake-outcome/figures";
import { reportCounts } from "#app/models/statistics.server";
import { summarised } from "#app/services/figures-summaries.server";

/**
 * A month's Shelter Animals Count report (decision 064): its rows, rates and CSV, with the CSV's hash
 * (a download keeps it; the page compares it to say the month was amended since). D1 counts the
 * month's stays by group (amended 2026-11-28: ten years of stays are not read into the Worker), and
 * the figures are stored until a stay or a foster placement changes (amended 2026-11-28, later).
 * `version`: the figures' version they were read under (the page keeps its rendered table under it).
 */
export async function monthReport(db: Database, month: string) {
  // A month's figures depend on its stays and foster placements alone, not on the day: stored until one
  // of them changes (amended 2026-11-28, later), so the page and the CSV read one row.
  const { figures, version } = await summarised(db, `report:${month}`, "", async () => {
    const { first, last } = monthDays(month);
    const { counts, spells } = await reportCounts(db, first, last, monthDays(addMonths(month, 1)).first);
    const rows = monthlyReportOfCounts(counts, spells, month);
    const csv = reportCsv(rows, month);
    return { rows, rates: reportRates(rows), csv, csvHash: await sha256Hex(csv) };
  });
  return { ...figures, version };
}
