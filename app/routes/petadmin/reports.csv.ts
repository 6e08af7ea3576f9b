import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { shelter } from "#app/config/shelter";
import { reportMonthOf } from "#app/lib/intake-outcome/report-month";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { isStorageFailure } from "#app/lib/http/storage-error";
import { recordReportDownload } from "#app/models/statistics.server";
import { requireStaff } from "#app/services/auth.server";
import { monthReport } from "#app/services/monthly-report.server";

/**
 * A month's Shelter Animals Count report as CSV (decision 064), in SAC's names, one line per species
 * and age group. The download is noted with the CSV's hash, so the report page can tell when the
 * month was amended since.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(context, request, "read:reports");
  const month = reportMonthOf(
    new URL(request.url).searchParams.get("month"),
    shelterDayOf(Date.now(), shelter.openingHours.timeZone),
  );
  try {
    const { csv, csvHash } = await monthReport(context.db, month);
    await recordReportDownload(context.db, { month, userId: staff.id, csvHash });
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="shelter-animals-count-${month}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!isStorageFailure(error)) throw error;
    return new Response("The report could not be prepared just now. Please try again.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
