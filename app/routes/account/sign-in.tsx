import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { useMemo } from "react";
import { GoogleButton } from "#app/components/google-button";
import { CheckboxField, Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { shelter } from "#app/config/shelter";
import { signInSchema } from "#app/lib/accounts/account-schemas";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { minutesIn } from "#app/lib/i18n/intl";
import { routeMeta } from "#app/lib/i18n/meta";
import { clientAddress, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { readFormData } from "#app/lib/http/request";
import { safeLocalizedRedirect, safeRedirect, withRedirectTo } from "#app/lib/http/safe-redirect";
import { signInReason, type SignInReason } from "#app/lib/accounts/sign-in-reasons";
import { tryWrite } from "#app/lib/http/storage-error";
import { hitSignInLimit } from "#app/models/rate-limits.server";
import { recordSecurityEventByEmail } from "#app/models/security-events.server";
import {
  createAuthenticator,
  requireAnonymous,
  signedInHeaders,
  SignInError,
  wrongCredentials,
} from "#app/services/auth.server";
import { readRememberedEmail, rememberEmail } from "#app/services/session.server";

export const headers = retryAfterHeaders;

export const meta = routeMeta;

// Maps, so that `?notice=toString` finds nothing rather than a function of Object.prototype.
const notices = new Map([
  ["reset", msg`Your password has been changed. Sign in with your new password.`],
  ["registered", msg`Your account is created. Sign in to continue; we sent you an email to confirm your address.`],
]);
const googleErrors = new Map([
  ["google", msg`Google sign-in did not complete. Please try again, or use your email and password.`],
  ["google-unavailable", msg`Google sign-in is not available just now. Please use your email and password.`],
]);
/** Why the visitor is asked to sign in, from where they were going (every wall that sends them here). */
const reasons: Record<SignInReason, MessageDescriptor> = {
  adopt: msg`Sign in to apply to adopt.`,
  foster: msg`Sign in to apply to foster.`,
  "foster-pets": msg`Sign in to see your foster pets.`,
  visit: msg`Sign in to book your visit.`,
  applications: msg`Sign in to see your applications.`,
  favorites: msg`Sign in to see your favorite pets.`,
  "on-hold": msg`Sign in to see the pets on hold for you.`,
  adopted: msg`Sign in to see the pets you adopted.`,
  profile: msg`Sign in to see your profile.`,
  match: msg`Sign in to keep your matches.`,
  staff: msg`Sign in with your staff account.`,
  join: msg`Sign in to join the shelter's staff.`,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  const params = new URL(request.url).searchParams;
  const i18n = i18nOf(request);
  const name = shelter.name;
  const notice = notices.get(params.get("notice") ?? "");
  const googleError = googleErrors.get(params.get("error") ?? "");
  const redirectTo = safeRedirect(params.get("redirectTo"), "/");
  const reason = signInReason(redirectTo);
  return {
    meta: { title: i18n._(msg`Sign in`), description: i18n._(msg`Sign in to your ${name} account.`) },
    redirectTo,
    // Google's round trip comes back to this, as it will be followed: in this page's language, checked.
    continueTo: safeLocalizedRedirect(redirectTo, localeOf(request)),
    reason: reason ? i18n._(reasons[reason]) : null,
    rememberedEmail: await readRememberedEmail(request),
    notice: notice ? i18n._(notice) : null,
    googleError: googleError ? i18n._(googleError) : null,
    googleEnabled: context.config.google !== null,
    constraint: getZodConstraint(signInSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(context);
  const formData = await readFormData(request.clone() as Request);
  const submission = parseWithZod(formData, { schema: signInSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const { email, remember, redirectTo } = submission.value;
  const { db } = context;
  const i18n = i18nOf(request);
  const locale = localeOf(request);

  return tryWrite(
    async () => {
      // Counted before the password is checked (one upsert each, returning the count), so a burst of
      // parallel guesses gets no more checks than the limit; the owner's success gives its count back.
      const blocked = await hitSignInLimit(db, email, clientAddress(request));
      if (!blocked.allowed) {
        await recordSecurityEventByEmail(db, "sign-in-locked", email, clientAddress(request));
        const wait = minutesIn(i18n, blocked.retryAfterSeconds);
        const message = i18n._(
          msg`Too many failed attempts. Please wait ${wait} and try again, or reset your password.`,
        );
        return data(
          { result: submission.reply({ formErrors: [message], hideFields }) },
          tooManyRequests(blocked.retryAfterSeconds),
        );
      }

      let user;
      try {
        user = await createAuthenticator(context, request).authenticate("password", request);
      } catch (error) {
        if (!(error instanceof SignInError)) throw error;
        await recordSecurityEventByEmail(db, "sign-in-failed", email, clientAddress(request));
        const why =
          error.message === wrongCredentials ? i18n._(msg`The email address or password is incorrect.`) : error.message;
        const message = i18n._(msg`${why} Recheck your email and password.`);
        return data({ result: submission.reply({ formErrors: [message], hideFields }) }, { status: 400 });
      }
      await blocked.giveBack();

      const headers = await signedInHeaders(context, request, user, remember === true, "password");
      headers.append("Set-Cookie", await rememberEmail(request, remember ? user.email : null));
      // Checked after it is put in this page's language: the value followed is the value checked.
      const continueTo = safeLocalizedRedirect(redirectTo, locale);
      if (!user.emailConfirmedAt)
        return redirect(withRedirectTo(localizedPath("/confirm-email", locale), continueTo), { headers });
      return redirect(continueTo, { headers });
    },
    (message) => data({ result: submission.reply({ formErrors: [message], hideFields }) }, { status: 503 }),
  );
}

const loadSignInCheck = () => import("#app/lib/forms/validators/account").then((checks) => checks.signIn);

export default function SignIn() {
  const { redirectTo, continueTo, reason, rememberedEmail, notice, googleError, googleEnabled, constraint } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form } = useServerForm(
    "sign-in",
    { constraint, lastResult: actionData?.result, defaultValue: { email: rememberedEmail } },
    loadSignInCheck,
  );
  const pending = usePosting();
  const errors = formErrorsOf(form);
  const googleAlert = useMemo(() => (googleError ? [googleError] : []), [googleError]);
  const alert = errors.length > 0 ? errors : googleAlert;
  const { t } = useLingui();
  const href = useLocalePath();

  return (
    <div className="container auth-page">
      <h1>
        <Trans>Sign in</Trans>
      </h1>
      {reason ? <p className="lead">{reason}</p> : null}
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      <FormAlert title={t`Cannot sign in`} messages={alert} hideAfterMs={10_000} />
      <Form method="post" id={form.id} ref={ref} className="stack">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={t`Email`} field={serverField(form, "email")} type="email" autoComplete="email" />
        <Field
          label={t`Password`}
          field={serverField(form, "password")}
          type="password"
          autoComplete="current-password"
        />
        <div className="auth-page__row">
          <CheckboxField
            label={t`Remember Me`}
            field={serverField(form, "remember")}
            defaultChecked={rememberedEmail !== null}
          />
          <Link to={href("/forgot-password")}>
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <SubmitButton className="button button--primary" pending={pending} pendingLabel={t`Signing in…`}>
          <Trans>Continue</Trans>
        </SubmitButton>
      </Form>
      {googleEnabled ? (
        <>
          <p className="divider">
            <span>
              <Trans>or</Trans>
            </span>
          </p>
          <GoogleButton label={t`Sign in with Google`} redirectTo={continueTo} />
        </>
      ) : null}
      <p>
        <Trans>New here?</Trans>{" "}
        <Link to={href(`/register${redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`}`)}>
          <Trans>Create an account</Trans>
        </Link>
      </p>
    </div>
  );
}
