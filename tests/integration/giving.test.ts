import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as donateAction, loader as donateLoader } from "#app/routes/give/donate";
import { loader as thanksLoader } from "#app/routes/give/thanks";
import { action as manageAction, loader as manageLoader } from "#app/routes/give/manage";
import { action as webhookAction } from "#app/routes/give/stripe-webhook";
import { loader as petLoader } from "#app/routes/adopt/pet";
import { sponsoredFeeCents } from "#app/models/gifts.server";
import { createDb } from "#app/db/client.server";
import { insertPet } from "../builders/pets";
import { action as ledgerAction, loader as ledgerLoader } from "#app/routes/petadmin/donations";
import { loader as ledgerCsv } from "#app/routes/petadmin/donations.csv";
import { createAccount } from "../builders/accounts";
import { signedIn } from "./signed-in";
import {
  localStripeSecrets,
  standInWorkerVars,
  startStripeStandIn,
  stripeSignature,
  type StripeStandIn,
} from "../../scripts/lib/stripe-stand-in";
import { injectFaults, permanentD1Error } from "./faults";
import { sendYearlyGiftSummaries } from "#app/services/gift-summaries.server";
import { i18nFor } from "#app/locales/catalogs.server";
import { createTestEnv, getRequest, postForm, respond, withCookies, type TestEnv } from "./harness";

let t: TestEnv;
let standIn: StripeStandIn;
const secrets = localStripeSecrets();

/** The webhook as the provider reaches it: a POST of the raw body with its signature header. */
const deliver = async (request: Request) =>
  (await respond(t, webhookAction, new Request("http://localhost/webhooks/stripe", request))).response!;

beforeAll(async () => {
  standIn = await startStripeStandIn(0, { ...secrets, deliver: (request) => deliver(request) });
  t = await createTestEnv({ ...standInWorkerVars(standIn, secrets), SITE_URL: "http://localhost" } as Partial<Env>);
});
afterAll(async () => {
  await t.dispose();
  await standIn.stop();
});
afterEach(async () => {
  await t.settle();
  vi.restoreAllMocks();
});

const rows = async (sql: string, ...params: unknown[]) =>
  (
    await t.env.DB.prepare(sql)
      .bind(...params)
      .all<Record<string, unknown>>()
  ).results;
