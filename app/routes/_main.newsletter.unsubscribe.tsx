import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EmailedLinkPage } from "#app/components/emailed-link-page";
import { linkToken, readEmailedLink, spendEmailedLink } from "#app/lib/emailed-link";
import { pageMeta } from "#app/lib/meta";
import { readFormData } from "#app/lib/request";
import { unsubscribe } from "#app/models/newsletter.server";
import { shelter } from "#app/config/shelter";

export const meta: MetaFunction = () => pageMeta("Unsubscribe", `Unsubscribe from the ${shelter.name} newsletter.`);

/** The unsubscribe link of every newsletter email; its button (a POST) unsubscribes. */
export function loader({ request }: LoaderFunctionArgs) {
  const { done, token } = readEmailedLink(request);
  return { done, token };
}

/**
 * The page's button, and mail apps' one-click unsubscribe (RFC 8058: a POST of
 * `List-Unsubscribe=One-Click` to the link, token in the address). The answer never says whether the
 * address was subscribed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const token = linkToken(formData.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
  return spendEmailedLink(async () => {
    await unsubscribe(context.db, token);
    return "/newsletter/unsubscribe?done";
  });
}

export default function Unsubscribe() {
  const { done, token } = useLoaderData<typeof loader>();
  return (
    <EmailedLinkPage
      title="Unsubscribe from our newsletter"
      state={done ? "done" : "ready"}
      fields={{ token }}
      prompt="We are sorry to see you go."
      button="Unsubscribe"
      pendingLabel="Unsubscribing…"
      done={<p>You are unsubscribed. We will not send you our newsletter again.</p>}
    />
  );
}
