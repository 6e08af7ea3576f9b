import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { Field } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { messages } from "#app/lib/accounts/account-fields";
import { resetPasswordSchema } from "#app/lib/accounts/account-schemas";
import { isCommonPassword } from "#app/lib/accounts/common-passwords";
import { hashPassword } from "#app/lib/accounts/crypto";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { routeMeta } from "#app/lib/i18n/meta";
import { clientAddress } from "#app/lib/accounts/rate-limits";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { peekUserToken, resetPasswordWithToken } from "#app/models/user-tokens.server";
import { shelter } from "#app/config/shelter";

export const meta = routeMeta;

const expired = msg`This link has expired or was already used. Ask for a new one.`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid =
    token.length > 0 && token.length < 200 && (await peekUserToken(context.db, token, "reset-password")) !== null;
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = {
    title: i18n._(msg`Choose a new password`),
    description: i18n._(msg`Choose a new password for your ${name} account.`),
  };
  return { meta, token, valid, constraint: getZodConstraint(resetPasswordSchema) };
}

/** A new password ends every session of the account (a stolen session stops working); see resetPasswordWithToken. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: resetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  const { token, password } = submission.value;
  if (await isCommonPassword(password)) {
    return data(
      {
        result: submission.reply({
          fieldErrors: { password: [i18nOf(request)._(messages.commonPassword)] },
          hideFields,
        }),
      },
      { status: 400 },
    );
  }
  const passwordHash = await hashPassword(password);
  return tryWrite(
    async () => {
      const userId = await resetPasswordWithToken(context.db, token, passwordHash, clientAddress(request));
      if (userId === null)
        return data(
          { result: submission.reply({ formErrors: [i18nOf(request)._(expired)], hideFields }) },
          { status: 400 },
        );
      return redirect(localizedPath("/sign-in?notice=reset", localeOf(request)));
    },
    (message) => data({ result: submission.reply({ formErrors: [message], hideFields }) }, { status: 503 }),
  );
}

const loadResetPasswordCheck = () => import("#app/lib/forms/validators/account").then((checks) => checks.resetPassword);

export default function ResetPassword() {
  const { token, valid, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form } = useServerForm(
    "reset-password",
    { constraint, lastResult: actionData?.result },
    loadResetPasswordCheck,
  );
  const posting = usePosting();
  const { t } = useLingui();
  const href = useLocalePath();
  if (!valid && !actionData) {
    return (
      <div className="container auth-page">
        <h1>
          <Trans>Choose a new password</Trans>
        </h1>
        <p className="notice notice--error" role="alert">
          {t(expired)}
        </p>
        <Link to={href("/forgot-password")}>
          <Trans>Send me a new link</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div className="container auth-page">
      <h1>
        <Trans>Choose a new password</Trans>
      </h1>
      <Form method="post" id={form.id} ref={ref} className="stack">
        <FormAlert messages={formErrorsOf(form)} />
        <input type="hidden" name="token" value={token} />
        <Field
          label={t`New password (at least 8 characters)`}
          field={serverField(form, "password")}
          type="password"
          autoComplete="new-password"
        />
        <Field
          label={t`Re-type password`}
          field={serverField(form, "confirmPassword")}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton className="button button--primary" pending={posting} pendingLabel={t`Saving…`}>
          <Trans>Save the new password</Trans>
        </SubmitButton>
      </Form>
    </div>
  );
}
