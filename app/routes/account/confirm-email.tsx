import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { shelter } from "#app/config/shelter";
import { confirmEmailMessage } from "#app/lib/email/emails";
import { minutesIn } from "#app/lib/i18n/intl";
import { routeMeta } from "#app/lib/i18n/meta";
import { limits, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { readFormData } from "#app/lib/http/request";
import { safeLocalizedRedirect, withRedirectTo } from "#app/lib/http/safe-redirect";
import { tryWrite } from "#app/lib/http/storage-error";
import { tokenLifetimesMs } from "#app/lib/accounts/token-lifetimes";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { issueUserToken } from "#app/models/user-tokens.server";
import { endSession } from "#app/services/session.server";
import { FormAlert } from "#app/components/ui/form-alert";

export const headers = retryAfterHeaders;

export const meta = routeMeta;

/** Only for a signed-in user whose address is not confirmed yet (spec §2, Confirm email). */
async function requireUnconfirmed(
  { context, request }: { context: LoaderFunctionArgs["context"]; request: Request },
  continueTo: string,
) {
  const locale = localeOf(request);
  const viewer = await context.auth.viewer();
  if (!viewer) throw redirect(withRedirectTo(localizedPath("/sign-in", locale), continueTo));
  if (viewer.emailConfirmed) throw redirect(continueTo);
  return viewer;
}

/**
 * Where the person was going before the detour through registration (issue 40): checked after it is put
 * in this page's language, so the link followed is the value checked (`/es//evil.example` is refused).
 */
function continueToOf(request: Request, value: FormDataEntryValue | null) {
  return safeLocalizedRedirect(value, localeOf(request));
}

function metaOf(request: Request) {
  const i18n = i18nOf(request);
  const name = shelter.name;
  return {
    title: i18n._(msg`Confirm your email`),
    description: i18n._(msg`Confirm the email address of your ${name} account.`),
  };
}

/**
 * Registration lands here whether or not the address had an account (decision 041): a visitor who is
 * not signed in (the address had one, and its owner was emailed) reads that an email is on its way.
 */
export async function loader(args: LoaderFunctionArgs) {
  const params = new URL(args.request.url).searchParams;
  const continueTo = continueToOf(args.request, params.get("redirectTo"));
  const meta = metaOf(args.request);
  if (!(await args.context.auth.viewer())) return { meta, email: null, resent: false, continueTo };
  const viewer = await requireUnconfirmed(args, continueTo);
  return { meta, email: viewer.email, resent: params.has("resent"), continueTo };
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const formData = await readFormData(request);
  const failed = (message: string) => data({ error: message }, { status: 503 });
  const locale = localeOf(request);
  const i18n = i18nOf(request);
  if (formData.get("intent") === "logout") {
    return tryWrite(
      async () =>
        redirect(localizedPath("/", locale), { headers: { "Set-Cookie": await endSession(context.db, request) } }),
      failed,
    );
  }
  const continueTo = continueToOf(request, formData.get("redirectTo"));
  const viewer = await requireUnconfirmed(args, continueTo);
  return tryWrite(async () => {
    const allowed = await hitRateLimit(context.db, `resend:user:${viewer.id}`, limits.resendConfirmation);
    if (!allowed.allowed) {
      const wait = minutesIn(i18n, allowed.retryAfterSeconds);
      return data(
        { error: i18n._(msg`We have just sent a few emails. You can ask again in ${wait}.`) },
        tooManyRequests(allowed.retryAfterSeconds),
      );
    }
    const token = await issueUserToken(context.db, viewer.id, "confirm-email", tokenLifetimesMs.confirmEmail);
    const link = `${new URL(request.url).origin}${withRedirectTo(`${localizedPath("/verify-email", locale)}?token=${token}`, continueTo)}`;
    await context.mailer.send(confirmEmailMessage(viewer.email, viewer.firstName, link, i18n));
    return redirect(withRedirectTo(localizedPath("/confirm-email?resent", locale), continueTo));
  }, failed);
}

export default function ConfirmEmail() {
  const { email, resent, continueTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const href = useLocalePath();
  const { t } = useLingui();
  const name = shelter.name;
  return (
    <main id="main" className="standalone confirm-page">
      <div className="container auth-page">
        <Link to={href("/")} className="brand" aria-label={t`${name}, home`}>
          <img src="/logo.svg" width="40" height="40" alt="" />
          <span className="brand__name">{shelter.name}</span>
        </Link>
        <h1>
          <Trans>Confirm your email</Trans>
        </h1>
        {email === null ? (
          <>
            <p>
              <Trans>
                We sent an email to the address you gave. It should arrive within a few minutes; if you cannot find it,
                please check your spam folder. Open its link to go on.
              </Trans>
            </p>
            <p>
              <Trans>
                <Link to={withRedirectTo(href("/sign-in"), continueTo)}>Sign in</Link> or{" "}
                <Link to={continueTo}>continue to the site</Link>.
              </Trans>
            </p>
          </>
        ) : (
          <>
            <p>
              <Trans>
                We sent a confirmation email to <strong>{email}</strong>. It should arrive within a few minutes. If you
                cannot find it, please check your spam folder.
              </Trans>
            </p>
            {resent ? (
              <p className="notice notice--success" role="status">
                <Trans>We sent another confirmation email.</Trans>
              </p>
            ) : null}
            <FormAlert messages={actionData?.error ? [actionData.error] : []} />
            <div className="button-row">
              <Form method="post">
                <input type="hidden" name="redirectTo" value={continueTo} />
                <button type="submit" name="intent" value="resend" className="button button--primary">
                  <Trans>Resend confirmation email</Trans>
                </button>
              </Form>
              <Form method="post">
                <button type="submit" name="intent" value="logout" className="button">
                  <Trans>Log out</Trans>
                </button>
              </Form>
            </div>
            <p>
              <Trans>
                <Link to={continueTo}>Continue to the site</Link> while you wait.
              </Trans>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
