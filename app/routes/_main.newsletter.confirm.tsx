import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { pageMeta } from "#app/lib/meta";
import { welcomeNewsletterMessage } from "#app/lib/newsletter-emails";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { confirmSubscription, pendingEmail } from "#app/models/newsletter.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { shelter } from "#app/config/shelter";
import { FormAlert } from "#app/components/ui/form-alert";

export const meta: MetaFunction = () => pageMeta("Confirm your subscription", `Confirm your subscription to the ${shelter.name} newsletter.`);

/**
 * The link in the confirmation e-mail opens this page; its button (a POST) subscribes, so a mail
 * scanner that follows links subscribes nobody (decision 033).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.has("done")) return { state: "done" as const, token: "" };
  const token = (params.get("token") ?? "").slice(0, 200);
  return { state: (await pendingEmail(context.db, token)) ? ("ready" as const) : ("invalid" as const), token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = String((await readFormData(request)).get("token") ?? "").slice(0, 200);
  return tryWrite(
    async () => {
      const confirmed = await confirmSubscription(context.db, token);
      if (!confirmed) return redirect("/newsletter/confirm?token=");
      const origin = new URL(request.url).origin;
      sendAfterResponse(context, welcomeNewsletterMessage(confirmed.email, `${origin}/newsletter/unsubscribe?token=${confirmed.unsubscribeToken}`));
      return redirect("/newsletter/confirm?done");
    },
    (message) => data({ error: message }, { status: 503 }),
  );
}

export default function ConfirmNewsletter() {
  const { state, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const posting = usePosting();
  return (
    <div className="container auth-page">
      <h1>Confirm your subscription</h1>
      <FormAlert messages={actionData?.error ? [actionData.error] : []} />
      {state === "ready" ? (
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <p>One click and you receive our newsletter.</p>
          <SubmitButton className="button button--primary" pending={posting} pendingLabel="Confirming…">
            Confirm my subscription
          </SubmitButton>
        </Form>
      ) : null}
      {state === "done" ? (
        <div className="notice notice--success" role="status">
          <p>Thank you, you are subscribed. Every newsletter has a link to unsubscribe.</p>
          <Link to="/adopt">Meet our pets</Link>
        </div>
      ) : null}
      {state === "invalid" ? (
        <div className="notice notice--error" role="alert">
          <p>This link has expired or was already used.</p>
          <p>
            Sign up again with the <Link to="/#newsletter">newsletter box</Link> on our home page.
          </p>
        </div>
      ) : null}
    </div>
  );
}
