import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GoogleButton } from "#app/components/google-button";
import { HoneypotField } from "#app/components/honeypot";
import { CheckboxField, SelectField, Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { shelter } from "#app/config/shelter";
import { genders, messages, requiredFieldsMessage } from "#app/lib/accounts/account-fields";
import { registerSchema } from "#app/lib/accounts/account-schemas";
import { tokenLifetimesMs } from "#app/lib/accounts/token-lifetimes";
import { isCommonPassword } from "#app/lib/accounts/common-passwords";
import { hashPassword } from "#app/lib/accounts/crypto";
import { isHoneypotFilled } from "#app/lib/forms/honeypot";
import { confirmEmailMessage, registrationAttemptMessage } from "#app/lib/email/emails";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { minutesIn } from "#app/lib/i18n/intl";
import { routeMeta } from "#app/lib/i18n/meta";
import { clientAddress, limits, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { readFormData } from "#app/lib/http/request";
import { safeLocalizedRedirect, safeRedirect, withRedirectTo } from "#app/lib/http/safe-redirect";
import { tryWrite } from "#app/lib/http/storage-error";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { createUserWithConfirmation, issueUserToken } from "#app/models/user-tokens.server";
import { findUserByEmail } from "#app/models/users.server";
import { requireAnonymous, signedInHeaders } from "#app/services/auth.server";
import { useLocalePath } from "#app/components/locale";
import { localeOfPath, localizedPath, localeOf } from "#app/lib/i18n/locale";
import { accountLocale, i18nFor, i18nOf } from "#app/locales/catalogs.server";

export const headers = retryAfterHeaders;

export const meta = routeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  // Google's round trip comes back to this, as it will be followed: in this page's language, checked.
  const continueTo = safeLocalizedRedirect(redirectTo, localeOfPath(url.pathname));
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = {
    title: i18n._(msg`Register`),
    description: i18n._(msg`Create your ${name} account to keep favorite pets and apply to adopt.`),
  };
  return {
    meta,
    redirectTo,
    continueTo,
    constraint: getZodConstraint(registerSchema),
    googleEnabled: context.config.google !== null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(context);
  const formData = await readFormData(request);
  // A robot that filled the honeypot is answered as if its account were made; nothing is stored or sent.
  const locale = localeOf(request);
  const i18n = i18nOf(request);
  if (isHoneypotFilled(formData)) return redirect(localizedPath("/confirm-email", locale));
  const submission = parseWithZod(formData, { schema: registerSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    const failing = Object.entries(submission.error ?? {})
      .filter(([, errors]) => errors?.length)
      .map(([name]) => name);
    const summary = requiredFieldsMessage(failing, i18n);
    return data({ result: submission.reply({ formErrors: summary ? [summary] : [], hideFields }) }, { status: 400 });
  }
  const form = submission.value;
  const { db } = context;
  const failed = (message: string) =>
    data({ result: submission.reply({ formErrors: [message], hideFields }) }, { status: 503 });

  const created = await tryWrite(async () => {
    const allowed = await hitRateLimit(db, `sign-up:ip:${clientAddress(request)}`, limits.signUpPerAddress);
    if (!allowed.allowed) {
      const wait = minutesIn(i18n, allowed.retryAfterSeconds);
      const message = i18n._(msg`Too many new accounts from your network. Please try again in ${wait}.`);
      return data(
        { result: submission.reply({ formErrors: [message], hideFields }) },
        tooManyRequests(allowed.retryAfterSeconds),
      );
    }
    if (await isCommonPassword(form.password)) {
      return data(
        { result: submission.reply({ fieldErrors: { password: [i18n._(messages.commonPassword)] }, hideFields }) },
        { status: 400 },
      );
    }
    const passwordHash = await hashPassword(form.password);
    const existing = await findUserByEmail(db, form.email);
    if (existing) return { taken: existing };
    // The account and its confirmation link are one batch: both are saved, or neither.
    const account = await createUserWithConfirmation(
      db,
      {
        email: form.email,
        firstName: form.firstName,
        lastName: form.lastName,
        dateOfBirth: form.dateOfBirth ?? null,
        gender: form.gender ?? null,
        passwordHash,
        // The page's language is the account's (decision 057): its emails are written in it.
        language: locale,
      },
      tokenLifetimesMs.confirmEmail,
    );
    return account ?? { taken: await findUserByEmail(db, form.email) };
  }, failed);
  // Where the person was going, carried through the confirmation page and its e-mailed link (issue 40):
  // checked in this page's language, as it will be followed.
  const continueTo = safeLocalizedRedirect(form.redirectTo, locale);
  const confirmPage = withRedirectTo(localizedPath("/confirm-email", locale), continueTo);
  if ("taken" in created) {
    // The address has an account: answered exactly as a new one (the same page, the same status), and
    // its owner is told by email, with a sign-in and a reset link (decision 041).
    if (created.taken) await tellOwnerOfTakenAddress(context, request, created.taken);
    return redirect(confirmPage);
  }
  if (!("user" in created)) return created;
  const { user, token } = created;

  const link = `${new URL(request.url).origin}${withRedirectTo(`${localizedPath("/verify-email", locale)}?token=${token}`, continueTo)}`;
  try {
    await context.mailer.send(confirmEmailMessage(user.email, user.firstName, link, i18n));
  } catch (error) {
    // The account exists; the confirmation page offers to send the email again.
    console.error("confirmation email not sent", error);
  }
  // The account is saved: if signing in fails now, saying "nothing was saved" would be wrong.
  return tryWrite(
    async () =>
      redirect(confirmPage, { headers: await signedInHeaders(context, request, user, false, "registration") }),
    () => redirect(withRedirectTo(localizedPath("/sign-in?notice=registered", locale), continueTo)),
  );
}

/**
 * Emails the owner of an address someone tried to register: a sign-in link and a fresh reset link (as
 * forgot-password sends). At most a few an hour per address, counted per network as forgot-password
 * does; past that, nothing is sent and the answer is the same. A failure is logged, never shown.
 */
async function tellOwnerOfTakenAddress(
  context: ActionFunctionArgs["context"],
  request: Request,
  owner: { id: number; email: string; language: string },
) {
  try {
    const allowed = await hitRateLimit(
      context.db,
      `register-taken:${owner.email}:${clientAddress(request)}`,
      limits.forgotPasswordPerAccount,
    );
    if (!allowed.allowed) return;
    const origin = new URL(request.url).origin;
    const token = await issueUserToken(context.db, owner.id, "reset-password", tokenLifetimesMs.resetPassword);
    // In the owner's language (users.language), with links to its pages.
    const locale = accountLocale(owner.language);
    const page = (path: string) => `${origin}${localizedPath(path, locale)}`;
    await context.mailer.send(
      registrationAttemptMessage(
        owner.email,
        page("/sign-in"),
        page(`/reset-password?token=${token}`),
        i18nFor(locale),
      ),
    );
  } catch (error) {
    console.error("email about a taken address not sent", error);
  }
}

const loadRegisterCheck = () => import("#app/lib/forms/validators/account").then((checks) => checks.register);

export default function Register() {
  const { redirectTo, continueTo, constraint, googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form } = useServerForm("register", { constraint, lastResult: actionData?.result }, loadRegisterCheck);
  const pending = usePosting();
  const field = (name: string) => serverField(form, name);
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  const name = shelter.name;

  return (
    <div className="container auth-page">
      <h1>
        <Trans>Create your account</Trans>
      </h1>
      <p className="lead">
        <Trans>Keep your favorite pets, save your matches and apply to adopt.</Trans>
      </p>
      {googleEnabled ? <GoogleButton label={t`Register with Google`} redirectTo={continueTo} /> : null}
      <p className="divider">
        <span>
          <Trans>or with your email</Trans>
        </span>
      </p>
      <Form method="post" id={form.id} ref={ref} className="stack">
        <FormAlert messages={formErrorsOf(form)} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <HoneypotField formId={form.id} />
        <div className="field-row">
          <Field label={t`First name`} field={field("firstName")} autoComplete="given-name" />
          <Field label={t`Last name`} field={field("lastName")} autoComplete="family-name" />
        </div>
        <Field label={t`Email`} field={field("email")} type="email" autoComplete="email" />
        <Field
          label={t`Password (at least 8 characters)`}
          field={field("password")}
          type="password"
          autoComplete="new-password"
        />
        <Field
          label={t`Re-type password`}
          field={field("confirmPassword")}
          type="password"
          autoComplete="new-password"
        />
        <Field label={t`Date of birth (optional)`} field={field("dateOfBirth")} type="date" autoComplete="bday" />
        <SelectField
          label={t`Gender (optional)`}
          field={field("gender")}
          options={genders.map((gender) => ({ value: gender.value, label: i18n._(gender.label) }))}
          placeholder={t`Choose…`}
        />
        <CheckboxField label={t`I agree to create ${name} account`} field={field("agreeToTerms")} />
        <SubmitButton className="button button--primary" pending={pending} pendingLabel={t`Creating your account…`}>
          <Trans>Create Account</Trans>
        </SubmitButton>
      </Form>
      <p>
        <Trans>Already have an account?</Trans>{" "}
        <Link to={href(`/sign-in${redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`}`)}>
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </div>
  );
}
