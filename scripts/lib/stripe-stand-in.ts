import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe (decision 065), as scripts/lib/oidc-provider.ts stands in for Google:
 * `npm start`, the e2e run and the integration tests start it and point the site at it
 * (STRIPE_API_HOST/PORT/PROTOCOL). It answers the part of Stripe's REST API the site uses, with
 * Stripe's shapes (form-encoded requests as the `stripe` package sends them, JSON answers):
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, DELETE /v1/subscriptions/:id, POST /v1/refunds.
 * A session's `url` is a page of its own with the amount, what it is for, Pay, Decline and Cancel; a
 * one-time session may have several lines (an adoption fee and a gift): its total is their sum.
 * Pay sends the site a signed `checkout.session.completed` webhook and then redirects to the success
 * URL; a monthly gift is renewed on command (POST /_stand-in/subscriptions/:id/renew: `invoice.paid`);
 * a refund sends `charge.refunded`, a cancellation `customer.subscription.deleted`.
 * Everything is kept in memory: a restart forgets every session.
 */

export interface StandInOptions {
  /** The API key the site must send (Authorization: Bearer …). */
  secretKey: string;
  /** Signs the webhooks, as Stripe signs them with an endpoint's whsec_ secret. */
  webhookSecret: string;
  /** Where webhooks go (the site's /webhooks/stripe). */
  webhookUrl?: string;
  /** Delivers a webhook another way (integration tests call the route's action); by default a POST to `webhookUrl`. */
  deliver?: (request: Request) => Promise<Response>;
}

type Json = Record<string, unknown>;

interface Session extends Json {
  id: string;
  mode: "payment" | "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  subscription: string | null;
}

interface Payment {
  paymentIntent: string;
  charge: string;
  amount: number;
  currency: string;
  refunded: number;
  metadata: Record<string, string>;
}

interface Subscription {
  id: string;
  status: "active" | "canceled";
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  customerEmail: string | null;
}

