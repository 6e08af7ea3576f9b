import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { AdminPageHandle } from "#app/components/admin-page";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useLoaderData } from "@remix-run/react";
import { KeptPart } from "#app/components/kept-part";
import { useLocalePath } from "#app/components/locale";
import { shelter } from "#app/config/shelter";
import { intakeLabels, outcomeLabels, outcomeTypes, sacIntakeColumns } from "#app/lib/intake-outcome/categories";
import { liveReleaseFormula, saveRateFormula, type ReportRow } from "#app/lib/intake-outcome/figures";
import { reportMonthChoices, reportMonthOf } from "#app/lib/intake-outcome/report-month";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { languageTag, localeOfPath } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { lastReportDownload } from "#app/models/statistics.server";
import { requireStaff } from "#app/services/auth.server";
import { monthReport } from "#app/services/monthly-report.server";

export const meta = routeMeta;

/** The layout's chrome (components/admin-page.tsx): "‹ Pet Admin" above the report. */
export const handle: AdminPageHandle = { adminBack: "pet-admin" };

/**
 * /petadmin/reports (decision 064): a month's Shelter Animals Count report, by species and age group,
 * that adds up in every row, with the rates and their formulas, its CSV, and whether the month was
 * amended since it was last downloaded.
 */
/** The page's formats of a language, made once per isolate (making an Intl format costs more than using it). */
const formats = new Map<string, { monthName: Intl.DateTimeFormat; percent: Intl.NumberFormat }>();
function formatsOf(tag: string) {
  let made = formats.get(tag);
  if (!made) {
    made = {
      monthName: new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }),
      percent: new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 1 }),
    };
    formats.set(tag, made);
  }
  return made;
}

/** The month list of a language, made once per isolate and month (36 dates formatted; the same for every request of the month). */
const choicesKept = new Map<string, { thisMonth: string; choices: { value: string; label: string }[] }>();
function monthChoicesOf(tag: string, today: string, monthName: Intl.DateTimeFormat) {
  const thisMonth = today.slice(0, 7);
  let kept = choicesKept.get(tag);
  if (kept?.thisMonth !== thisMonth) {
    kept = {
      thisMonth,
      choices: reportMonthChoices(today).map((value) => ({
        value,
        label: monthName.format(new Date(`${value}-15T00:00:00Z`)),
      })),
    };
    choicesKept.set(tag, kept);
  }
  return kept.choices;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:reports");
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const today = shelterDayOf(Date.now(), shelter.openingHours.timeZone);
  const month = reportMonthOf(url.searchParams.get("month"), today);
  const [{ rows, rates, csvHash, version }, download] = await Promise.all([
    monthReport(context.db, month),
    lastReportDownload(context.db, month),
  ]);
  const i18n = i18nOf(request);
  const { monthName, percent } = formatsOf(languageTag[locale]);
  return {
    meta: {
      title: i18n._(msg`Shelter Animals Count report`),
      description: i18n._(msg`Staff: the month's intakes and outcomes by species and age group.`),
    },
    month,
    // What the table's HTML is kept under (components/kept-part.tsx): the month's stored figures of this
    // version (decision 064, amended 2026-11-28, evening).
    tableKey: version === null ? null : `${version}:${month}`,
    monthLabel: monthName.format(new Date(`${month}-15T00:00:00Z`)),
    choices: monthChoicesOf(languageTag[locale], today, monthName),
    rows,
    addsUp: rows.every((row) => row.beginning + row.intakesTotal - row.outcomesTotal === row.ending),
    liveReleaseRate: rates.liveReleaseRate === null ? "–" : percent.format(rates.liveReleaseRate),
    saveRate: rates.saveRate === null ? "–" : percent.format(rates.saveRate),
    download: download
      ? {
          at: staffDateIn(locale, download.createdAt, { time: true }),
          by: download.firstName ? `${download.firstName} ${download.lastName}` : null,
          amended: download.csvHash !== csvHash,
        }
      : null,
  };
}

type Figure = { key: string; label: string; value: (row: ReportRow) => number; total?: boolean };

