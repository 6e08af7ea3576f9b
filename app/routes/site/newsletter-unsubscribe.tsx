import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "@remix-run/react";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { linkToken, readEmailedLink, spendEmailedLink } from "#app/lib/email/emailed-link";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData } from "#app/lib/http/request";
import { i18nOf } from "#app/locales/catalogs.server";
import { unsubscribe } from "#app/models/newsletter.server";
import { shelter } from "#app/config/shelter";

export const meta = routeMeta;

/** The unsubscribe link of every newsletter email; its button (a POST) unsubscribes. */
export function loader({ request }: LoaderFunctionArgs) {
  const { done, token } = readEmailedLink(request);
  const i18n = i18nOf(request);
  const name = shelter.name;
  return {
    meta: { title: i18n._(msg`Unsubscribe`), description: i18n._(msg`Unsubscribe from the ${name} newsletter.`) },
    done,
    token,
  };
}

/**
 * The page's button, and mail apps' one-click unsubscribe (RFC 8058: a POST of
 * `List-Unsubscribe=One-Click` to the link, token in the address). The answer never says whether the
 * address was subscribed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const token = linkToken(formData.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
  return spendEmailedLink(async () => {
    await unsubscribe(context.db, token);
    return localizedPath("/newsletter/unsubscribe?done", localeOf(request));
  });
}

export default function Unsubscribe() {
  const { done, token } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  return (
    <EmailedLinkPage
      title={t`Unsubscribe from our newsletter`}
      state={done ? "done" : "ready"}
      fields={{ token }}
      prompt={t`We are sorry to see you go.`}
      button={t`Unsubscribe`}
      pendingLabel={t`Unsubscribing…`}
      done={
        <p>
          <Trans>You are unsubscribed. We will not send you our newsletter again.</Trans>
        </p>
      }
    />
  );
}
