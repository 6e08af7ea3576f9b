import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { linkToken, readEmailedLink, spendEmailedLink } from "#app/lib/email/emailed-link";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData } from "#app/lib/http/request";
import { safeLocalizedRedirect, withRedirectTo } from "#app/lib/http/safe-redirect";
import { confirmEmailWithToken, peekUserToken } from "#app/models/user-tokens.server";
import { shelter } from "#app/config/shelter";

export const meta = routeMeta;

/**
 * The emailed link opens this page; the address is confirmed by its button (a POST), so nothing
 * changes on a GET and a mail scanner that follows links cannot use the token up. The link carries
 * where the person was going when they registered (`redirectTo`), checked as it will be followed, in
 * this page's language; the page leads there once the address is confirmed (issue 40).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { done, token, params } = readEmailedLink(request);
  const continueTo = safeLocalizedRedirect(params.get("redirectTo"), localeOf(request));
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = {
    title: i18n._(msg`Confirm your email`),
    description: i18n._(msg`Confirm the email address of your ${name} account.`),
  };
  if (done) return { meta, state: "done" as const, token: "", continueTo };
  const valid =
    token.length > 0 && token.length < 200 && (await peekUserToken(context.db, token, "confirm-email")) !== null;
  return { meta, state: valid ? ("ready" as const) : ("invalid" as const), token, continueTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const token = linkToken(formData.get("token"));
  const locale = localeOf(request);
  const continueTo = safeLocalizedRedirect(formData.get("redirectTo"), locale);
  return spendEmailedLink(async () =>
    withRedirectTo(
      localizedPath(
        token && (await confirmEmailWithToken(context.db, token)) !== null
          ? "/verify-email?done"
          : "/verify-email?token=",
        locale,
      ),
      continueTo,
    ),
  );
}

export default function VerifyEmail() {
  const { state, token, continueTo } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  const href = useLocalePath();
  const home = continueTo === href("/");
  return (
    <EmailedLinkPage
      title={t`Confirm your email`}
      state={state}
      fields={home ? { token } : { token, redirectTo: continueTo }}
      prompt={t`One click and your email address is confirmed.`}
      button={t`Confirm my email address`}
      pendingLabel={t`Confirming…`}
      done={
        <>
          <p>
            <Trans>Thank you, your email address is confirmed.</Trans>
          </p>
          {home ? (
            <Link to={href("/adopt")}>
              <Trans>Meet our pets</Trans>
            </Link>
          ) : (
            <Link to={continueTo} className="button button--primary">
              <Trans>Continue where you left off</Trans>
            </Link>
          )}
        </>
      }
      invalid={
        <>
          <p>
            <Trans>This link has expired or was already used.</Trans>
          </p>
          <p>
            <Trans>
              Sign in and ask for a new confirmation email:{" "}
              <Link to={withRedirectTo(href("/confirm-email"), continueTo)}>send it again</Link>.
            </Trans>
          </p>
        </>
      }
    />
  );
}