type ReportData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Reports() {
  const data = useLoaderData<typeof loader>();
  const { i18n } = useLingui();
  const href = useLocalePath();
  const monthLabel = data.monthLabel;
  const at = data.download?.at;
  const by = data.download?.by;
  return (
    <>
      <h1>
        <Trans>Shelter Animals Count report</Trans>
      </h1>
      <Form method="get" className="report-month">
        <label htmlFor="report-month">
          <Trans>Month</Trans>
        </label>
        <select id="report-month" name="month" defaultValue={data.month}>
          {data.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--small">
          <Trans>Show</Trans>
        </button>
      </Form>
      <h2>{monthLabel}</h2>
      {data.download?.amended ? (
        <p className="notice notice--error" role="status" id="report-amended">
          <Trans>
            Amended since you downloaded it ({at}): intakes or outcomes of this month changed. Download it again.
          </Trans>
        </p>
      ) : data.download ? (
        <p className="notice notice--info" role="status">
          {by ? (
            <Trans>
              Last downloaded {at} by {by}; unchanged since.
            </Trans>
          ) : (
            <Trans>Last downloaded {at}; unchanged since.</Trans>
          )}
        </p>
      ) : null}
      <p>
        <a href={href(`/petadmin/reports.csv?month=${data.month}`)} className="button button--primary" download>
          <Trans>Download the CSV (SAC&apos;s names)</Trans>
        </a>
      </p>
      <p>
        {data.addsUp ? (
          <Trans>Beginning + intakes − outcomes = ending, in every row.</Trans>
        ) : (
          <Trans>The rows do not add up: tell whoever looks after the site.</Trans>
        )}
      </p>
      <dl className="report-rates">
        <div>
          <dt>
            <Trans>Live release rate</Trans>
          </dt>
          <dd>{data.liveReleaseRate}</dd>
          <dd className="report-rates__formula">{i18n._(liveReleaseFormula)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Save rate</Trans>
          </dt>
          <dd>{data.saveRate}</dd>
          <dd className="report-rates__formula">{i18n._(saveRateFormula)}</dd>
        </div>
      </dl>
      {/* The table's HTML depends on the month's figures' version and the language alone: rendered once
          per isolate for each (decision 064, amended 2026-11-28, evening). */}
      <KeptPart
        as="table"
        name="report-table"
        keptFor={data.tableKey}
        className="report-table"
        id="report-table"
        inside={() => <ReportTable data={data} />}
      />
    </>
  );
}

/** The month's figures, one row per figure, one column per species and age group. */
function ReportTable({ data }: { data: ReportData }) {
  const { t, i18n } = useLingui();
  const groupName = (row: ReportRow) => {
    const species =
      row.speciesGroup === "canine" ? t`Dogs` : row.speciesGroup === "feline" ? t`Cats` : t`Other animals`;
    return row.ageGroup === "adult" ? t`${species}, adult` : t`${species}, up to 5 months`;
  };
  const figures: Figure[] = [
    { key: "beginning-shelter", label: t`Beginning: in the shelter`, value: (row) => row.beginningInShelter },
    { key: "beginning-foster", label: t`Beginning: in foster`, value: (row) => row.beginningInFoster },
    { key: "beginning", label: t`Beginning count`, value: (row) => row.beginning, total: true },
    ...sacIntakeColumns.map((column) => ({
      key: `intake-${column}`,
      label: i18n._(intakeLabels[column]),
      value: (row: ReportRow) => row.intakes[column],
    })),
    { key: "intakes", label: t`Total intakes`, value: (row) => row.intakesTotal, total: true },
    ...outcomeTypes.map((type) => ({
      key: `outcome-${type}`,
      label: i18n._(outcomeLabels[type]),
      value: (row: ReportRow) => row.outcomes[type],
    })),
    { key: "outcomes", label: t`Total outcomes`, value: (row) => row.outcomesTotal, total: true },
    { key: "ending", label: t`Ending count`, value: (row) => row.ending, total: true },
  ];
  const monthLabel = data.monthLabel;
  return (
    <>
      <caption>
        <Trans>{monthLabel} by species and age at intake</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Figure</Trans>
          </th>
          {data.rows.map((row) => (
            <th scope="col" key={`${row.speciesGroup}-${row.ageGroup}`}>
              {groupName(row)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {figures.map((figure) => (
          <tr key={figure.key} data-figure={figure.key} className={figure.total ? "report-table__total" : undefined}>
            <th scope="row">{figure.label}</th>
            {data.rows.map((row) => (
              <td key={`${row.speciesGroup}-${row.ageGroup}`}>{figure.value(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
}
