import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { isSignedToken } from "#app/lib/email/alert-tokens";
import { readEmailedLink, spendEmailedLink } from "#app/lib/email/emailed-link";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData } from "#app/lib/http/request";
import { i18nOf } from "#app/locales/catalogs.server";
import { stopFollowUps } from "#app/models/care.server";
import { followUpStopPurpose } from "#app/services/care-follow-ups.server";

export const meta = routeMeta;

const notValid = /*i18n*/ "This link is not valid. Call or write to us, and we will stop the e-mails for you.";

/** The address a stop link names, when its signed token is right; null for anything else. */
async function linkedAddress(secret: string | null, email: unknown, token: unknown): Promise<string | null> {
  if (!secret || typeof email !== "string" || typeof token !== "string" || email.length > 254 || token.length > 100)
    return null;
  return (await isSignedToken(followUpStopPurpose, email.toLowerCase(), token, secret)) ? email.toLowerCase() : null;
}

/**
 * /care/stop: the link in every follow-up after an adoption (issue 45). Opening it changes nothing
 * (mail scanners open links); its one button, or the mail program's one-click POST, stops them all.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { done, params } = readEmailedLink(request);
  const i18n = i18nOf(request);
  const meta = {
    title: i18n._(msg`Stop e-mails after adoption`),
    description: i18n._(msg`Stop the check-ins and reminders we send after an adoption.`),
  };
  if (done) return { meta, state: "done" as const, email: "", token: "" };
  const email = params.get("email");
  const token = params.get("token");
  const valid = (await linkedAddress(context.config.alertTokenSecret, email, token)) !== null;
  return valid
    ? { meta, state: "confirm" as const, email: email!, token: token! }
    : { meta, state: "invalid" as const, email: "", token: "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const params = new URL(request.url).searchParams;
  const email = await linkedAddress(
    context.config.alertTokenSecret,
    formData.get("email") ?? params.get("email"),
    formData.get("token") ?? params.get("token"),
  );
  if (email === null) throw new Response(i18nOf(request)._(notValid), { status: 400 });
  return spendEmailedLink(async () => {
    await stopFollowUps(context.db, email);
    return localizedPath("/care/stop?done", localeOf(request));
  });
}

export default function StopFollowUps() {
  const { state, email, token } = useLoaderData<typeof loader>();
  const { t, i18n } = useLingui();
  return (
    <EmailedLinkPage
      title={t`E-mails after adoption`}
      state={state}
      fields={{ email, token }}
      prompt={t`Stop the check-ins and reminders we send after an adoption?`}
      button={t`Stop these e-mails`}
      pendingLabel={t`Stopping…`}
      done={
        <p>
          <Trans>Done: we will send no more check-ins or reminders. You are always welcome to call us.</Trans>
        </p>
      }
      invalid={<p>{i18n._(notValid)}</p>}
    />
  );
}
