import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "#app/lib/meta";
import { clientAddress } from "#app/lib/rate-limits";
import { readFormData } from "#app/lib/request";
import { tryWrite } from "#app/lib/storage-error";
import { acceptInvitation, findInvitation } from "#app/models/organisations.server";
import { shelter } from "#app/config/shelter";
import { prepareRotation } from "#app/services/session.server";
import { FormAlert } from "#app/components/ui/form-alert";

export const meta: MetaFunction = () => pageMeta("Join the staff", `Accept an invitation to join the staff of the ${shelter.name}.`);

function readToken(value: string | null | undefined) {
  return value && value.length < 200 ? value : "";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = readToken(url.searchParams.get("token"));
  const invitation = token ? await findInvitation(context.db, token) : undefined;
  if (!invitation) return { state: "invalid" as const };
  const viewer = await context.auth.viewer();
  const here = `${url.pathname}${url.search}`;
  const common = { token, organisation: invitation.organisation, email: invitation.email, here };
  if (!viewer) return { state: "sign-in" as const, ...common };
  if (viewer.email !== invitation.email) return { state: "other-account" as const, ...common, signedInAs: viewer.email };
  if (!viewer.emailConfirmed) return { state: "confirm-first" as const, ...common };
  return { state: "ready" as const, ...common };
}

const confirmFirst =
  "Confirm your email address before you join the staff: follow the link in the confirmation email we sent you, then open this invitation again.";

/**
 * Joins only an account whose address is confirmed: anyone can register an address they do not own,
 * and staff rights must go to its owner (decision 025). acceptInvitation checks it again in its batch.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await context.auth.viewer();
  const token = readToken(String((await readFormData(request)).get("token") ?? ""));
  if (!viewer) return redirect(`/sign-in?redirectTo=${encodeURIComponent(`/join?token=${token}`)}`);
  if (!viewer.emailConfirmed) return data({ error: confirmFirst }, { status: 403 });
  return tryWrite(
    async () => {
      // New rights, new session id: a session id someone else planted or saw before is worth nothing now.
      const rotation = await prepareRotation(context.db, request, viewer);
      const joined = await acceptInvitation(context.db, token, viewer, clientAddress(request), rotation.statements);
      if (!joined) return redirect(`/join?token=${encodeURIComponent(token)}`);
      return redirect("/petadmin", { headers: { "Set-Cookie": rotation.cookie } });
    },
    (message) => data({ error: message }, { status: 503 }),
  );
}

export default function Join() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container auth-page">
      <h1>Join the staff</h1>
      <FormAlert messages={actionData?.error ? [actionData.error] : []} />
      {data.state === "invalid" ? (
        <p className="notice notice--error" role="alert">
          This invitation has expired, was already used, or does not exist. Ask an admin to invite you again.
        </p>
      ) : (
        <p>
          You are invited to join <strong>{data.organisation}</strong> with the email address <strong>{data.email}</strong>.
        </p>
      )}
      {data.state === "sign-in" ? (
        <p className="button-row">
          <Link to={`/sign-in?redirectTo=${encodeURIComponent(data.here)}`} className="button button--primary">
            Sign in to accept
          </Link>
          <Link to={`/register?redirectTo=${encodeURIComponent(data.here)}`} className="button">
            Create an account
          </Link>
        </p>
      ) : null}
      {data.state === "other-account" ? (
        <div className="notice notice--error" role="alert">
          <p>
            You are signed in as {data.signedInAs}. Log out, then sign in or create an account with {data.email}.
          </p>
          <Form method="post" action="/logout">
            <button type="submit" className="button">
              Log out
            </button>
          </Form>
        </div>
      ) : null}
      {data.state === "confirm-first" ? (
        <div className="notice notice--error" role="alert">
          <p>{confirmFirst}</p>
          <p>
            <Link to="/confirm-email">Send the confirmation email again</Link>
          </p>
        </div>
      ) : null}
      {data.state === "ready" ? (
        <Form method="post">
          <input type="hidden" name="token" value={data.token} />
          <button type="submit" className="button button--primary">
            Join {data.organisation}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
