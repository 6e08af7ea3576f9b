import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocalePath } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { shelter } from "#app/config/shelter";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { volunteerRoleTitle } from "#app/lib/volunteer/volunteer";
import { newVolunteerNotice, volunteerReceivedMessage } from "#app/lib/volunteer/volunteer-emails";
import { confirmVolunteerApplication, pendingVolunteerApplication } from "#app/models/volunteers.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { i18nOf, inboxI18n } from "#app/locales/catalogs.server";

export const meta = routeMeta;

/**
 * The link in the confirmation email opens this page; its button (a POST) confirms, so a mail scanner
 * that follows links confirms nothing (as the newsletter's, decision 033).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = {
    title: i18n._(msg`Confirm your volunteer application`),
    description: i18n._(msg`Confirm your volunteer application to ${name}.`),
  };
  if (params.has("done")) return { meta, state: "done" as const, token: "", role: "" };
  const token = (params.get("token") ?? "").slice(0, 200);
  const pending = await pendingVolunteerApplication(context.db, token);
  return pending
    ? { meta, state: "ready" as const, token, role: i18n._(volunteerRoleTitle(pending.role)) }
    : { meta, state: "invalid" as const, token, role: "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = String((await readFormData(request)).get("token") ?? "").slice(0, 200);
  const locale = localeOf(request);
  return tryWrite(
    async () => {
      const confirmed = await confirmVolunteerApplication(context.db, token);
      if (!confirmed) return redirect(localizedPath("/volunteer/confirm?token=", locale));
      const origin = new URL(request.url).origin;
      // In the language of the page (the emailed link's, which is the application's).
      sendAfterResponse(
        context,
        volunteerReceivedMessage(confirmed.email, confirmed.name, confirmed.role, i18nOf(request)),
      );
      sendAfterResponse(
        context,
        newVolunteerNotice(confirmed, `${origin}/petadmin/inbox/volunteer/${confirmed.id}`, inboxI18n()),
      );
      return redirect(localizedPath("/volunteer/confirm?done", locale));
    },
    (message) => data({ error: message }, { status: 503 }),
  );
}

export default function ConfirmVolunteer() {
  const { state, token, role } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const posting = usePosting();
  const { t } = useLingui();
  const href = useLocalePath();
  const days = shelter.visits.replyBusinessDays;
  return (
    <div className="container auth-page">
      <h1>
        <Trans>Confirm your volunteer application</Trans>
      </h1>
      <FormAlert messages={actionData?.error ? [actionData.error] : []} />
      {state === "ready" ? (
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <p>
            <Trans>One click and your application for {role} reaches our volunteer coordinator.</Trans>
          </p>
          <SubmitButton className="button button--primary" pending={posting} pendingLabel={t`Confirming…`}>
            <Trans>Confirm my application</Trans>
          </SubmitButton>
        </Form>
      ) : null}
      {state === "done" ? (
        <div className="notice notice--success" role="status">
          <p>
            <Trans>Thank you, your application is confirmed. We get in touch within {days} business days.</Trans>
          </p>
          <Link to={href("/adopt")}>
            <Trans>Meet our pets</Trans>
          </Link>
        </div>
      ) : null}
      {state === "invalid" ? (
        <div className="notice notice--error" role="alert">
          <p>
            <Trans>This link has expired or was already used.</Trans>
          </p>
          <p>
            <Trans>
              You can <Link to={href("/volunteer/apply")}>apply again</Link>.
            </Trans>
          </p>
        </div>
      ) : null}
    </div>
  );
}
