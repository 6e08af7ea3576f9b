import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import { giftEndedMessage, giftReceiptMessage, giftRefundMessage, type ReceiptGift } from "#app/lib/giving/gift-emails";
import { giftManageToken } from "#app/lib/giving/gift-tokens";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";
import { localizedPath } from "#app/lib/i18n/locale";
import {
  giftById,
  giftBySession,
  giftBySubscription,
  petNameOf,
  paymentByIntent,
  recordFirstPaymentIntent,
  recordGift,
  recordGiftEnded,
  recordIgnoredEvent,
  recordRefund,
  recordRenewal,
  type GiftRow,
  type NewGift,
} from "#app/models/gifts.server";
import { tagsForPetPage } from "#app/lib/http/page-tags";
import { sendAfterResponse } from "./notify.server";
import { handleFeeSession } from "./adoption-papers.server";
import { papersByPaymentIntent, recordFeeRefund } from "#app/models/adoption-papers.server";

/**
 * What each of the payment provider's events does to gifts (decision 065): the webhook's only work,
 * after its signature was checked. Amounts and currency come from the provider's objects, never from
 * our form; the rest (donor, fund, dedication, pet, language) from the metadata our form gave the
 * session. "retry": the event cannot be handled yet (a renewal before its gift), the provider sends it again.
 */
export type EventOutcome = "recorded" | "replayed" | "ignored" | "retry";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);
const intOrNull = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);
const cut = (value: string | undefined, max: number) => (value ? value.slice(0, max) : null);

/** The gift a paid session stands for, from the session alone. */
export function giftOfSession(session: Stripe.Checkout.Session): NewGift | null {
  const metadata = session.metadata ?? {};
  if (
    metadata.purpose !== "gift" ||
    session.payment_status !== "paid" ||
    session.amount_total === null ||
    !session.currency
  )
    return null;
  const fund = metadata.fund === "medical" || metadata.fund === "pet_fee" ? metadata.fund : "general";
  const dedication = metadata.dedication === "honor" || metadata.dedication === "memory" ? metadata.dedication : null;
  const email = metadata.email || session.customer_details?.email || session.customer_email;
  if (!email) return null;
  return {
    checkoutSessionId: session.id,
    kind: session.mode === "subscription" ? "monthly" : "one_time",
    amountCents: session.amount_total,
    currency: session.currency,
    fund,
    petId: fund === "pet_fee" ? intOrNull(metadata.pet) : null,
    donorName: cut(metadata.name, 100) ?? "",
    donorEmail: email.slice(0, 254),
    language: accountLocale(metadata.lang),
    userId: intOrNull(metadata.user),
    dedication,
    dedicationName: dedication ? cut(metadata.dedication_name, 100) : null,
    dedicationEmail: dedication ? cut(metadata.dedication_email, 254) : null,
    subscriptionId: idOf(session.subscription),
    paymentIntentId: idOf(session.payment_intent),
  };
}

/** The subscription an invoice is for (its `parent` in current API versions, `subscription` in older ones). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const older = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(older);
}

function paymentIntentOfInvoice(invoice: Stripe.Invoice): string | null {
  const paid = invoice.payments?.data?.find((entry) => entry.payment?.type === "payment_intent");
  const older = (invoice as unknown as { payment_intent?: string | { id: string } | null }).payment_intent;
  return idOf(paid?.payment?.payment_intent) ?? idOf(older);
}

async function receiptGift(context: AppLoadContext, gift: GiftRow): Promise<ReceiptGift> {
  const petName = gift.petId ? await petNameOf(context.db, gift.petId) : null;
  return { ...gift, petName };
}

/** The monthly gift's "manage" link, signed; null when links cannot be signed (no secret). */
export async function manageLinkOf(context: AppLoadContext, gift: GiftRow): Promise<string | null> {
  const secret = context.config.alertTokenSecret;
  if (gift.kind !== "monthly" || !secret) return null;
  const token = await giftManageToken(gift.id, secret);
  return `${context.config.siteUrl}${localizedPath(`/donate/manage?gift=${gift.id}&token=${token}`, accountLocale(gift.language))}`;
}

async function sendReceipt(
  context: AppLoadContext,
  gift: GiftRow,
  payment: { amountCents: number; currency: string; paidAt: Date },
) {
  const locale = accountLocale(gift.language);
  sendAfterResponse(
    context,
    giftReceiptMessage(
      await receiptGift(context, gift),
      payment,
      locale,
      i18nFor(locale),
      await manageLinkOf(context, gift),
    ),
  );
}