/** Stripe's form encoding (`a[b][0][c]=v`) read back into nested objects; numeric keys make arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else {
        node[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/** Stripe's `Stripe-Signature` header for `body`: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function stripeSignature(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!,
  );

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req") });
  response.end(JSON.stringify(body));
}

const stripeError = (response: ServerResponse, status: number, message: string, type = "invalid_request_error") =>
  sendJson(response, status, { error: { type, message } });

export async function startStripeStandIn(port: number, options: StandInOptions) {
  const sessions = new Map<string, Session>();
  const payments = new Map<string, Payment>();
  const subscriptions = new Map<string, Subscription>();
  /** Every webhook sent (body and signature header), for tests that replay one. */
  const sent: { type: string; body: string; signature: string; status: number }[] = [];
  let base = "";

  const deliver =
    options.deliver ??
    ((request: Request) => {
      if (!options.webhookUrl) throw new Error("the stand-in has no webhook URL");
      return fetch(new Request(options.webhookUrl, request));
    });

  async function sendEvent(type: string, object: Json) {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const body = JSON.stringify(event);
    const signature = stripeSignature(body, options.webhookSecret);
    const answer = await deliver(
      new Request("http://stand-in/webhooks/stripe", {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": signature,
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
      }),
    );
    sent.push({ type, body, signature, status: answer.status });
    return answer;
  }

  function sessionObject(session: Session): Json {
    return {
      object: "checkout.session",
      livemode: false,
      url: session.status === "open" ? `${base}/pay/${session.id}` : null,
      ...session,
    };
  }

  function payPage(session: Session, notice?: string) {
    const what = String(session.description ?? "");
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}${session.mode === "subscription" ? " / month" : ""}`;
    return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay (payment provider stand-in)</title></head>
<body><main>
<h1>Payment provider stand-in</h1>
<p>This page stands in for Stripe Checkout. No card is charged.</p>
<dl><dt>For</dt><dd data-testid="for">${escapeHtml(what)}</dd><dt>Amount</dt><dd data-testid="amount">${escapeHtml(amount)}</dd></dl>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ""}
<form method="post" action="/pay/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/decline"><button type="submit">Decline</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>
</main></body></html>`;
  }

  function sendHtml(response: ServerResponse, status: number, html: string) {
    response.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  }

  async function pay(session: Session) {
    session.status = "complete";
    session.payment_status = "paid";
    session.customer_details = { email: session.customer_email ?? null, name: null };
    if (session.mode === "subscription") {
      const id = newId("sub");
      const subscription: Subscription = {
        id,
        status: "active",
        amount: session.amount_total,
        currency: session.currency,
        metadata: session.metadata,
        customerEmail: (session.customer_email as string) ?? null,
      };
      subscriptions.set(id, subscription);
      session.subscription = id;
      // As Stripe does: the session completes, and the subscription's first invoice is paid (its PaymentIntent is there).
      const answer = await sendEvent("checkout.session.completed", sessionObject(session));
      if (answer.ok) await invoicePaid(subscription, "subscription_create");
      return answer;
    }
    const paymentIntent = newId("pi");
    payments.set(paymentIntent, {
      paymentIntent,
      charge: newId("ch"),
      amount: session.amount_total,
      currency: session.currency,
      refunded: 0,
      metadata: session.metadata,
    });
    session.payment_intent = paymentIntent;
    return sendEvent("checkout.session.completed", sessionObject(session));
  }

  /** A subscription's invoice paid: its first (`subscription_create`) or a month's renewal (`subscription_cycle`). */
  async function invoicePaid(subscription: Subscription, reason: "subscription_create" | "subscription_cycle") {
    const paymentIntent = newId("pi");
    payments.set(paymentIntent, {
      paymentIntent,
      charge: newId("ch"),
      amount: subscription.amount,
      currency: subscription.currency,
      refunded: 0,
      metadata: subscription.metadata,
    });
    const invoice = {
      id: newId("in"),
      object: "invoice",
      billing_reason: reason,
      status: "paid",
      amount_due: subscription.amount,
      amount_paid: subscription.amount,
      currency: subscription.currency,
      customer_email: subscription.customerEmail,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      payments: {
        object: "list",
        data: [{ object: "invoice_payment", payment: { type: "payment_intent", payment_intent: paymentIntent } }],
      },
      status_transitions: { paid_at: now() },
      created: now(),
      livemode: false,
    };
    return sendEvent("invoice.paid", invoice);
  }

  const renew = (subscription: Subscription) => invoicePaid(subscription, "subscription_cycle");

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", base);
    const method = request.method ?? "GET";
    const body = await readBody(request);
    let match: RegExpExecArray | null;

    // The hosted page: shown, paid, declined.
    if ((match = /^\/pay\/([\w]+)(?:\/(pay|decline))?$/.exec(url.pathname))) {
      const session = sessions.get(match[1]!);
      if (!session) return sendHtml(response, 404, "<p>No such payment page.</p>");
      if (session.status !== "open") return sendHtml(response, 410, "<p>This payment page has been used.</p>");
      if (method === "GET" && !match[2]) return sendHtml(response, 200, payPage(session));
      if (method === "POST" && match[2] === "decline")
        return sendHtml(response, 402, payPage(session, "Your card was declined. Nothing was charged."));
      if (method === "POST" && match[2] === "pay") {
        await pay(session);
        response.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
        return response.end();
      }
    }
    // Test commands: renew a monthly gift (a second month's invoice.paid).
    if (method === "POST" && (match = /^\/_stand-in\/subscriptions\/([\w]+)\/renew$/.exec(url.pathname))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription || subscription.status !== "active")
        return stripeError(response, 404, "No active subscription");
      const answer = await renew(subscription);
      return sendJson(response, 200, { delivered: answer.status });
    }

    if (!url.pathname.startsWith("/v1/")) return stripeError(response, 404, "Unrecognized request URL");
    if (request.headers.authorization !== `Bearer ${options.secretKey}`)
      return stripeError(response, 401, "Invalid API Key provided", "invalid_request_error");
    const params = parseStripeForm(method === "GET" || method === "DELETE" ? url.search.slice(1) : body);

    if (method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const mode = params.mode;
      const items = (params.line_items as Json[] | undefined) ?? [];
      const item = items[0];
      const price = item?.price_data as Json | undefined;
      // Every line's amount times its quantity (an adoption fee and its optional gift: two lines).
      const lineTotals = items.map(
        (line) => Number((line.price_data as Json | undefined)?.unit_amount) * Number(line.quantity ?? 1),
      );
      const amount = Number(price?.unit_amount);
      const total = lineTotals.reduce((sum, value) => sum + value, 0);
      if (
        (mode !== "payment" && mode !== "subscription") ||
        !price ||
        !Number.isInteger(amount) ||
        amount < 50 ||
        !lineTotals.every((value) => Number.isInteger(value) && value > 0) ||
        (mode === "subscription" && items.length > 1) ||
        !params.success_url ||
        !params.cancel_url
      ) {
        return stripeError(response, 400, "Invalid checkout session parameters");
      }
      if (mode === "subscription" && !(price.recurring as Json | undefined)?.interval)
        return stripeError(response, 400, "A subscription needs a recurring price");
      const session: Session = {
        id: newId("cs"),
        created: now(),
        mode,
        status: "open",
        payment_status: "unpaid",
        amount_subtotal: total,
        amount_total: total,
        currency: String(price.currency).toLowerCase(),
        customer_email: (params.customer_email as string) ?? null,
        customer_details: null,
        locale: (params.locale as string) ?? "auto",
        description: items
          .map((line) => String(((line.price_data as Json | undefined)?.product_data as Json | undefined)?.name ?? ""))
          .join(" + "),
        line_items: items.map((line) => ({
          description: String(((line.price_data as Json | undefined)?.product_data as Json | undefined)?.name ?? ""),
          amount_total: Number((line.price_data as Json | undefined)?.unit_amount) * Number(line.quantity ?? 1),
        })),
        success_url: String(params.success_url),
        cancel_url: String(params.cancel_url),
        metadata: (params.metadata as Record<string, string>) ?? {},
        payment_intent: null,
        subscription: null,
      };
      sessions.set(session.id, session);
      return sendJson(response, 200, sessionObject(session));
    }
    if (method === "GET" && (match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname))) {
      const session = sessions.get(match[1]!);
      return session
        ? sendJson(response, 200, sessionObject(session))
        : stripeError(response, 404, `No such checkout.session: '${match[1]}'`);
    }
    if (method === "DELETE" && (match = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return stripeError(response, 404, `No such subscription: '${match[1]}'`);
      subscription.status = "canceled";
      const object = {
        id: subscription.id,
        object: "subscription",
        status: "canceled",
        canceled_at: now(),
        ended_at: now(),
        metadata: subscription.metadata,
        livemode: false,
      };
      await sendEvent("customer.subscription.deleted", object);
      return sendJson(response, 200, object);
    }
    if (method === "POST" && url.pathname === "/v1/refunds") {
      // A subscription's first payment is refunded by the PaymentIntent its session names in the stand-in.
      const payment = payments.get(String(params.payment_intent));
      if (!payment) return stripeError(response, 404, `No such payment_intent: '${params.payment_intent}'`);
      if (payment.refunded >= payment.amount) return stripeError(response, 400, "Charge has already been refunded.");
      payment.refunded = payment.amount;
      const refund = {
        id: newId("re"),
        object: "refund",
        amount: payment.amount,
        currency: payment.currency,
        payment_intent: payment.paymentIntent,
        charge: payment.charge,
        status: "succeeded",
        metadata: params.metadata ?? {},
        created: now(),
      };
      await sendEvent("charge.refunded", {
        id: payment.charge,
        object: "charge",
        amount: payment.amount,
        amount_refunded: payment.refunded,
        currency: payment.currency,
        payment_intent: payment.paymentIntent,
        refunded: true,
        metadata: payment.metadata,
        created: now(),
        livemode: false,
      });
      return sendJson(response, 200, refund);
    }
    return stripeError(response, 404, "Unrecognized request URL");
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error("stripe stand-in:", error);
      if (!response.headersSent) stripeError(response, 500, "stand-in error", "api_error");
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  base = `http://127.0.0.1:${address.port}`;
  return {
    url: base,
    port: address.port,
    sessions,
    subscriptions,
    sent,
    /** Pays a session as its Pay button does (the webhook's answer). */
    pay: (id: string) => pay(sessions.get(id)!),
    renew: (id: string) => renew(subscriptions.get(id)!),
    /** Sends a webhook as the stand-in signs them (tests send their own bodies). */
    sendEvent,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** The Worker's settings that point it at the stand-in. */
export function standInWorkerVars(
  standIn: { port: number },
  secrets: { secretKey: string; webhookSecret: string },
): Record<string, string> {
  return {
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(standIn.port),
    STRIPE_API_PROTOCOL: "http",
    STRIPE_SECRET_KEY: secrets.secretKey,
    STRIPE_WEBHOOK_SECRET: secrets.webhookSecret,
  };
}

/** Fresh keys for a local run: never constants in the repository. */
export function localStripeSecrets() {
  return {
    secretKey: `sk_test_${randomBytes(16).toString("hex")}`,
    webhookSecret: `whsec_${randomBytes(24).toString("base64url")}`,
  };
}
