import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton, usePosting } from "#app/components/ui/submit-button";
import { pageMeta } from "#app/lib/meta";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { confirmEmailWithToken, peekUserToken } from "#app/models/user-tokens.server";
import { shelter } from "#app/config/shelter";

export const meta: MetaFunction = () => pageMeta("Confirm your e-mail", `Confirm the e-mail address of your ${shelter.name} account.`);

/**
 * The e-mailed link opens this page; the address is confirmed by its button (a POST), so nothing
 * changes on a GET and a mail scanner that follows links cannot use the token up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.has("done")) return { state: "done" as const, token: "" };
  const token = params.get("token") ?? "";
  const valid = token.length > 0 && token.length < 200 && (await peekUserToken(context.db, token, "confirm-email")) !== null;
  return { state: valid ? ("ready" as const) : ("invalid" as const), token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = String((await readFormData(request)).get("token") ?? "").slice(0, 200);
  if (!token) return redirect("/verify-email?token=");
  return tryWrite(
    async () => redirect((await confirmEmailWithToken(context.db, token)) === null ? "/verify-email?token=" : "/verify-email?done"),
    (message) => data({ error: message }, { status: 503 }),
  );
}

export default function VerifyEmail() {
  const { state, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const posting = usePosting();
  return (
    <div className="container auth-page">
      <h1>Confirm your e-mail</h1>
      {actionData?.error ? (
        <p className="notice notice--error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {state === "ready" ? (
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <p>One click and your e-mail address is confirmed.</p>
          <SubmitButton className="button button--primary" pending={posting} pendingLabel="Confirming…">
            Confirm my e-mail address
          </SubmitButton>
        </Form>
      ) : null}
      {state === "done" ? (
        <div className="notice notice--success" role="status">
          <p>Thank you, your e-mail address is confirmed.</p>
          <Link to="/adopt">Meet our pets</Link>
        </div>
      ) : null}
      {state === "invalid" ? (
        <div className="notice notice--error" role="alert">
          <p>This link has expired or was already used.</p>
          <p>
            Sign in and ask for a new confirmation e-mail: <Link to="/confirm-email">send it again</Link>.
          </p>
        </div>
      ) : null}
    </div>
  );
}
