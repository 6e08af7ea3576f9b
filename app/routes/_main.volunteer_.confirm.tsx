import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormAlert } from "#app/components/ui/form-alert";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { shelter } from "#app/config/shelter";
import { pageMeta } from "#app/lib/meta";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { volunteerRoleTitle } from "#app/lib/volunteer";
import { newVolunteerNotice, volunteerReceivedMessage } from "#app/lib/volunteer-emails";
import { confirmVolunteerApplication, pendingVolunteerApplication } from "#app/models/volunteers.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { i18nOf } from "#app/locales/catalogs.server";

export const meta: MetaFunction = () => pageMeta("Confirm your volunteer application", `Confirm your volunteer application to ${shelter.name}.`);

/**
 * The link in the confirmation email opens this page; its button (a POST) confirms, so a mail scanner
 * that follows links confirms nothing (as the newsletter's, decision 033).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.has("done")) return { state: "done" as const, token: "", role: "" };
  const token = (params.get("token") ?? "").slice(0, 200);
  const pending = await pendingVolunteerApplication(context.db, token);
  return pending ? { state: "ready" as const, token, role: volunteerRoleTitle(pending.role) } : { state: "invalid" as const, token, role: "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = String((await readFormData(request)).get("token") ?? "").slice(0, 200);
  return tryWrite(
    async () => {
      const confirmed = await confirmVolunteerApplication(context.db, token);
      if (!confirmed) return redirect("/volunteer/confirm?token=");
      const origin = new URL(request.url).origin;
      // In the language of the page (the emailed link's, which is the application's).
      sendAfterResponse(context, volunteerReceivedMessage(confirmed.email, confirmed.name, confirmed.role, i18nOf(request)));
      sendAfterResponse(context, newVolunteerNotice(confirmed, `${origin}/petadmin/inbox/volunteer/${confirmed.id}`));
      return redirect("/volunteer/confirm?done");
    },
    (message) => data({ error: message }, { status: 503 }),
  );
}

export default function ConfirmVolunteer() {
  const { state, token, role } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const posting = usePosting();
  return (
    <div className="container auth-page">
      <h1>Confirm your volunteer application</h1>
      <FormAlert messages={actionData?.error ? [actionData.error] : []} />
      {state === "ready" ? (
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <p>One click and your application for {role} reaches our volunteer coordinator.</p>
          <SubmitButton className="button button--primary" pending={posting} pendingLabel="Confirming…">
            Confirm my application
          </SubmitButton>
        </Form>
      ) : null}
      {state === "done" ? (
        <div className="notice notice--success" role="status">
          <p>Thank you, your application is confirmed. We get in touch within {shelter.visits.replyBusinessDays} business days.</p>
          <Link to="/adopt">Meet our pets</Link>
        </div>
      ) : null}
      {state === "invalid" ? (
        <div className="notice notice--error" role="alert">
          <p>This link has expired or was already used.</p>
          <p>
            You can <Link to="/volunteer/apply">apply again</Link>.
          </p>
        </div>
      ) : null}
    </div>
  );
}
