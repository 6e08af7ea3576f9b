import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isStorageFailure } from "#app/lib/http/storage-error";
import { handleProviderEvent } from "#app/services/gift-events.server";
import { paymentsOf } from "#app/services/payments.server";

/**
 * The payment provider's webhook (decision 065): the only thing that records money. The signature
 * (Stripe-Signature over the raw body, with the webhook secret) and its timestamp (5 minutes) are
 * checked first: a bad, missing or old one gets 400 and changes nothing. Each event is recorded once,
 * its id in the same D1 batch as its effect. The answer is quick and plain; a failure the provider
 * should retry (D1 down, a renewal before its gift) is a 503. The server lets it through the cross-site
 * check (it carries no cookies, and its signature proves the sender) with a body limit of its own.
 */
const answer = (status: number, message: string) =>
  new Response(JSON.stringify({ message }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return answer(405, "POST only");
  const payments = paymentsOf(context.config);
  if (!payments) return answer(503, "payments are not configured");
  let body: string;
  try {
    body = await request.text();
  } catch {
    return answer(400, "unreadable body");
  }
  const event = await payments.verifyWebhook(body, request.headers.get("Stripe-Signature"));
  if (!event) {
    console.warn("payment webhook refused: bad, missing or old signature");
    return answer(400, "invalid signature");
  }
  try {
    const outcome = await handleProviderEvent(context, event);
    if (outcome === "retry") return answer(503, "not ready; send it again later");
    return answer(200, outcome);
  } catch (error) {
    if (isStorageFailure(error)) return answer(503, "storage unavailable; send it again later");
    throw error;
  }
}

export function loader() {
  return answer(405, "POST only");
}
