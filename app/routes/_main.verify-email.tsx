import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { linkToken, readEmailedLink, spendEmailedLink } from "#app/lib/emailed-link";
import { pageMeta } from "#app/lib/meta";
import { readFormData } from "#app/lib/request";
import { confirmEmailWithToken, peekUserToken } from "#app/models/user-tokens.server";
import { shelter } from "#app/config/shelter";

export const meta: MetaFunction = () => pageMeta("Confirm your email", `Confirm the email address of your ${shelter.name} account.`);

/**
 * The emailed link opens this page; the address is confirmed by its button (a POST), so nothing
 * changes on a GET and a mail scanner that follows links cannot use the token up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { done, token } = readEmailedLink(request);
  if (done) return { state: "done" as const, token: "" };
  const valid = token.length > 0 && token.length < 200 && (await peekUserToken(context.db, token, "confirm-email")) !== null;
  return { state: valid ? ("ready" as const) : ("invalid" as const), token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = linkToken((await readFormData(request)).get("token"));
  return spendEmailedLink(async () => (token && (await confirmEmailWithToken(context.db, token)) !== null ? "/verify-email?done" : "/verify-email?token="));
}

export default function VerifyEmail() {
  const { state, token } = useLoaderData<typeof loader>();
  return (
    <EmailedLinkPage
      title="Confirm your email"
      state={state}
      fields={{ token }}
      prompt="One click and your email address is confirmed."
      button="Confirm my email address"
      pendingLabel="Confirming…"
      done={
        <>
          <p>Thank you, your email address is confirmed.</p>
          <Link to="/adopt">Meet our pets</Link>
        </>
      }
      invalid={
        <>
          <p>This link has expired or was already used.</p>
          <p>
            Sign in and ask for a new confirmation email: <Link to="/confirm-email">send it again</Link>.
          </p>
        </>
      }
    />
  );
}
