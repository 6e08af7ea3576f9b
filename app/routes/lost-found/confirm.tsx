import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "@remix-run/react";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { useLocalePath } from "#app/components/locale";
import { linkToken, readEmailedLink, spendEmailedLink } from "#app/lib/email/emailed-link";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData } from "#app/lib/http/request";
import { i18nOf } from "#app/locales/catalogs.server";
import { confirmLostFoundReport, pendingLostFoundReport } from "#app/models/lost-found.server";
import { matchConfirmedReport } from "#app/services/lost-found-matching.server";

export const meta = routeMeta;

/**
 * The link in the confirmation email opens this page; its button (a POST) puts the report on the
 * board, so a mail scanner that follows links confirms nothing (as the volunteer application's).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { done, params, token } = readEmailedLink(request);
  const i18n = i18nOf(request);
  const meta = {
    title: i18n._(msg`Confirm your lost and found report`),
    description: i18n._(msg`Confirm your report and it goes on the lost and found board.`),
  };
  const reportId = Number(params.get("report")) || 0;
  if (done) return { meta, state: "done" as const, token: "", reportId };
  return {
    meta,
    state: (await pendingLostFoundReport(context.db, token)) ? ("ready" as const) : ("invalid" as const),
    token,
    reportId: 0,
  };
}

/** Confirms, then matches the report at once; a matching that fails leaves the report confirmed (it is logged). */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = linkToken((await readFormData(request)).get("token"));
  const locale = localeOf(request);
  return spendEmailedLink(async () => {
    const report = await confirmLostFoundReport(context.db, token);
    if (!report) return localizedPath("/lost-found/confirm?token=", locale);
    try {
      await matchConfirmedReport(context, report, new URL(request.url).origin);
    } catch (error) {
      console.error("lost and found report confirmed but not matched", report.id, error);
    }
    return localizedPath(`/lost-found/confirm?done&report=${report.id}`, locale);
  });
}

export default function ConfirmLostFoundReport() {
  const { state, token, reportId } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  const href = useLocalePath();
  return (
    <EmailedLinkPage
      title={t`Confirm your lost and found report`}
      state={state}
      fields={{ token }}
      prompt={t`One click and your report goes on the lost and found board for 30 days.`}
      button={t`Confirm my report`}
      pendingLabel={t`Confirming…`}
      done={
        <>
          <p>
            <Trans>
              Thank you, your report is on the board. We compared it with the open reports and wrote to you; we write
              again whenever a new one may match.
            </Trans>
          </p>
          <Link to={href(reportId ? `/lost-found/${reportId}` : "/lost-found")}>
            <Trans>See your report</Trans>
          </Link>
        </>
      }
      invalid={
        <>
          <p>
            <Trans>This link has expired or was already used.</Trans>
          </p>
          <p>
            <Trans>
              You can <Link to={href("/lost-found")}>report again</Link>.
            </Trans>
          </p>
        </>
      }
    />
  );
}
