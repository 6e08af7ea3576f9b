import type { Database } from "#app/db/client.server";
import { sha256Hex } from "#app/lib/accounts/crypto";
import { monthDays, monthlyReport, reportCsv, reportRates } from "#app/lib/intake-outcome/figures";
import { reportFacts } from "#app/models/statistics.server";

/**
 * A month's Shelter Animals Count report (decision 064): its rows, rates and CSV, with the CSV's hash
 * (a download keeps it; the page compares it to say the month was amended since).
 */
export async function monthReport(db: Database, month: string) {
  const { first, last } = monthDays(month);
  const { stays, spells } = await reportFacts(db, first, last);
  const rows = monthlyReport(stays, spells, month);
  const csv = reportCsv(rows, month);
  return { rows, rates: reportRates(rows), csv, csvHash: await sha256Hex(csv) };
}
