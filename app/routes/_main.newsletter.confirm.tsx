import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { linkToken, readEmailedLink, spendEmailedLink } from "#app/lib/emailed-link";
import { pageMeta } from "#app/lib/meta";
import { welcomeNewsletterMessage } from "#app/lib/newsletter-emails";
import { readFormData } from "#app/lib/request";
import { confirmSubscription, pendingEmail } from "#app/models/newsletter.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { shelter } from "#app/config/shelter";

export const meta: MetaFunction = () => pageMeta("Confirm your subscription", `Confirm your subscription to the ${shelter.name} newsletter.`);

/**
 * The link in the confirmation email opens this page; its button (a POST) subscribes, so a mail
 * scanner that follows links subscribes nobody (decision 033).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { done, token } = readEmailedLink(request);
  if (done) return { state: "done" as const, token: "" };
  return { state: (await pendingEmail(context.db, token)) ? ("ready" as const) : ("invalid" as const), token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = linkToken((await readFormData(request)).get("token"));
  return spendEmailedLink(async () => {
    const confirmed = await confirmSubscription(context.db, token);
    if (!confirmed) return "/newsletter/confirm?token=";
    const origin = new URL(request.url).origin;
    sendAfterResponse(context, welcomeNewsletterMessage(confirmed.email, `${origin}/newsletter/unsubscribe?token=${confirmed.unsubscribeToken}`));
    return "/newsletter/confirm?done";
  });
}

export default function ConfirmNewsletter() {
  const { state, token } = useLoaderData<typeof loader>();
  return (
    <EmailedLinkPage
      title="Confirm your subscription"
      state={state}
      fields={{ token }}
      prompt="One click and you receive our newsletter."
      button="Confirm my subscription"
      pendingLabel="Confirming…"
      done={
        <>
          <p>Thank you, you are subscribed. Every newsletter has a link to unsubscribe.</p>
          <Link to="/adopt">Meet our pets</Link>
        </>
      }
      invalid={
        <>
          <p>This link has expired or was already used.</p>
          <p>
            Sign up again with the <Link to="/#newsletter">newsletter box</Link> on our home page.
          </p>
        </>
      }
    />
  );
}
