import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { localizedPath, localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { routeMeta } from "#app/lib/i18n/meta";
import { clientAddress } from "#app/lib/accounts/rate-limits";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { acceptInvitation, findInvitation } from "#app/models/organisations.server";
import { shelter } from "#app/config/shelter";
import { prepareRotation } from "#app/services/session.server";
import { FormAlert } from "#app/components/ui/form-alert";

export const meta = routeMeta;

function readToken(value: string | null | undefined) {
  return value && value.length < 200 ? value : "";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = {
    title: i18n._(msg`Join the staff`),
    description: i18n._(msg`Accept an invitation to join the staff of the ${name}.`),
  };
  const token = readToken(url.searchParams.get("token"));
  const invitation = token ? await findInvitation(context.db, token) : undefined;
  if (!invitation) return { meta, state: "invalid" as const };
  const viewer = await context.auth.viewer();
  const here = `${url.pathname}${url.search}`;
  const common = { meta, token, organisation: invitation.organisation, email: invitation.email, here };
  if (!viewer) return { state: "sign-in" as const, ...common };
  if (viewer.email !== invitation.email)
    return { state: "other-account" as const, ...common, signedInAs: viewer.email };
  if (!viewer.emailConfirmed) return { state: "confirm-first" as const, ...common };
  return { state: "ready" as const, ...common };
}

const confirmFirst = msg`Confirm your email address before you join the staff: follow the link in the confirmation email we sent you, then open this invitation again.`;

/**
 * Joins only an account whose address is confirmed: anyone can register an address they do not own,
 * and staff rights must go to its owner (decision 025). acceptInvitation checks it again in its batch.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await context.auth.viewer();
  const token = readToken(String((await readFormData(request)).get("token") ?? ""));
  const locale = localeOf(request);
  const join = localizedPath(`/join?token=${encodeURIComponent(token)}`, locale);
  if (!viewer)
    return redirect(
      localizedPath(`/sign-in?redirectTo=${encodeURIComponent(localizedPath(`/join?token=${token}`, locale))}`, locale),
    );
  if (!viewer.emailConfirmed) return data({ error: i18nOf(request)._(confirmFirst) }, { status: 403 });
  return tryWrite(
    async () => {
      // New rights, new session id: a session id someone else planted or saw before is worth nothing now.
      const rotation = await prepareRotation(context.db, request, viewer);
      const joined = await acceptInvitation(context.db, token, viewer, clientAddress(request), rotation.statements);
      if (!joined) return redirect(join);
      return redirect(localizedPath("/petadmin", locale), { headers: { "Set-Cookie": rotation.cookie } });
    },
    (message) => data({ error: message }, { status: 503 }),
  );
}

export default function Join() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const href = useLocalePath();
  const { i18n } = useLingui();
  const organisation = data.state === "invalid" ? "" : data.organisation;
  const email = data.state === "invalid" ? "" : data.email;
  const signedInAs = data.state === "other-account" ? data.signedInAs : "";
  return (
    <div className="container auth-page">
      <h1>
        <Trans>Join the staff</Trans>
      </h1>
      <FormAlert messages={actionData?.error ? [actionData.error] : []} />
      {data.state === "invalid" ? (
        <p className="notice notice--error" role="alert">
          <Trans>
            This invitation has expired, was already used, or does not exist. Ask an admin to invite you again.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>
            You are invited to join <strong>{organisation}</strong> with the email address <strong>{email}</strong>.
          </Trans>
        </p>
      )}
      {data.state === "sign-in" ? (
        <p className="button-row">
          <Link to={href(`/sign-in?redirectTo=${encodeURIComponent(data.here)}`)} className="button button--primary">
            <Trans>Sign in to accept</Trans>
          </Link>
          <Link to={href(`/register?redirectTo=${encodeURIComponent(data.here)}`)} className="button">
            <Trans>Create an account</Trans>
          </Link>
        </p>
      ) : null}
      {data.state === "other-account" ? (
        <div className="notice notice--error" role="alert">
          <p>
            <Trans>
              You are signed in as {signedInAs}. Log out, then sign in or create an account with {email}.
            </Trans>
          </p>
          <Form method="post" action="/logout">
            <button type="submit" className="button">
              <Trans>Log out</Trans>
            </button>
          </Form>
        </div>
      ) : null}
      {data.state === "confirm-first" ? (
        <div className="notice notice--error" role="alert">
          <p>{i18n._(confirmFirst)}</p>
          <p>
            <Link to={href("/confirm-email")}>
              <Trans>Send the confirmation email again</Trans>
            </Link>
          </p>
        </div>
      ) : null}
      {data.state === "ready" ? (
        <Form method="post">
          <input type="hidden" name="token" value={data.token} />
          <button type="submit" className="button button--primary">
            <Trans>Join {organisation}</Trans>
          </button>
        </Form>
      ) : null}
    </div>
  );
}
