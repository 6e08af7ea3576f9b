import type { Database } from "#app/db/client.server";
import { sha256Hex } from "#app/lib/accounts/crypto";
import { addMonths, monthDays, monthlyReportOfCounts, reportCsv, reportRates } from "#app/lib/intake-outcome/figures";
import { reportCounts } from "#app/models/statistics.server";

/**
 * A month's Shelter Animals Count report (decision 064): its rows, rates and CSV, with the CSV's hash
 * (a download keeps it; the page compares it to say the month was amended since). D1 counts the
 * month's stays by group (amended 2026-11-28: ten years of stays are not read into the Worker).
 */
export async function monthReport(db: Database, month: string) {
  const { first, last } = monthDays(month);
  const { counts, spells } = await reportCounts(db, first, last, monthDays(addMonths(month, 1)).first);
  const rows = monthlyReportOfCounts(counts, spells, month);
  const csv = reportCsv(rows, month);
  return { rows, rates: reportRates(rows), csv, csvHash: await sha256Hex(csv) };
}