const count = async (table: string) =>
  (await t.env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;
const outbox = () => rows("select * from outbox_messages order by id");

const giftForm = (fields: Record<string, string> = {}) => ({
  amount: "50",
  frequency: "one_time",
  name: "Dana Donor",
  email: "dana@example.com",
  fund: "general",
  ...fields,
});

/**
 * The gift form posted from a network address, each post from its own unless one is given: /donate is
 * limited per address (limits.giftsPerAddress), as every form strangers send.
 */
let network = 0;
const giftPost = (path: string, fields: Record<string, string>, address = `198.51.100.${++network % 250}`) => {
  const request = postForm(path, fields);
  request.headers.set("CF-Connecting-IP", address);
  return request;
};

/** Posts the gift form and follows the 303 to the stand-in's page; the session the stand-in keeps. */
async function startGift(fields: Record<string, string> = {}, path = "/donate") {
  const answer = await respond(t, donateAction, giftPost(path, giftForm(fields)));
  expect(answer.status).toBe(303);
  const location = answer.headers.get("Location")!;
  expect(location.startsWith(`${standIn.url}/pay/`)).toBe(true);
  const page = await fetch(location);
  expect(page.status).toBe(200);
  const id = location.split("/").pop()!;
  return { id, page: await page.text(), session: standIn.sessions.get(id)! };
}

/** Presses Pay on the stand-in's page: the webhook goes first, then the redirect to the success URL. */
async function pay(id: string) {
  const paid = await fetch(`${standIn.url}/pay/${id}/pay`, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  return new URL(paid.headers.get("Location")!);
}

const thanks = (success: URL) => respond(t, thanksLoader, getRequest(success.pathname + success.search));

describe("a one-time gift", () => {
  it("goes to the provider with the form's amount and is recorded only when the signed webhook comes", async () => {
    const { id, page, session } = await startGift({ dedication: "memory", dedicationName: "Rex" });
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 5000,
      currency: "usd",
      locale: "en",
      customer_email: "dana@example.com",
    });
    expect(session.metadata).toMatchObject({
      purpose: "gift",
      fund: "general",
      name: "Dana Donor",
      dedication: "memory",
      dedication_name: "Rex",
    });
    expect(page).toContain("50.00 USD");
    // Nothing is recorded by creating the session.
    expect(await count("gifts")).toBe(0);

    const success = await pay(id);
    expect(success.pathname).toBe("/donate/thanks");
    expect(standIn.sent.map((event) => [event.type, event.status])).toContainEqual(["checkout.session.completed", 200]);
    const [gift] = await rows("select * from gifts where checkout_session_id = ?", id);
    expect(gift).toMatchObject({
      kind: "one_time",
      amount_cents: 5000,
      currency: "usd",
      fund: "general",
      donor_email: "dana@example.com",
      dedication: "memory",
      dedication_name: "Rex",
    });
    expect(await rows("select amount_cents, payment_intent_id from gift_payments where gift_id = ?", gift!.id)).toEqual(
      [{ amount_cents: 5000, payment_intent_id: session.payment_intent }],
    );

    const page2 = await thanks(success);
    expect(page2.data).toMatchObject({ state: "recorded", amount: "$50.00", monthly: false });
    await t.settle();
    const receipt = (await outbox()).at(-1)!;
    expect(receipt.to).toBe("dana@example.com");
    expect(receipt.text).toContain("$50.00");
    expect(receipt.text).toContain("In memory of Rex");
    expect(receipt.text).toContain("EIN: 94-0000000");
    expect(receipt.text).toContain("No goods or services were given in return for this gift.");
  });

  it('takes a custom amount in whole dollars and refuses 0, "abc", cents and more than $25,000', async () => {
    for (const custom of ["0", "abc", "12.50", "25001", ""]) {
      const answer = await respond(t, donateAction, giftPost("/donate", giftForm({ amount: "custom", custom })));
      expect(answer.status, custom).toBe(400);
      expect(JSON.stringify(answer.data)).toContain("Enter a whole number of dollars, from $1 to $25,000.");
    }
    const { session } = await startGift({ amount: "custom", custom: "25000" });
    expect(session.amount_total).toBe(2_500_000);
  });

  it("records the provider's amount and currency, never one sent in the form", async () => {
    const { id } = await startGift({ amount: "25", amount_total: "99999", amountCents: "1", currency: "eur" } as Record<
      string,
      string
    >);
    // Someone changed the session's amount on the provider's side (as a tampered session would be): its amount is what counts.
    standIn.sessions.get(id)!.amount_total = 2600;
    await pay(id);
    expect(await rows("select amount_cents, currency from gifts where checkout_session_id = ?", id)).toEqual([
      { amount_cents: 2600, currency: "usd" },
    ]);
  });

  it("in Spanish: the provider's page in Spanish, the receipt too", async () => {
    const { id, session } = await startGift({}, "/es/donate");
    expect(session.locale).toBe("es");
    const success = await pay(id);
    expect(success.pathname).toBe("/es/donate/thanks");
    await t.settle();
    const receipt = (await outbox()).at(-1)!;
    expect(receipt.subject).toContain("recibo");
    expect(receipt.text).toContain("No se dio ningún bien ni servicio a cambio de este donativo.");
  });
});

