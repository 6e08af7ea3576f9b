import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { accountLocale, i18nFor, i18nOf } from "#app/locales/catalogs.server";
import { Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { forgotPasswordSchema } from "#app/lib/accounts/account-schemas";
import { resetPasswordMessage } from "#app/lib/email/emails";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { minutesIn } from "#app/lib/i18n/intl";
import { routeMeta } from "#app/lib/i18n/meta";
import { clientAddress, limits, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { readFormData } from "#app/lib/http/request";
import { tokenLifetimesMs } from "#app/lib/accounts/token-lifetimes";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { issueUserToken } from "#app/models/user-tokens.server";
import { findUserByEmail } from "#app/models/users.server";

export const headers = retryAfterHeaders;

export const meta = routeMeta;

export function loader({ request }: LoaderFunctionArgs) {
  const i18n = i18nOf(request);
  const meta = {
    title: i18n._(msg`Forgot password`),
    description: i18n._(msg`Get a link to choose a new password for your account.`),
  };
  return {
    meta,
    sent: new URL(request.url).searchParams.has("sent"),
    constraint: getZodConstraint(forgotPasswordSchema),
  };
}

/**
 * The answer is the same whether or not the account exists, and the email is sent after the
 * response (waitUntil), so neither the words nor the timing tell. The limits count requests for an
 * address whether or not it has an account, so a 429 tells nothing about it either.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  const { db } = context;
  const origin = new URL(request.url).origin;

  // The per-account count is kept per network too: strangers asking for links to someone's address
  // must not use up the owner's own requests (a staff owner locked out of the reset, decision 026).
  const network = clientAddress(request);
  const perAccount = await hitRateLimit(db, `forgot:account:${email}:${network}`, limits.forgotPasswordPerAccount);
  const perAddress = await hitRateLimit(db, `forgot:address:${network}`, limits.forgotPasswordPerAddress);
  if (!perAccount.allowed || !perAddress.allowed) {
    const retryAfterSeconds = Math.max(
      perAccount.allowed ? 0 : perAccount.retryAfterSeconds,
      perAddress.allowed ? 0 : perAddress.retryAfterSeconds,
    );
    const i18n = i18nOf(request);
    const wait = minutesIn(i18n, retryAfterSeconds);
    const message = i18n._(msg`We have just sent a few links. You can ask again in ${wait}.`);
    return data({ result: submission.reply({ formErrors: [message] }) }, tooManyRequests(retryAfterSeconds));
  }

  const sendLink = async () => {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = await issueUserToken(db, user.id, "reset-password", tokenLifetimesMs.resetPassword);
    // In the account's language (decision 057), whatever the page's.
    const locale = accountLocale(user.language);
    await context.mailer.send(
      resetPasswordMessage(
        user.email,
        `${origin}${localizedPath("/reset-password", locale)}?token=${token}`,
        i18nFor(locale),
      ),
    );
  };
  context.cloudflare.ctx.waitUntil(sendLink().catch((error) => console.error("reset email not sent", error)));
  return redirect(localizedPath("/forgot-password?sent", localeOf(request)));
}

const loadForgotPasswordCheck = () =>
  import("#app/lib/forms/validators/account").then((checks) => checks.forgotPassword);

export default function ForgotPassword() {
  const { sent, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form } = useServerForm(
    "forgot-password",
    { constraint, lastResult: actionData?.result },
    loadForgotPasswordCheck,
  );
  const posting = usePosting();
  const { t } = useLingui();
  const href = useLocalePath();
  return (
    <div className="container auth-page">
      <h1>
        <Trans>Forgot your password?</Trans>
      </h1>
      {sent ? (
        <p className="notice notice--success" role="status">
          <Trans>
            If an account exists for that email address, we have sent it a link to choose a new password. The link works
            for one hour.
          </Trans>
        </p>
      ) : (
        <Form method="post" id={form.id} ref={ref} className="stack">
          <FormAlert messages={formErrorsOf(form)} />
          <p>
            <Trans>Enter the email address of your account and we will send you a link to choose a new password.</Trans>
          </p>
          <Field label={t`Email`} field={serverField(form, "email")} type="email" autoComplete="email" />
          <SubmitButton className="button button--primary" pending={posting} pendingLabel={t`Sending the link…`}>
            <Trans>Send the link</Trans>
          </SubmitButton>
        </Form>
      )}
      <p>
        <Link to={href("/sign-in")}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </div>
  );
}
