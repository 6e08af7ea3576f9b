import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "@remix-run/react";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { useLocalePath } from "#app/components/locale";
import { linkToken, readEmailedLink, spendEmailedLink } from "#app/lib/email/emailed-link";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { isReportLinkToken, type ReportLinkAction } from "#app/lib/lost-found/links";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData, readId } from "#app/lib/http/request";
import { reportEndIn, staffReturnNotice } from "#app/lib/lost-found/emails";
import {
  closeLostFoundReport,
  lostFoundPetMatches,
  lostFoundReporter,
  renewLostFoundReport,
} from "#app/models/lost-found.server";
import { i18nOf, inboxI18n } from "#app/locales/catalogs.server";
import { lostFoundSecret } from "#app/services/lost-found-links.server";
import { sendAfterResponse } from "#app/services/notify.server";

export const meta = routeMeta;

const notFound = () => new Response("Not found", { status: 404 });

function linkOf(params: { id?: string; action?: string }): { id: number; action: ReportLinkAction } {
  const id = readId(params.id);
  if (!id || (params.action !== "renew" && params.action !== "close")) throw notFound();
  return { id, action: params.action };
}

/**
 * The reporter's one-click links (issue 46): "keep it open 30 days more" and "we are together again".
 * Opening one changes nothing (mail scanners follow links); its one button, a POST, does it. The
 * token is signed for this report and this action (lib/lost-found/links.ts).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { id, action } = linkOf(params);
  const { done, params: query, token } = readEmailedLink(request);
  const i18n = i18nOf(request);
  const meta =
    action === "renew"
      ? {
          title: i18n._(msg`Keep your report open`),
          description: i18n._(msg`Keep your lost and found report on the board 30 days more.`),
        }
      : { title: i18n._(msg`Together again`), description: i18n._(msg`Close your lost and found report.`) };
  if (done) return { meta, id, action, state: "done" as const, token: "", until: query.get("until") ?? "" };
  const report = await lostFoundReporter(context.db, id);
  const valid =
    report !== null &&
    report.hiddenAt === null &&
    report.closedAt === null &&
    (await isReportLinkToken(id, action, token, lostFoundSecret(context.config)));
  return { meta, id, action, state: valid ? ("ready" as const) : ("invalid" as const), token, until: "" };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { id, action } = linkOf(params);
  const token = linkToken((await readFormData(request)).get("token"));
  const locale = localeOf(request);
  const again = localizedPath(`/lost-found/${id}/${action}?token=`, locale);
  return spendEmailedLink(async () => {
    if (!(await isReportLinkToken(id, action, token, lostFoundSecret(context.config)))) return again;
    if (action === "close") {
      if (!(await closeLostFoundReport(context.db, id))) return again;
      // It matched animals in our care: staff confirm whether one went home (the stay's outcome).
      const animals = await lostFoundPetMatches(context.db, id);
      if (animals.length > 0) {
        const origin = new URL(request.url).origin;
        sendAfterResponse(
          context,
          staffReturnNotice(
            animals.map((animal) => animal.name),
            `${origin}/lost-found/${id}`,
            `${origin}/petadmin/lost-found#returns`,
            inboxI18n(),
          ),
        );
      }
      return localizedPath(`/lost-found/${id}/close?done`, locale);
    }
    const until = await renewLostFoundReport(context.db, id);
    return until
      ? localizedPath(
          `/lost-found/${id}/renew?done&until=${encodeURIComponent(reportEndIn(i18nOf(request), until))}`,
          locale,
        )
      : again;
  });
}

export default function ReportLink() {
  const { id, action, state, token, until } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  const href = useLocalePath();
  const invalid = (
    <p>
      <Trans>
        This link is not valid, or the report is closed. <Link to={href("/lost-found")}>Lost and found pets</Link>
      </Trans>
    </p>
  );
  if (action === "renew") {
    return (
      <EmailedLinkPage
        title={t`Keep your report open`}
        state={state}
        fields={{ token }}
        prompt={t`One click and your report stays on the board 30 days more from today.`}
        button={t`Keep it open 30 days more`}
        pendingLabel={t`Saving…`}
        done={
          <p>
            <Trans>
              Done: your report stays on the board until {until}.{" "}
              <Link to={href(`/lost-found/${id}`)}>See your report</Link>
            </Trans>
          </p>
        }
        invalid={invalid}
      />
    );
  }
  return (
    <EmailedLinkPage
      title={t`Together again`}
      state={state}
      fields={{ token }}
      prompt={t`Wonderful news! One click and your report closes and leaves the board.`}
      button={t`We are together again`}
      pendingLabel={t`Closing…`}
      done={
        <p>
          <Trans>
            Your report is closed. We are so glad. <Link to={href("/lost-found")}>Lost and found pets</Link>
          </Trans>
        </p>
      }
      invalid={invalid}
    />
  );
}