describe("what records nothing", () => {
  it("a declined card: the stand-in says so, no webhook, nothing recorded, the form again with 'No payment was made'", async () => {
    const before = await count("gifts");
    const { id, session } = await startGift({ amount: "100", frequency: "monthly", fund: "medical" });
    const declined = await fetch(`${standIn.url}/pay/${id}/decline`, { method: "POST" });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined");
    expect(await count("gifts")).toBe(before);
    // The stand-in's Cancel link: back to the form with the choices kept.
    const cancel = new URL(session.cancel_url);
    const form = await respond(t, donateLoader, getRequest(cancel.pathname + cancel.search));
    expect(form.data).toMatchObject({
      cancelled: true,
      choices: { amount: "100", frequency: "monthly", fund: "medical" },
    });
    // Its success URL, forged: the thanks page records nothing and sends the visitor back to the form.
    const forged = await thanks(new URL(session.success_url.replace("{CHECKOUT_SESSION_ID}", id)));
    expect(forged.status).toBe(302);
    expect(await count("gifts")).toBe(before);
  });

  it("a bad signature, a missing one, an old timestamp, another secret: 400 and no change", async () => {
    const { id, session } = await startGift();
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = "pi_test_forged";
    const body = JSON.stringify({
      id: "evt_test_forged",
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...session, object: "checkout.session" } },
    });
    const post = (headers: Record<string, string>) =>
      deliver(new Request("http://stand-in/", { method: "POST", body, headers }));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = await count("gifts");
    expect((await post({})).status).toBe(400);
    expect((await post({ "Stripe-Signature": "t=1,v1=00" })).status).toBe(400);
    expect((await post({ "Stripe-Signature": stripeSignature(body, "whsec_someone_else") })).status).toBe(400);
    expect(
      (
        await post({
          "Stripe-Signature": stripeSignature(body, secrets.webhookSecret, Math.floor(Date.now() / 1000) - 301),
        })
      ).status,
    ).toBe(400);
    expect((await post({ "Stripe-Signature": stripeSignature(`${body} `, secrets.webhookSecret) })).status).toBe(400);
    expect(await count("gifts")).toBe(before);
    expect(await count("provider_events")).toBe((await rows("select id from provider_events")).length);
    expect(await rows("select id from provider_events where id = 'evt_test_forged'")).toEqual([]);
    // The same body rightly signed is taken: the refusals above were for the signature alone.
    expect((await post({ "Stripe-Signature": stripeSignature(body, secrets.webhookSecret) })).status).toBe(200);
    expect(await rows("select amount_cents from gifts where checkout_session_id = ?", id)).toEqual([
      { amount_cents: 5000 },
    ]);
  });

  it("a replayed event changes nothing and sends no second receipt", async () => {
    const { id } = await startGift({ amount: "25" });
    await pay(id);
    await t.settle();
    const event = standIn.sent.at(-1)!;
    const mails = (await outbox()).length;
    const payments = await count("gift_payments");
    const replay = await deliver(
      new Request("http://stand-in/", {
        method: "POST",
        body: event.body,
        headers: { "Stripe-Signature": stripeSignature(event.body, secrets.webhookSecret) },
      }),
    );
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ message: "replayed" });
    await t.settle();
    expect(await count("gift_payments")).toBe(payments);
    expect((await outbox()).length).toBe(mails);
  });

  it("the provider down: 503, 'nothing was charged', nothing recorded, a log line", async () => {
    const down = await createTestEnv({ ...standInWorkerVars({ port: 9 }, secrets) } as Partial<Env>);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const request = postForm("/donate", giftForm());
      const answer = await donateAction({ request, params: {}, context: down.contextFor(request) });
      const { status, data } = answer as unknown as { data: unknown; init: { status: number } } & { status?: number };
      expect((answer as unknown as { init: { status: number } }).init.status).toBe(503);
      expect(JSON.stringify(data)).toContain("Nothing was charged");
      expect(status).toBeUndefined();
      expect(logged.mock.calls.some((call) => String(call[0]).includes("payment provider unavailable"))).toBe(true);
      expect((await down.env.DB.prepare("select count(*) as n from gifts").first<{ n: number }>())!.n).toBe(0);
    } finally {
      await down.dispose();
    }
  });
});

