import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { GoogleButton } from "#app/components/google-button";
import { CheckboxField, Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { shelter } from "#app/config/shelter";
import { signInSchema } from "#app/lib/account-schemas";
import { formErrorsOf, serverField } from "#app/lib/form-constraint";
import { pageMeta } from "#app/lib/meta";
import { clientAddress, minutesFrom, retryAfterHeaders, tooManyRequests } from "#app/lib/rate-limits";
import { readFormData } from "#app/lib/request";
import { safeRedirect } from "#app/lib/safe-redirect";
import { tryWrite } from "#app/lib/storage-error";
import { hitSignInLimit } from "#app/models/rate-limits.server";
import { recordSecurityEventByEmail } from "#app/models/security-events.server";
import { createAuthenticator, requireAnonymous, signedInHeaders, SignInError } from "#app/services/auth.server";
import { readRememberedEmail, rememberEmail } from "#app/services/session.server";

export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => pageMeta("Sign in", `Sign in to your ${shelter.name} account.`);

const recheck = " Recheck your email and password.";

// Maps, so that `?notice=toString` finds nothing rather than a function of Object.prototype.
const notices = new Map([
  ["reset", "Your password has been changed. Sign in with your new password."],
  ["registered", "Your account is created. Sign in to continue; we sent you an email to confirm your address."],
]);
const googleErrors = new Map([
  ["google", "Google sign-in did not complete. Please try again, or use your email and password."],
  ["google-unavailable", "Google sign-in is not available just now. Please use your email and password."],
]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  const params = new URL(request.url).searchParams;
  return {
    redirectTo: safeRedirect(params.get("redirectTo"), "/"),
    rememberedEmail: await readRememberedEmail(request),
    notice: notices.get(params.get("notice") ?? "") ?? null,
    googleError: googleErrors.get(params.get("error") ?? "") ?? null,
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

  return tryWrite(
    async () => {
      // Counted before the password is checked (one upsert each, returning the count), so a burst of
      // parallel guesses gets no more checks than the limit; the owner's success gives its count back.
      const blocked = await hitSignInLimit(db, email, clientAddress(request));
      if (!blocked.allowed) {
        await recordSecurityEventByEmail(db, "sign-in-locked", email, clientAddress(request));
        const message = `Too many failed attempts. Please wait ${minutesFrom(blocked.retryAfterSeconds)} and try again, or reset your password.`;
        return data({ result: submission.reply({ formErrors: [message], hideFields }) }, tooManyRequests(blocked.retryAfterSeconds));
      }

      let user;
      try {
        user = await createAuthenticator(context, request).authenticate("password", request);
      } catch (error) {
        if (!(error instanceof SignInError)) throw error;
        await recordSecurityEventByEmail(db, "sign-in-failed", email, clientAddress(request));
        return data({ result: submission.reply({ formErrors: [error.message + recheck], hideFields }) }, { status: 400 });
      }
      await blocked.giveBack();

      const headers = await signedInHeaders(context, request, user, remember === true, "password");
      headers.append("Set-Cookie", await rememberEmail(request, remember ? user.email : null));
      if (!user.emailConfirmedAt) return redirect("/confirm-email", { headers });
      return redirect(safeRedirect(redirectTo, "/"), { headers });
    },
    (message) => data({ result: submission.reply({ formErrors: [message], hideFields }) }, { status: 503 }),
  );
}


const loadSignInCheck = () => import("#app/lib/validators/account").then((checks) => checks.signIn);

export default function SignIn() {
  const { redirectTo, rememberedEmail, notice, googleError, googleEnabled, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form } = useServerForm("sign-in", { constraint, lastResult: actionData?.result, defaultValue: { email: rememberedEmail } }, loadSignInCheck);
  const pending = usePosting();
  const errors = formErrorsOf(form);
  const googleAlert = useMemo(() => (googleError ? [googleError] : []), [googleError]);
  const alert = errors.length > 0 ? errors : googleAlert;

  return (
    <div className="container auth-page">
      <h1>Sign in</h1>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      <FormAlert title="Cannot sign in" messages={alert} hideAfterMs={10_000} />
      <Form method="post" id={form.id} ref={ref} className="stack">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" field={serverField(form, "email")} type="email" autoComplete="email" />
        <Field label="Password" field={serverField(form, "password")} type="password" autoComplete="current-password" />
        <div className="auth-page__row">
          <CheckboxField label="Remember Me" field={serverField(form, "remember")} defaultChecked={rememberedEmail !== null} />
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <SubmitButton className="button button--primary" pending={pending} pendingLabel="Signing in…">
          Continue
        </SubmitButton>
      </Form>
      {googleEnabled ? (
        <>
          <p className="divider">
            <span>or</span>
          </p>
          <GoogleButton label="Sign in with Google" redirectTo={redirectTo} />
        </>
      ) : null}
      <p>
        New here? <Link to={`/register${redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`}`}>Create an account</Link>
      </p>
    </div>
  );
}
