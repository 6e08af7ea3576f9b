import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "@remix-run/react";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { useLocalePath } from "#app/components/locale";
import { linkToken, readEmailedLink, spendEmailedLink } from "#app/lib/email/emailed-link";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { welcomeNewsletterMessage } from "#app/lib/email/newsletter-emails";
import { readFormData } from "#app/lib/http/request";
import { i18nOf } from "#app/locales/catalogs.server";
import { confirmSubscription, pendingEmail } from "#app/models/newsletter.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { shelter } from "#app/config/shelter";

export const meta = routeMeta;

/**
 * The link in the confirmation email opens this page; its button (a POST) subscribes, so a mail
 * scanner that follows links subscribes nobody (decision 033). The link is in the language of the page
 * the address signed up on, and so is the welcome.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { done, token } = readEmailedLink(request);
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = {
    title: i18n._(msg`Confirm your subscription`),
    description: i18n._(msg`Confirm your subscription to the ${name} newsletter.`),
  };
  if (done) return { meta, state: "done" as const, token: "" };
  return { meta, state: (await pendingEmail(context.db, token)) ? ("ready" as const) : ("invalid" as const), token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = linkToken((await readFormData(request)).get("token"));
  const locale = localeOf(request);
  return spendEmailedLink(async () => {
    const confirmed = await confirmSubscription(context.db, token);
    if (!confirmed) return localizedPath("/newsletter/confirm?token=", locale);
    const origin = new URL(request.url).origin;
    const unsubscribe = `${origin}${localizedPath(`/newsletter/unsubscribe?token=${confirmed.unsubscribeToken}`, locale)}`;
    sendAfterResponse(context, welcomeNewsletterMessage(confirmed.email, unsubscribe, i18nOf(request)));
    return localizedPath("/newsletter/confirm?done", locale);
  });
}

export default function ConfirmNewsletter() {
  const { state, token } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  const href = useLocalePath();
  return (
    <EmailedLinkPage
      title={t`Confirm your subscription`}
      state={state}
      fields={{ token }}
      prompt={t`One click and you receive our newsletter.`}
      button={t`Confirm my subscription`}
      pendingLabel={t`Confirming…`}
      done={
        <>
          <p>
            <Trans>Thank you, you are subscribed. Every newsletter has a link to unsubscribe.</Trans>
          </p>
          <Link to={href("/adopt")}>
            <Trans>Meet our pets</Trans>
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
              Sign up again with the <Link to={href("/#newsletter")}>newsletter box</Link> on our home page.
            </Trans>
          </p>
        </>
      }
    />
  );
}