describe("a monthly gift", () => {
  it("is recorded from the webhook, renews with a receipt each month, and stops from the receipt's link", async () => {
    const { id, session } = await startGift({ frequency: "monthly", fund: "medical" });
    expect(session).toMatchObject({ mode: "subscription", amount_total: 5000 });
    const success = await pay(id);
    expect((await thanks(success)).data).toMatchObject({ state: "recorded", monthly: true });
    const [gift] = await rows("select * from gifts where checkout_session_id = ?", id);
    expect(gift).toMatchObject({ kind: "monthly", fund: "medical", amount_cents: 5000, ended_at: null });
    const subscription = gift!.subscription_id as string;
    expect(subscription).toMatch(/^sub_/);
    // The first invoice named the first month's PaymentIntent (what a refund of it names).
    expect(
      (await rows("select payment_intent_id from gift_payments where gift_id = ?", gift!.id))[0]!.payment_intent_id,
    ).toMatch(/^pi_/);
    await t.settle();
    const receipt = (await outbox()).at(-1)!;
    const link = /https?:\/\/\S+\/donate\/manage\?\S+/.exec(String(receipt.text))?.[0];
    expect(link).toBeTruthy();

    // A second month: invoice.paid, one more payment, one more receipt.
    const renewed = await fetch(`${standIn.url}/_stand-in/subscriptions/${subscription}/renew`, { method: "POST" });
    expect(await renewed.json()).toEqual({ delivered: 200 });
    await t.settle();
    expect(await rows("select amount_cents from gift_payments where gift_id = ? order by id", gift!.id)).toEqual([
      { amount_cents: 5000 },
      { amount_cents: 5000 },
    ]);
    expect((await outbox()).at(-1)!.subject).toBe(receipt.subject);

    // The link's page shows the gift; a tampered token shows nothing.
    const manage = new URL(link!);
    const shown = await respond(t, manageLoader, getRequest(manage.pathname + manage.search));
    expect(shown.data).toMatchObject({ gift: { amount: "$50.00", ended: false } });
    const tampered = await respond(
      t,
      manageLoader,
      getRequest(`/donate/manage?gift=${gift!.id}&token=x${manage.searchParams.get("token")!.slice(1)}`),
    );
    expect(tampered.data).toMatchObject({ gift: null });
    const refused = await respond(
      t,
      manageAction,
      postForm("/donate/manage", { gift: String(gift!.id), token: "nope" }),
    );
    expect(refused.status).toBe(400);
    expect(standIn.subscriptions.get(subscription)!.status).toBe("active");

    // Its one button cancels at the provider; the provider's webhook ends the gift here.
    const stopped = await respond(
      t,
      manageAction,
      postForm("/donate/manage", { gift: String(gift!.id), token: manage.searchParams.get("token")! }),
    );
    expect(stopped.status).toBe(303);
    expect(standIn.subscriptions.get(subscription)!.status).toBe("canceled");
    expect(standIn.sent.at(-1)).toMatchObject({ type: "customer.subscription.deleted", status: 200 });
    expect((await rows("select ended_at from gifts where id = ?", gift!.id))[0]!.ended_at).not.toBeNull();
    await t.settle();
    expect((await outbox()).at(-1)!.subject).toContain("has stopped");
  });
});

describe("refunds", () => {
  it("a refund at the provider is recorded when its webhook comes, and the donor is told", async () => {
    const { id } = await startGift({ amount: "100" });
    await pay(id);
    const [payment] = await rows(
      "select gift_payments.* from gift_payments join gifts on gifts.id = gift_id where checkout_session_id = ?",
      id,
    );
    const { createPayments } = await import("#app/services/payments.server");
    const payments = createPayments(t.context.config.payments!);
    await payments.refund(payment!.payment_intent_id as string, { reason: "asked by the donor" });
    expect(standIn.sent.at(-1)).toMatchObject({ type: "charge.refunded", status: 200 });
    expect(
      (await rows("select refunded_at, refunded_cents from gift_payments where id = ?", payment!.id))[0],
    ).toMatchObject({ refunded_cents: 10000 });
    await t.settle();
    expect((await outbox()).at(-1)!.subject).toContain("refunded");
  });
});

