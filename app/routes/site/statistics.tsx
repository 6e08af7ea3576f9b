import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "@remix-run/react";
import { BarChart } from "#app/components/bar-chart";
import { KeptPart } from "#app/components/kept-part";
import { PageBanner } from "#app/components/page-banner";
import { shelter } from "#app/config/shelter";
import { speciesGroups, type SpeciesGroup } from "#app/lib/intake-outcome/categories";
import { liveReleaseFormula, type PeriodFigures, type Statistics } from "#app/lib/intake-outcome/figures";
import { shelterDayOf } from "#app/lib/intake-outcome/shelter-day";
import { publicPageHeaders } from "#app/lib/http/http-cache";
import { languageTag, localeOf, type Locale } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { i18nOf } from "#app/locales/catalogs.server";
import { statisticsFigures } from "#app/services/statistics.server";

/**
 * /statistics (decision 064): what the shelter took in and how the animals left, the last 12 months
 * and the year so far, by species, worked out from every stay. The same for every visitor: cached at
 * the edge, and any pet change (an intake, an outcome, an adoption) purges it (lib/http/page-tags.ts).
 */
export const headers = publicPageHeaders;

export const meta = routeMeta;

/** The page's formats of a language, made once per isolate (making an Intl format costs more than using it). */
const formats = new Map<
  string,
  { monthName: Intl.DateTimeFormat; percent: Intl.NumberFormat; number: Intl.NumberFormat }
>();
function formatsOf(tag: string) {
  let made = formats.get(tag);
  if (!made) {
    made = {
      monthName: new Intl.DateTimeFormat(tag, { month: "short", year: "2-digit", timeZone: "UTC" }),
      percent: new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 }),
      number: new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }),
    };
    formats.set(tag, made);
  }
  return made;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = localeOf(request);
  const today = shelterDayOf(Date.now(), shelter.openingHours.timeZone);
  // Counted in D1 and stored until a stay changes or the day does (decision 064, amended 2026-11-28).
  const { figures, version } = await statisticsFigures(context.db, today);
  // What the figures' HTML is kept under (components/kept-part.tsx): they are the stored figures of
  // this version and day (decision 064, amended 2026-11-28, evening).
  const figuresKey = version === null ? null : `${version}:${today}`;
  if (figuresKey === null) return shaped(request, locale, figures, null);
  // The figures kept per isolate (services/figures-summaries.server.ts) are the same object while their
  // version and day stay: their data in each language is shaped once (decision 064, amended 2026-11-29).
  const kept = shapedKept.get(figures) ?? {};
  shapedKept.set(figures, kept);
  return (kept[locale] ??= shaped(request, locale, figures, figuresKey));
}

const shapedKept = new WeakMap<Statistics, Partial<Record<Locale, ReturnType<typeof shaped>>>>();

/** The page's data: its title and each period's figures with their words and numbers in the page's language. */
function shaped(request: Request, locale: Locale, figures: Statistics, figuresKey: string | null) {
  const i18n = i18nOf(request);
  const { monthName, percent, number } = formatsOf(languageTag[locale]);
  const shown = (period: PeriodFigures) => ({
    takenIn: period.takenIn,
    adopted: period.adopted,
    returnedToOwner: period.returnedToOwner,
    transferred: period.transferred,
    liveReleaseRate: period.liveReleaseRate,
    liveReleaseShown: period.liveReleaseRate === null ? "–" : percent.format(period.liveReleaseRate),
    medianStayDays: period.medianStayDays,
    medianShown: period.medianStayDays === null ? "–" : number.format(period.medianStayDays),
  });
  const name = shelter.name;
  return {
    meta: {
      title: i18n._(msg`Statistics`),
      description: i18n._(
        msg`How many animals ${name} took in, how many found homes, and how they left: the last 12 months and the year so far.`,
      ),
    },
    figuresKey,
    months: figures.months.map(({ month, figures: period }) => ({
      month,
      label: monthName.format(new Date(`${month}-15T00:00:00Z`)),
      ...shown(period),
    })),
    year: figures.yearToDate.year,
    yearToDate: shown(figures.yearToDate.figures),
    yearBySpecies: speciesGroups.map((group) => ({ group, ...shown(figures.yearToDate.bySpecies[group]) })),
    twelveBySpecies: speciesGroups.map((group) => ({ group, ...shown(figures.twelveMonthsBySpecies[group]) })),
  };
}

interface Shown {
  takenIn: number;
  adopted: number;
  returnedToOwner: number;
  transferred: number;
  liveReleaseRate: number | null;
  liveReleaseShown: string;
  medianStayDays: number | null;
  medianShown: string;
}

