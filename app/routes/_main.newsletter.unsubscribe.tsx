import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { pageMeta } from "#app/lib/meta";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { unsubscribe } from "#app/models/newsletter.server";
import { shelter } from "#app/config/shelter";
import { FormAlert } from "#app/components/ui/form-alert";

export const meta: MetaFunction = () => pageMeta("Unsubscribe", `Unsubscribe from the ${shelter.name} newsletter.`);

/** The unsubscribe link of every newsletter e-mail; its button (a POST) unsubscribes. */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return { done: params.has("done"), token: (params.get("token") ?? "").slice(0, 200) };
}

/**
 * The page's button, and mail apps' one-click unsubscribe (RFC 8058: a POST of
 * `List-Unsubscribe=One-Click` to the link, token in the address). The answer never says whether the
 * address was subscribed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const token = String(formData.get("token") ?? new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  return tryWrite(
    async () => {
      await unsubscribe(context.db, token);
      return redirect("/newsletter/unsubscribe?done");
    },
    (message) => data({ error: message }, { status: 503 }),
  );
}

export default function Unsubscribe() {
  const { done, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const posting = usePosting();
  return (
    <div className="container auth-page">
      <h1>Unsubscribe from our newsletter</h1>
      <FormAlert messages={actionData?.error ? [actionData.error] : []} />
      {done ? (
        <p className="notice notice--success" role="status">You are unsubscribed. We will not send you our newsletter again.</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <p>We are sorry to see you go.</p>
          <SubmitButton className="button button--primary" pending={posting} pendingLabel="Unsubscribing…">
            Unsubscribe
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