describe("the webhook's D1 batch failing", () => {
  it("answers 503 (the provider sends it again), records neither the event nor the gift, and the retry records both once", async () => {
    const { id, session } = await startGift({ amount: "25" });
    const failing = injectFaults(t, { d1: [{ sql: /insert into "provider_events"/, message: permanentD1Error }] });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const paid = await fetch(`${standIn.url}/pay/${id}/pay`, { method: "POST", redirect: "manual" });
    failing.restore();
    expect(paid.status).toBe(303);
    const event = standIn.sent.at(-1)!;
    expect(event.status).toBe(503);
    expect(failing.failures()).toBeGreaterThan(0);
    expect(await rows("select id from gifts where checkout_session_id = ?", id)).toEqual([]);
    expect(await rows("select id from gift_payments where payment_intent_id = ?", session.payment_intent)).toEqual([]);
    // The provider's retry (the same event) records it, once.
    const retry = await deliver(
      new Request("http://stand-in/", {
        method: "POST",
        body: event.body,
        headers: { "Stripe-Signature": stripeSignature(event.body, secrets.webhookSecret) },
      }),
    );
    expect(retry.status).toBe(200);
    expect(await rows("select amount_cents from gifts where checkout_session_id = ?", id)).toEqual([
      { amount_cents: 2500 },
    ]);
  });
});

describe("the staff ledger", () => {
  it("is for admins and owners: every gift, totals, a formula-safe CSV, and a refund with a reason recorded when its webhook comes", async () => {
    const { id } = await startGift({ amount: "custom", custom: "77", name: '=HYPERLINK("x")', fund: "medical" });
    await pay(id);
    const member = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
    const admin = await createAccount(t.env.DB, { role: "admin" });
    const jar = await signedIn(t, admin);
    expect((await respond(t, ledgerLoader, withCookies(getRequest("/petadmin/donations"), member))).status).toBe(403);
    expect((await respond(t, ledgerCsv, withCookies(getRequest("/petadmin/donations.csv"), member))).status).toBe(403);

    const page = await respond(t, ledgerLoader, withCookies(getRequest("/petadmin/donations?fund=medical"), jar));
    const { entries, totals } = page.data as {
      entries: { id: number; amount: string; state: string; refundable: boolean }[];
      totals: { fund: string; amount: string }[];
    };
    const entry = entries.find((row) => row.amount === "$77.00")!;
    expect(entry).toMatchObject({ state: "Paid", refundable: true });
    expect(totals.some((row) => row.fund === "Medical fund")).toBe(true);
    const csv = await (
      await respond(t, ledgerCsv, withCookies(getRequest("/petadmin/donations.csv?fund=medical"), jar))
    ).response!.text();
    expect(csv).toContain("'=HYPERLINK");
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);

    // A refund needs a reason; with one, the provider refunds and its webhook records it.
    expect(
      (
        await respond(
          t,
          ledgerAction,
          withCookies(postForm("/petadmin/donations", { payment: String(entry.id), reason: "" }), jar),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await respond(
          t,
          ledgerAction,
          withCookies(postForm("/petadmin/donations", { payment: String(entry.id), reason: "x" }), member),
        )
      ).status,
    ).toBe(403);
    const refunded = await respond(
      t,
      ledgerAction,
      withCookies(
        postForm("/petadmin/donations", { payment: String(entry.id), reason: "Given twice by mistake" }),
        jar,
      ),
    );
    expect(refunded.status).toBe(303);
    expect(await rows("select refund_reason, refunded_cents from gift_payments where id = ?", entry.id)).toEqual([
      { refund_reason: "Given twice by mistake", refunded_cents: 7700 },
    ]);
    expect(await rows("select kind, actor_email from security_events where kind = 'gift-refund-requested'")).toEqual([
      { kind: "gift-refund-requested", actor_email: admin.email },
    ]);
    const after = await respond(t, ledgerLoader, withCookies(getRequest("/petadmin/donations?fund=medical"), jar));
    expect(
      (after.data as { entries: { id: number; state: string }[] }).entries.find((row) => row.id === entry.id),
    ).toMatchObject({ state: "Refunded" });
  });
});

