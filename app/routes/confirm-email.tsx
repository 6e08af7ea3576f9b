import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { shelter } from "#app/config/shelter";
import { confirmEmailMessage } from "#app/lib/emails";
import { pageMeta } from "#app/lib/meta";
import { limits, minutesFrom, retryAfterHeaders, tooManyRequests } from "#app/lib/rate-limits";
import { readFormData } from "#app/lib/request";
import { safeRedirect } from "#app/lib/safe-redirect";
import { tryWrite } from "#app/lib/storage-error";
import { tokenLifetimesMs } from "#app/lib/token-lifetimes";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { issueUserToken } from "#app/models/user-tokens.server";
import { endSession } from "#app/services/session.server";
import { FormAlert } from "#app/components/ui/form-alert";

export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => pageMeta("Confirm your email", `Confirm the email address of your ${shelter.name} account.`);

/** Only for a signed-in user whose address is not confirmed yet (spec §2, Confirm email). */
async function requireUnconfirmed({ context }: { context: LoaderFunctionArgs["context"] }) {
  const viewer = await context.auth.viewer();
  if (!viewer) throw redirect("/sign-in");
  if (viewer.emailConfirmed) throw redirect("/");
  return viewer;
}

/**
 * Registration lands here whether or not the address had an account (decision 041): a visitor who is
 * not signed in (the address had one, and its owner was emailed) reads that an email is on its way.
 */
export async function loader(args: LoaderFunctionArgs) {
  const params = new URL(args.request.url).searchParams;
  const continueTo = safeRedirect(params.get("redirectTo"), "/");
  if (!(await args.context.auth.viewer())) return { email: null, resent: false, continueTo };
  const viewer = await requireUnconfirmed(args);
  return { email: viewer.email, resent: params.has("resent"), continueTo };
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const formData = await readFormData(request);
  const failed = (message: string) => data({ error: message }, { status: 503 });
  if (formData.get("intent") === "logout") {
    return tryWrite(async () => redirect("/", { headers: { "Set-Cookie": await endSession(context.db, request) } }), failed);
  }
  const viewer = await requireUnconfirmed(args);
  return tryWrite(async () => {
    const allowed = await hitRateLimit(context.db, `resend:user:${viewer.id}`, limits.resendConfirmation);
    if (!allowed.allowed) {
      return data({ error: `We have just sent a few emails. You can ask again in ${minutesFrom(allowed.retryAfterSeconds)}.` }, tooManyRequests(allowed.retryAfterSeconds));
    }
    const token = await issueUserToken(context.db, viewer.id, "confirm-email", tokenLifetimesMs.confirmEmail);
    await context.mailer.send(confirmEmailMessage(viewer.email, viewer.firstName, `${new URL(request.url).origin}/verify-email?token=${token}`));
    return redirect("/confirm-email?resent");
  }, failed);
}

export default function ConfirmEmail() {
  const { email, resent, continueTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main id="main" className="standalone confirm-page">
      <div className="container auth-page">
        <Link to="/" className="brand">
          <img src="/logo.svg" width="40" height="40" alt="" />
          <span className="brand__name">{shelter.name}</span>
        </Link>
        <h1>Confirm your email</h1>
        {email === null ? (
          <>
            <p>
              We sent an email to the address you gave. It should arrive within a few minutes; if you cannot find it,
              please check your spam folder. Open its link to go on.
            </p>
            <p>
              <Link to="/sign-in">Sign in</Link> or <Link to={continueTo}>continue to the site</Link>.
            </p>
          </>
        ) : (
          <>
            <p>
              We sent a confirmation email to <strong>{email}</strong>. It should arrive within a few minutes. If you
              cannot find it, please check your spam folder.
            </p>
            {resent ? (
              <p className="notice notice--success" role="status">
                We sent another confirmation email.
              </p>
            ) : null}
            <FormAlert messages={actionData?.error ? [actionData.error] : []} />
            <div className="button-row">
              <Form method="post">
                <button type="submit" name="intent" value="resend" className="button button--primary">
                  Resend confirmation email
                </button>
              </Form>
              <Form method="post">
                <button type="submit" name="intent" value="logout" className="button">
                  Log out
                </button>
              </Form>
            </div>
            <p>
              <Link to={continueTo}>Continue to the site</Link> while you wait.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
