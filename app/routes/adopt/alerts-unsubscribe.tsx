import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { isUnsubscribeToken } from "#app/lib/email/alert-tokens";
import { readEmailedLink, spendEmailedLink } from "#app/lib/email/emailed-link";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData } from "#app/lib/http/request";
import { setNewPetAlerts } from "#app/models/new-pet-alerts.server";

export const meta = routeMeta;

const notValid = /*i18n*/ "This unsubscribe link is not valid. Sign in and turn alerts off on your profile.";

/** The user an unsubscribe link names, when its signed token is right; null for anything else. */
async function linkedUser(secret: string | null, user: unknown, token: unknown): Promise<number | null> {
  if (!secret || typeof user !== "string" || typeof token !== "string" || !/^\d{1,9}$/.test(user) || token.length > 100)
    return null;
  return (await isUnsubscribeToken(Number(user), token, secret)) ? Number(user) : null;
}

/**
 * The page an alert's unsubscribe link opens, without signing in. Opening it changes nothing (mail
 * scanners open links); its one button, or the mail program's one-click POST (RFC 8058, sent to the
 * same address), unsubscribes.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { done, params } = readEmailedLink(request);
  const i18n = i18nOf(request);
  const meta = {
    title: i18n._(msg`Stop new-pet alerts`),
    description: i18n._(msg`Stop the emails about new pets that match your answers.`),
  };
  if (done) return { meta, state: "done" as const, user: "", token: "" };
  const user = params.get("user");
  const token = params.get("token");
  const valid = (await linkedUser(context.config.alertTokenSecret, user, token)) !== null;
  return valid
    ? { meta, state: "confirm" as const, user: user!, token: token! }
    : { meta, state: "invalid" as const, user: "", token: "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const params = new URL(request.url).searchParams;
  const userId = await linkedUser(
    context.config.alertTokenSecret,
    formData.get("user") ?? params.get("user"),
    formData.get("token") ?? params.get("token"),
  );
  if (userId === null) throw new Response(i18nOf(request)._(notValid), { status: 400 });
  return spendEmailedLink(async () => {
    await setNewPetAlerts(context.db, userId, false);
    return localizedPath("/alerts/unsubscribe?done", localeOf(request));
  });
}

export default function Unsubscribe() {
  const { state, user, token } = useLoaderData<typeof loader>();
  const { t, i18n } = useLingui();
  return (
    <EmailedLinkPage
      title={t`New-pet alerts`}
      state={state}
      fields={{ user, token }}
      prompt={t`Stop the emails about new pets that match your answers?`}
      button={t`Stop new-pet alerts`}
      pendingLabel={t`Stopping…`}
      done={
        <p>
          <Trans>Done: you will get no more new-pet alerts. You can turn them on again from your profile.</Trans>
        </p>
      }
      invalid={<p>{i18n._(notValid)}</p>}
    />
  );
}