type StatisticsData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Statistics() {
  const data = useLoaderData<typeof loader>();
  const { t } = useLingui();
  return (
    <>
      <PageBanner
        title={t`Statistics`}
        lead={t`Every animal counted: how they came to us and how they left, from our own records, updated as they change.`}
      />
      {/* The figures' HTML depends on their version, the day and the language alone: rendered once per
          isolate for each (decision 064, amended 2026-11-28, evening). */}
      <KeptPart
        as="section"
        name="statistics-figures"
        keptFor={data.figuresKey}
        className="section container statistics-page"
        inside={() => <StatisticsFigures data={data} />}
      />
    </>
  );
}

/** The page's figures: the year so far, the last 12 months' charts and tables, by species. */
function StatisticsFigures({ data }: { data: StatisticsData }) {
  const { t, i18n } = useLingui();
  const speciesName: Record<SpeciesGroup, string> = { canine: t`Dogs`, feline: t`Cats`, other: t`Other animals` };
  const year = data.year;
  const chart = (title: string, value: (month: Shown) => number | null, text: (month: Shown) => string) => (
    <BarChart
      title={title}
      bars={data.months.map((month) => ({ label: month.label, value: value(month), shown: text(month) }))}
    />
  );
  const figureColumns = (
    <>
      <th scope="col">
        <Trans>Taken in</Trans>
      </th>
      <th scope="col">
        <Trans>Adopted</Trans>
      </th>
      <th scope="col">
        <Trans>Returned to owner</Trans>
      </th>
      <th scope="col">
        <Trans>Transferred</Trans>
      </th>
      <th scope="col">
        <Trans>Live release rate</Trans>
      </th>
      <th scope="col">
        <Trans>Median days in care</Trans>
      </th>
    </>
  );
  const cells = (row: Shown) => (
    <>
      <td>{row.takenIn}</td>
      <td>{row.adopted}</td>
      <td>{row.returnedToOwner}</td>
      <td>{row.transferred}</td>
      <td>{row.liveReleaseShown}</td>
      <td>{row.medianShown}</td>
    </>
  );
  return (
    <>
      <h2>
        <Trans>The year so far ({year})</Trans>
      </h2>
      <dl className="statistics-summary">
        <div>
          <dt>
            <Trans>Taken in</Trans>
          </dt>
          <dd>{data.yearToDate.takenIn}</dd>
        </div>
        <div>
          <dt>
            <Trans>Adopted</Trans>
          </dt>
          <dd>{data.yearToDate.adopted}</dd>
        </div>
        <div>
          <dt>
            <Trans>Returned to owner</Trans>
          </dt>
          <dd>{data.yearToDate.returnedToOwner}</dd>
        </div>
        <div>
          <dt>
            <Trans>Transferred</Trans>
          </dt>
          <dd>{data.yearToDate.transferred}</dd>
        </div>
        <div>
          <dt>
            <Trans>Live release rate</Trans>
          </dt>
          <dd>{data.yearToDate.liveReleaseShown}</dd>
        </div>
        <div>
          <dt>
            <Trans>Median days in care</Trans>
          </dt>
          <dd>{data.yearToDate.medianShown}</dd>
        </div>
      </dl>
      <p className="statistics-formula">
        {i18n._(liveReleaseFormula)}.{" "}
        <Trans>Live outcomes are adoption, return to owner, transfer and return to field.</Trans>
      </p>

      <h2>
        <Trans>The last 12 months</Trans>
      </h2>
      <div className="statistics-charts">
        {chart(
          t`Taken in`,
          (m) => m.takenIn,
          (m) => String(m.takenIn),
        )}
        {chart(
          t`Adopted`,
          (m) => m.adopted,
          (m) => String(m.adopted),
        )}
        {chart(
          t`Returned to owner`,
          (m) => m.returnedToOwner,
          (m) => String(m.returnedToOwner),
        )}
        {chart(
          t`Transferred`,
          (m) => m.transferred,
          (m) => String(m.transferred),
        )}
        {chart(
          t`Live release rate`,
          (m) => m.liveReleaseRate,
          (m) => m.liveReleaseShown,
        )}
        {chart(
          t`Median days in care`,
          (m) => m.medianStayDays,
          (m) => m.medianShown,
        )}
      </div>
      <div className="statistics-table-box">
        <table className="statistics-table" id="statistics-months">
          <caption>
            <Trans>Each month (this month so far)</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Month</Trans>
              </th>
              {figureColumns}
            </tr>
          </thead>
          <tbody>
            {data.months.map((month) => (
              <tr key={month.month} data-month={month.month}>
                <th scope="row">{month.label}</th>
                {cells(month)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>
        <Trans>By species</Trans>
      </h2>
      {[
        { caption: t`The year so far`, rows: data.yearBySpecies },
        { caption: t`The last 12 months`, rows: data.twelveBySpecies },
      ].map(({ caption, rows }) => (
        <div className="statistics-table-box" key={caption}>
          <table className="statistics-table">
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Species</Trans>
                </th>
                {figureColumns}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.group}>
                  <th scope="row">{speciesName[row.group]}</th>
                  {cells(row)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </>
  );
}
