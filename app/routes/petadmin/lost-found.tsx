import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { AdminPageHandle } from "#app/components/admin-page";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "@remix-run/react";
import { ReportCard } from "#app/components/lost-found-card";
import { useLocalePath } from "#app/components/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { photoUrl } from "#app/lib/photos/photos";
import { listHiddenLostFoundReports } from "#app/models/lost-found.server";
import { i18nOf } from "#app/locales/catalogs.server";
import { requireStaff } from "#app/services/auth.server";

export const meta = routeMeta;

/** The layout's chrome (components/admin-page.tsx): this page has its own back link, to the board; its class. */
export const handle: AdminPageHandle = { adminBack: "none", adminPageClass: "lost-found" };

/** The lost and found reports staff hid, with why (issue 46): staff only, checked here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "moderate:lost-found");
  const i18n = i18nOf(request);
  const reports = await listHiddenLostFoundReports(context.db);
  return {
    meta: {
      title: i18n._(msg`Hidden lost and found reports`),
      description: i18n._(msg`Lost and found reports staff hid, and why.`),
    },
    reports: reports.map((report) => ({
      card: {
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
      },
      reason: report.hiddenReason ?? "",
    })),
  };
}

export default function HiddenLostFoundReports() {
  const { reports } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  const href = useLocalePath();
  return (
    <>
      <p>
        <Link to={href("/lost-found")}>
          <Trans>‹ Lost and found pets</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Hidden lost and found reports</Trans>
      </h1>
      {reports.length === 0 ? (
        <p>
          <Trans>No report is hidden.</Trans>
        </p>
      ) : (
        <ul className="report-list" aria-label={t`Hidden reports`}>
          {reports.map(({ card, reason }) => (
            <li key={card.id}>
              <ReportCard report={card} />
              <p>
                <Trans>Why: {reason}</Trans>
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