describe("January's summary for monthly donors", () => {
  it("lists each monthly gift's payments of the year before with their total, once, and only in January", async () => {
    const { id } = await startGift({
      frequency: "monthly",
      amount: "25",
      email: "yearly@example.com",
      name: "Yara Yearly",
    });
    await pay(id);
    const [gift] = await rows("select id, subscription_id from gifts where checkout_session_id = ?", id);
    await standIn.renew(gift!.subscription_id as string);
    // The gift's payments fall in the year the summary is about.
    const year = new Date().getUTCFullYear();
    await t.env.DB.prepare("update gift_payments set paid_at = ? where gift_id = ?")
      .bind(Date.UTC(year, 5, 15), gift!.id)
      .run();
    await t.settle();
    const january = new Date(Date.UTC(year + 1, 0, 1, 18));
    const summaries = () =>
      rows(
        "select * from outbox_messages where \"to\" = 'yearly@example.com' and subject like '%in ' || ?",
        String(year),
      );
    expect(
      await sendYearlyGiftSummaries(t.context.db, t.context.mailer, i18nFor, new Date(Date.UTC(year + 1, 1, 1, 18))),
    ).toMatchObject({ skipped: "not January" });
    expect(await summaries()).toEqual([]);
    expect(await sendYearlyGiftSummaries(t.context.db, t.context.mailer, i18nFor, january)).toMatchObject({
      failed: 0,
    });
    const [summary] = await summaries();
    expect(summary!.text).toContain("Total: $50.00");
    expect(summary!.text).toContain("No goods or services were given in return for this gift.");
    expect(await sendYearlyGiftSummaries(t.context.db, t.context.mailer, i18nFor, january)).toMatchObject({
      skipped: "already sent",
    });
    expect(await summaries()).toHaveLength(1);
  });
});