/** A gift towards a pet's fee changes what its page says (what sponsors have given): the cached page goes. */
function purgePetPageOf(context: AppLoadContext, gift: GiftRow) {
  if (gift.fund === "pet_fee" && gift.petId !== null) context.pages.purgeAfterSave(tagsForPetPage(gift.petId));
}

export async function handleProviderEvent(context: AppLoadContext, event: Stripe.Event): Promise<EventOutcome> {
  const { db } = context;
  const at = new Date(event.created * 1000);
  const seen = { id: event.id, type: event.type };
  switch (event.type) {
    case "checkout.session.completed": {
      // An adoption fee (and its optional gift line): the papers' own recording (decision 070).
      if (event.data.object.metadata?.purpose === "adoption_fee")
        return handleFeeSession(context, event, event.data.object);
      const gift = giftOfSession(event.data.object);
      if (!gift) return (await recordIgnoredEvent(db, seen)) === "replayed" ? "replayed" : "ignored";
      // Another event of a session already recorded (the provider may send one twice under new ids) adds nothing.
      if (await giftBySession(db, gift.checkoutSessionId))
        return (await recordIgnoredEvent(db, seen)) === "replayed" ? "replayed" : "ignored";
      const outcome = await recordGift(db, seen, gift, at);
      const row = await giftBySession(db, gift.checkoutSessionId);
      // A sponsor's gift shows on the pet's page at once: its cached copies go.
      if (outcome === "recorded" && row) purgePetPageOf(context, row);
      if (outcome === "recorded" && row)
        await sendReceipt(context, row, { amountCents: row.amountCents, currency: row.currency, paidAt: at });
      return outcome;
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const subscription = subscriptionOfInvoice(invoice);
      if (!subscription) return "ignored";
      const gift = await giftBySubscription(db, subscription);
      // A renewal of a gift whose session's event has not come yet: the provider tries again later.
      if (!gift) return "retry";
      const paymentIntentId = paymentIntentOfInvoice(invoice);
      if (invoice.billing_reason === "subscription_create") {
        // The first month came with the session (and its receipt); this names its PaymentIntent, for refunds.
        return paymentIntentId
          ? recordFirstPaymentIntent(db, seen, gift.id, paymentIntentId)
          : recordIgnoredEvent(db, seen);
      }
      const payment = {
        paymentIntentId,
        amountCents: invoice.amount_paid,
        currency: invoice.currency,
        paidAt: invoice.status_transitions?.paid_at ? new Date(invoice.status_transitions.paid_at * 1000) : at,
      };
      const outcome = await recordRenewal(db, seen, gift.id, payment);
      if (outcome === "recorded") await sendReceipt(context, gift, payment);
      return outcome;
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      // An adoption fee's payment (with its gift line): the papers record the refund (decision 070, amended).
      const fee = paymentIntentId ? await papersByPaymentIntent(db, paymentIntentId) : undefined;
      if (paymentIntentId && fee)
        return recordFeeRefund(db, seen, {
          papersId: fee.id,
          paymentIntentId,
          refundedCents: charge.amount_refunded,
          at,
        });
      const payment = paymentIntentId ? await paymentByIntent(db, paymentIntentId) : undefined;
      if (!paymentIntentId || !payment)
        return (await recordIgnoredEvent(db, seen)) === "replayed" ? "replayed" : "ignored";
      const alreadyRefunded = payment.refundedAt !== null;
      const outcome = await recordRefund(db, seen, paymentIntentId, charge.amount_refunded, at);
      const gift = outcome === "recorded" && !alreadyRefunded ? await giftById(db, payment.giftId) : undefined;
      if (gift) {
        purgePetPageOf(context, gift);
        const locale = accountLocale(gift.language);
        sendAfterResponse(
          context,
          giftRefundMessage(
            gift,
            { amountCents: charge.amount_refunded, currency: charge.currency },
            locale,
            i18nFor(locale),
          ),
        );
      }
      return outcome;
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const gift = await giftBySubscription(db, subscription.id);
      if (!gift) return (await recordIgnoredEvent(db, seen)) === "replayed" ? "replayed" : "ignored";
      const outcome = await recordGiftEnded(db, seen, subscription.id, at);
      if (outcome === "recorded" && gift.endedAt === null) {
        const locale = accountLocale(gift.language);
        sendAfterResponse(context, giftEndedMessage(gift, locale, i18nFor(locale)));
      }
      return outcome;
    }
    default:
      return "ignored";
  }
}
