import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ReportCard } from "#app/components/lost-found-card";
import { useLocalePath } from "#app/components/locale";
import { shelter } from "#app/config/shelter";
import { kindLabels, reportKinds, reportSpecies, speciesLabels } from "#app/lib/lost-found/report";
import { routeMeta } from "#app/lib/i18n/meta";
import { hasPermission } from "#app/lib/accounts/permissions";
import { photoUrl } from "#app/lib/photos/photos";
import { listLostFoundBoard } from "#app/models/lost-found.server";
import { i18nOf } from "#app/locales/catalogs.server";

export const meta = routeMeta;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | "" =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : "";

/** The board (issue 46): open reports, newest first, filtered by kind and species through the address. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const kind = oneOf(reportKinds, params.get("kind"));
  const species = oneOf(reportSpecies, params.get("species"));
  const i18n = i18nOf(request);
  const area = shelter.area;
  const [reports, viewer] = await Promise.all([
    listLostFoundBoard(context.db, { kind, species }),
    context.auth.viewer(),
  ]);
  return {
    meta: {
      title: i18n._(msg`Lost and found pets`),
      description: i18n._(msg`Pets lost and found in ${area}: report yours, and we match every new report at once.`),
    },
    kind,
    species,
    staff: hasPermission(viewer?.role, "moderate:lost-found"),
    reports: reports.map((report) => ({
      id: report.id,
      kind: report.kind,
      species: report.species,
      sex: report.sex,
      size: report.size,
      colours: report.colours,
      otherColours: report.otherColours,
      date: report.date,
      place: report.place,
      photo: report.images[0] ? photoUrl(report.images[0]) : null,
    })),
  };
}

export default function LostFoundBoard() {
  const { reports, kind, species, staff } = useLoaderData<typeof loader>();
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  const area = shelter.area;
  return (
    <div className="container lost-found">
      <h1>
        <Trans>Lost and found pets</Trans>
      </h1>
      <p>
        <Trans>
          Lost your pet, or found one, in {area}? Report it here: we compare every new report with the others and with
          the animals in our care at once, and email you when one may match. Your name, email and phone are never shown.
        </Trans>
      </p>
      <p className="lost-found__actions">
        <Link className="button button--primary" to={href("/lost-found/report?kind=lost")}>
          <Trans>Report a lost pet</Trans>
        </Link>
        <Link className="button" to={href("/lost-found/report?kind=found")}>
          <Trans>Report a found pet</Trans>
        </Link>
      </p>
      <Form method="get" className="lost-found__filters" aria-label={t`Filter the reports`}>
        <div className="field">
          <label htmlFor="lost-found-kind">
            <Trans>Lost or found</Trans>
          </label>
          <select id="lost-found-kind" name="kind" defaultValue={kind}>
            <option value="">{t`Both`}</option>
            {reportKinds.map((value) => (
              <option key={value} value={value}>
                {i18n._(kindLabels[value])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lost-found-species">
            <Trans>Animal</Trans>
          </label>
          <select id="lost-found-species" name="species" defaultValue={species}>
            <option value="">{t`All animals`}</option>
            {reportSpecies.map((value) => (
              <option key={value} value={value}>
                {i18n._(speciesLabels[value])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          <Trans>Show</Trans>
        </button>
      </Form>
      {staff ? (
        <p>
          <Link to={href("/petadmin/lost-found")}>
            <Trans>Hidden reports (staff)</Trans>
          </Link>
        </p>
      ) : null}
      {reports.length === 0 ? (
        <p>
          <Trans>No open report matches these filters.</Trans>
        </p>
      ) : (
        <ul className="report-list" aria-label={t`Open reports`}>
          {reports.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