describe("sponsoring a pet's adoption fee", () => {
  const petPage = async (id: number) =>
    (await petLoader({ request: getRequest(`/adopt/pet?pet_id=${id}`), params: {}, context: t.context })).sponsor;
  const giftPage = (query: string) =>
    donateLoader({ request: getRequest(`/donate?${query}`), params: {}, context: t.context });

  it("is recorded against the pet from the webhook only, up to what is left of the fee, and the pet's page says so", async () => {
    const pet = await insertPet(t.env.DB, { name: "Hazelnut", adoptionFee: 150 });
    expect(await petPage(pet.id)).toEqual({ given: null, fee: "$150.00", open: true });
    // The form for this pet: one-time, its fund, only the amounts up to what is left.
    const form = await giftPage(`fund=pet_fee&pet=${pet.id}`);
    expect(form.sponsor).toMatchObject({ id: pet.id, name: "Hazelnut", left: "$150.00", dollarsLeft: 150 });
    expect(form.choices).toMatchObject({ fund: "pet_fee", pet: String(pet.id), frequency: "one_time" });

    const sponsor = { fund: "pet_fee", pet: String(pet.id), amount: "custom", custom: "40" };
    const { id, session } = await startGift(sponsor);
    expect(session.metadata).toMatchObject({ fund: "pet_fee", pet: String(pet.id) });
    expect(session.description).toBe("Sponsoring Hazelnut's adoption fee at Sequoia Humane Society");
    // Back from the provider, before the webhook: nothing recorded, nothing shown.
    expect(await sponsoredFeeCents(createDb(t.env.DB), pet.id)).toBe(0);
    await pay(id);
    expect(await rows("select fund, pet_id, amount_cents from gifts where checkout_session_id = ?", id)).toEqual([
      { fund: "pet_fee", pet_id: pet.id, amount_cents: 4000 },
    ]);
    expect(await sponsoredFeeCents(createDb(t.env.DB), pet.id)).toBe(4000);
    expect(await petPage(pet.id)).toEqual({ given: "$40.00", fee: "$150.00", open: true });

    // More than is left ($110) is refused under the field, nothing sent to the provider; monthly too.
    const sessions = standIn.sessions.size;
    const tooMuch = await respond(t, donateAction, giftPost("/donate", giftForm({ ...sponsor, custom: "111" })));
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.data)).toContain("Give up to $110.00: what is left of Hazelnut's adoption fee.");
    const preset = await respond(
      t,
      donateAction,
      giftPost("/donate", giftForm({ ...sponsor, amount: "100", custom: "" })),
    );
    expect(preset.status).toBe(303);
    const monthly = await respond(t, donateAction, giftPost("/donate", giftForm({ ...sponsor, frequency: "monthly" })));
    expect(monthly.status).toBe(400);
    expect(standIn.sessions.size).toBe(sessions + 1);

    // A refunded sponsorship no longer counts.
    const [payment] = await rows(
      "select payment_intent_id from gift_payments join gifts on gifts.id = gift_id where checkout_session_id = ?",
      id,
    );
    const { createPayments } = await import("#app/services/payments.server");
    await createPayments(t.context.config.payments!).refund(payment!.payment_intent_id as string, { reason: "test" });
    expect(await sponsoredFeeCents(createDb(t.env.DB), pet.id)).toBe(0);
    expect(await petPage(pet.id)).toEqual({ given: null, fee: "$150.00", open: true });
  });

  it("a fee paid in full by sponsors shows so, and takes no more; an adopted pet or one with no fee takes none", async () => {
    const pet = await insertPet(t.env.DB, { name: "Pretzel", adoptionFee: 25 });
    await pay((await startGift({ fund: "pet_fee", pet: String(pet.id), amount: "25" })).id);
    expect(await petPage(pet.id)).toEqual({ given: "$25.00", fee: "$25.00", open: false });
    const full = await respond(
      t,
      donateAction,
      giftPost("/donate", giftForm({ fund: "pet_fee", pet: String(pet.id), amount: "25" })),
    );
    expect(full.status).toBe(400);
    expect(JSON.stringify(full.data)).toContain(
      "This pet's adoption fee cannot be sponsored now. Nothing was charged.",
    );

    const adopted = await insertPet(t.env.DB, { adoptionFee: 100, adoptedEmail: "home@example.com" });
    const free = await insertPet(t.env.DB, { adoptionFee: 0 });
    for (const other of [adopted, free, { id: 999_999 }]) {
      const answer = await respond(
        t,
        donateAction,
        giftPost("/donate", giftForm({ fund: "pet_fee", pet: String(other.id) })),
      );
      expect(answer.status).toBe(400);
      // The form's address for such a pet gives the general form.
      const form = await giftPage(`fund=pet_fee&pet=${other.id}`);
      expect(form.sponsor).toBeNull();
      expect(form.choices.fund).toBe("general");
    }
    expect(await petPage(adopted.id)).toBeNull();
    expect(await petPage(free.id)).toBeNull();
  });
});

describe("the gift form's rate limit", () => {
  it("takes ten gifts an hour from one network address; the eleventh is refused with a message, the form kept, nothing sent to the provider", async () => {
    const address = "203.0.113.43";
    for (let sent = 0; sent < 10; sent += 1)
      expect((await respond(t, donateAction, giftPost("/donate", giftForm(), address))).status).toBe(303);
    const sessions = standIn.sessions.size;
    const limited = await respond(t, donateAction, giftPost("/donate", giftForm({ name: "Lee Limited" }), address));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const reply = JSON.stringify(limited.data);
    expect(reply).toContain("We have received several gifts from your network. Please try again in");
    expect(reply).toContain("Lee Limited");
    expect(standIn.sessions.size).toBe(sessions);
    // A form refused for what it says does not count; another network is not limited.
    expect(
      (await respond(t, donateAction, giftPost("/donate", giftForm({ amount: "custom", custom: "0" }), "203.0.113.44")))
        .status,
    ).toBe(400);
    expect((await respond(t, donateAction, giftPost("/donate", giftForm(), "203.0.113.44"))).status).toBe(303);
  });
});
