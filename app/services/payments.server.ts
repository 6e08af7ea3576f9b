import Stripe from "stripe";
import type { PaymentsConfig } from "./config.server";

/**
 * The payment layer (decision 065): Stripe's hosted Checkout through the official `stripe` package,
 * on Workers (its fetch HTTP client, Web Crypto for webhook signatures). Card data never reaches us.
 * Gifts use it, and adoption fees will: nothing here knows what a payment is for (the caller's
 * `metadata` says so, and comes back with the webhook). The provider's address comes from
 * configuration: Stripe in production, the local stand-in (scripts/lib/stripe-stand-in.ts) locally.
 */

/** The provider could not be reached, or answered with its own failure: nothing was charged. */
export class PaymentProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super(`payment provider unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "PaymentProviderUnavailable";
  }
}

export interface CheckoutRequest {
  mode: "payment" | "subscription";
  /** Cents; a subscription's amount each month. */
  amountCents: number;
  currency: string;
  /** What the payment is for, as the provider's page shows it. */
  description: string;
  /** More lines of a one-time payment, each with its own amount (an adoption fee's optional gift, decision 070). */
  extraLines?: { amountCents: number; description: string }[];
  customerEmail: string;
  /** The page's language, for the provider's page (Checkout's `locale`). */
  locale: "en" | "es";
  /** `{CHECKOUT_SESSION_ID}` in it is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** Short strings (the provider keeps up to 50 keys of 500 characters); they come back on the session. */
  metadata: Record<string, string>;
}

export interface CheckoutSession {
  id: string;
  url: string | null;
  mode: string;
  /** "complete" once paid; "open" while the visitor is on the provider's page; "expired". */
  status: string | null;
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
  subscriptionId: string | null;
  customerEmail: string | null;
}

export interface Payments {
  startCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The session, or null when the provider has none of that id. */
  readCheckout(id: string): Promise<CheckoutSession | null>;
  cancelSubscription(id: string): Promise<void>;
  refund(paymentIntentId: string, metadata: Record<string, string>): Promise<{ id: string; status: string | null }>;
  /** The event of a webhook whose signature and timestamp (5 minutes) hold; null otherwise. */
  verifyWebhook(body: string, signature: string | null): Promise<Stripe.Event | null>;
}

/** How long a webhook's signed timestamp stays good (Stripe's default tolerance). */
export const webhookToleranceSeconds = 300;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

export function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url,
    mode: session.mode,
    status: session.status,
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total,
    currency: session.currency,
    metadata: session.metadata ?? {},
    paymentIntentId: idOf(session.payment_intent),
    subscriptionId: idOf(session.subscription),
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
  };
}

/** A connection failure, a timeout, the provider's own error or its rate limit: not the request's fault. */
function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return true;
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError)
    return true;
  if (error instanceof Stripe.errors.StripeRateLimitError) return true;
  return (error.statusCode ?? 0) >= 500;
}

async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnavailable(error)) {
      // A line for staff in the Worker's log: the visitor was told nothing was charged.
      console.error(`payment provider unavailable (${what}):`, error instanceof Error ? error.message : error);
      throw new PaymentProviderUnavailable(error);
    }
    throw error;
  }
}

export function createPayments(config: PaymentsConfig): Payments {
  const stripe = new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    host: config.host,
    port: config.port,
    protocol: config.protocol,
    // One try: a visitor waits on it, and "try again" is the answer to a failure.
    maxNetworkRetries: 0,
    timeout: 15_000,
  });
  const crypto = Stripe.createSubtleCryptoProvider();
  return {
    async startCheckout(request) {
      const priceData = {
        currency: request.currency,
        unit_amount: request.amountCents,
        product_data: { name: request.description },
        ...(request.mode === "subscription" ? { recurring: { interval: "month" as const } } : {}),
      };
      const session = await call("create checkout session", () =>
        stripe.checkout.sessions.create({
          mode: request.mode,
          line_items: [
            { price_data: priceData, quantity: 1 },
            ...(request.mode === "payment" ? (request.extraLines ?? []) : []).map((line) => ({
              price_data: {
                currency: request.currency,
                unit_amount: line.amountCents,
                product_data: { name: line.description },
              },
              quantity: 1,
            })),
          ],
          customer_email: request.customerEmail,
          locale: request.locale,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: request.metadata,
          // The same metadata on what the session makes, so later events (renewals, refunds) carry it too.
          ...(request.mode === "subscription"
            ? { subscription_data: { metadata: request.metadata } }
            : { payment_intent_data: { metadata: request.metadata } }),
        }),
      );
      if (!session.url) throw new PaymentProviderUnavailable(new Error("the session has no url"));
      return { id: session.id, url: session.url };
    },
    async readCheckout(id) {
      try {
        return toCheckoutSession(await call("read checkout session", () => stripe.checkout.sessions.retrieve(id)));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async cancelSubscription(id) {
      await call("cancel subscription", () => stripe.subscriptions.cancel(id));
    },
    async refund(paymentIntentId, metadata) {
      const refund = await call("refund", () => stripe.refunds.create({ payment_intent: paymentIntentId, metadata }));
      return { id: refund.id, status: refund.status };
    },
    async verifyWebhook(body, signature) {
      if (!signature) return null;
      try {
        return await stripe.webhooks.constructEventAsync(
          body,
          signature,
          config.webhookSecret,
          webhookToleranceSeconds,
          crypto,
        );
      } catch {
        return null;
      }
    },
  };
}

/** The payment layer of this request's configuration; null when the provider is not set up. */
export function paymentsOf(config: { payments: PaymentsConfig | null }): Payments | null {
  return config.payments ? createPayments(config.payments) : null;
}
