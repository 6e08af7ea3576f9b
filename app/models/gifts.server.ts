import { and, desc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/db/client.server";
import { giftPayments, gifts, pets, providerEvents } from "#app/db/schema";
import type { giftDedications, giftFunds, giftKinds } from "#app/lib/giving/gift-kinds";

/**
 * Gifts (decision 065). Only the payment provider's signed webhook writes money here: each event's id
 * goes in the same batch as its effect, so a replayed event (its id already kept) changes nothing.
 */

export type GiftKind = (typeof giftKinds)[number];
export type GiftFund = (typeof giftFunds)[number];
export type GiftDedication = (typeof giftDedications)[number];

export interface NewGift {
  checkoutSessionId: string;
  kind: GiftKind;
  amountCents: number;
  currency: string;
  fund: GiftFund;
  petId: number | null;
  donorName: string;
  donorEmail: string;
  language: string;
  userId: number | null;
  dedication: GiftDedication | null;
  dedicationName: string | null;
  dedicationEmail: string | null;
  subscriptionId: string | null;
  paymentIntentId: string | null;
}

export interface ProviderEvent {
  id: string;
  type: string;
}

/** Whether `error` (or what it wraps) is SQLite refusing a duplicate of a unique column. */
function isDuplicate(error: unknown, table: string): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    if (String(current instanceof Error ? current.message : current).includes(`UNIQUE constraint failed: ${table}`))
      return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * Runs `effects` with the event's id in one batch: all or nothing. "replayed" when the id was
 * already kept (the effects never happened twice); D1's failure otherwise goes on (the webhook
 * answers 5xx and the provider sends the event again).
 */
export async function once(
  db: Database,
  event: ProviderEvent,
  effects: BatchItem<"sqlite">[],
): Promise<"recorded" | "replayed"> {
  try {
    await db.batch([
      db.insert(providerEvents).values({ id: event.id, type: event.type, receivedAt: new Date() }),
      ...effects,
    ]);
    return "recorded";
  } catch (error) {
    if (isDuplicate(error, "provider_events")) return "replayed";
    throw error;
  }
}

export async function eventSeen(db: Database, id: string): Promise<boolean> {
  return (
    (await db.select({ id: providerEvents.id }).from(providerEvents).where(eq(providerEvents.id, id)).get()) !==
    undefined
  );
}

/** A paid Checkout Session: the gift and its first payment (a session is recorded once, whatever the event). */
export function recordGift(db: Database, event: ProviderEvent, gift: NewGift, paidAt: Date) {
  const { paymentIntentId, ...row } = gift;
  return once(db, event, [
    db.insert(gifts).values(row).onConflictDoNothing(),
    db.insert(giftPayments).select(
      sql`select null, ${gifts.id}, ${paymentIntentId}, ${gifts.amountCents}, ${gifts.currency}, ${paidAt.getTime()}, null, null, null, null, null
        from ${gifts} where ${gifts.checkoutSessionId} = ${gift.checkoutSessionId} and changes() > 0`,
    ),
  ]);
}

export type GiftRow = typeof gifts.$inferSelect;
export type GiftPaymentRow = typeof giftPayments.$inferSelect;

export function giftBySession(db: Database, checkoutSessionId: string) {
  return db.select().from(gifts).where(eq(gifts.checkoutSessionId, checkoutSessionId)).get();
}

export function giftBySubscription(db: Database, subscriptionId: string) {
  return db.select().from(gifts).where(eq(gifts.subscriptionId, subscriptionId)).get();
}

export function giftById(db: Database, id: number) {
  return db.select().from(gifts).where(eq(gifts.id, id)).get();
}

/** A month of a monthly gift paid (the provider's invoice.paid); the first month came with the session. */
export function recordRenewal(
  db: Database,
  event: ProviderEvent,
  giftId: number,
  payment: { paymentIntentId: string | null; amountCents: number; currency: string; paidAt: Date },
) {
  return once(db, event, [
    db
      .insert(giftPayments)
      .values({ giftId, ...payment })
      .onConflictDoNothing(),
  ]);
}

/** The first invoice of a monthly gift names its PaymentIntent (what a refund of that month names). */
export function recordFirstPaymentIntent(db: Database, event: ProviderEvent, giftId: number, paymentIntentId: string) {
  return once(db, event, [
    db
      .update(giftPayments)
      .set({ paymentIntentId })
      .where(
        and(
          eq(giftPayments.giftId, giftId),
          isNull(giftPayments.paymentIntentId),
          eq(giftPayments.id, sql`(select min(id) from ${giftPayments} where ${giftPayments.giftId} = ${giftId})`),
        ),
      ),
  ]);
}

export function paymentByIntent(db: Database, paymentIntentId: string) {
  return db.select().from(giftPayments).where(eq(giftPayments.paymentIntentId, paymentIntentId)).get();
}

export function paymentById(db: Database, id: number) {
  return db.select().from(giftPayments).where(eq(giftPayments.id, id)).get();
}

/** The provider's charge.refunded: the payment counts as refunded from now on. */
export function recordRefund(
  db: Database,
  event: ProviderEvent,
  paymentIntentId: string,
  refundedCents: number,
  at: Date,
) {
  return once(db, event, [
    db
      .update(giftPayments)
      .set({ refundedAt: at, refundedCents })
      .where(and(eq(giftPayments.paymentIntentId, paymentIntentId), isNull(giftPayments.refundedAt))),
  ]);
}

/** Staff asked the provider for a refund (the money moves, and is recorded, when its webhook comes). */
export async function noteRefundRequest(db: Database, paymentId: number, by: number, reason: string) {
  await db
    .update(giftPayments)
    .set({ refundRequestedAt: new Date(), refundRequestedBy: by, refundReason: reason })
    .where(eq(giftPayments.id, paymentId));
}

/** The provider's customer.subscription.deleted: a monthly gift has ended. */
export function recordGiftEnded(db: Database, event: ProviderEvent, subscriptionId: string, at: Date) {
  return once(db, event, [
    db
      .update(gifts)
      .set({ endedAt: at })
      .where(and(eq(gifts.subscriptionId, subscriptionId), isNull(gifts.endedAt))),
  ]);
}

/** A job that must run once (January's summaries of a year): "replayed" when it was already claimed. */
export function claimOnce(db: Database, id: string) {
  return once(db, { id, type: "job" }, []);
}

/** An event the site does not act on, kept so its id is known. */
export function recordIgnoredEvent(db: Database, event: ProviderEvent) {
  return once(db, event, []);
}

export async function petNameOf(db: Database, petId: number): Promise<string | null> {
  return (await db.select({ name: pets.name }).from(pets).where(eq(pets.id, petId)).get())?.name ?? null;
}

export function paymentsOfGift(db: Database, giftId: number) {
  return db
    .select()
    .from(giftPayments)
    .where(eq(giftPayments.giftId, giftId))
    .orderBy(giftPayments.paidAt, giftPayments.id)
    .all();
}

export interface LedgerFilters {
  /** "YYYY-MM" of the payment, in UTC. */
  month: string | null;
  fund: GiftFund | null;
  kind: GiftKind | null;
}

const monthRange = (month: string) => {
  const [year, monthIndex] = month.split("-").map(Number) as [number, number];
  return [new Date(Date.UTC(year, monthIndex - 1, 1)), new Date(Date.UTC(year, monthIndex, 1))] as const;
};

/** Every payment of every gift, newest first, with its gift and pet, as the staff ledger lists them. */
export function listLedger(db: Database, filters: LedgerFilters, limit = 500) {
  const where: SQL[] = [];
  if (filters.month) {
    const [from, to] = monthRange(filters.month);
    where.push(gte(giftPayments.paidAt, from), lt(giftPayments.paidAt, to));
  }
  if (filters.fund) where.push(eq(gifts.fund, filters.fund));
  if (filters.kind) where.push(eq(gifts.kind, filters.kind));
  return db
    .select({ payment: giftPayments, gift: gifts, petName: pets.name })
    .from(giftPayments)
    .innerJoin(gifts, eq(gifts.id, giftPayments.giftId))
    .leftJoin(pets, eq(pets.id, gifts.petId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(giftPayments.paidAt), desc(giftPayments.id))
    .limit(limit)
    .all();
}

/** Totals of paid (not refunded) payments by month (UTC) and fund, newest month first. */
export function ledgerTotals(db: Database) {
  const month = sql<string>`strftime('%Y-%m', ${giftPayments.paidAt} / 1000, 'unixepoch')`;
  return db
    .select({
      month,
      fund: gifts.fund,
      currency: giftPayments.currency,
      cents: sql<number>`sum(${giftPayments.amountCents})`,
      count: sql<number>`count(*)`,
    })
    .from(giftPayments)
    .innerJoin(gifts, eq(gifts.id, giftPayments.giftId))
    .where(isNull(giftPayments.refundedAt))
    .groupBy(month, gifts.fund, giftPayments.currency)
    .orderBy(desc(month), gifts.fund)
    .all();
}

/** This month's gifts (UTC), not refunded: how many payments and how much, for Pet Admin's landing. */
export async function monthGiftsSummary(db: Database, now: Date) {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const row = await db
    .select({ cents: sql<number>`coalesce(sum(${giftPayments.amountCents}), 0)`, count: sql<number>`count(*)` })
    .from(giftPayments)
    .where(and(gte(giftPayments.paidAt, from), isNull(giftPayments.refundedAt)))
    .get();
  return { cents: row?.cents ?? 0, count: row?.count ?? 0 };
}

/** A signed-in visitor's own gifts, newest first. */
export function giftsOfUser(db: Database, userId: number, email: string) {
  return db
    .select()
    .from(gifts)
    .where(sql`${gifts.userId} = ${userId} or lower(${gifts.donorEmail}) = lower(${email})`)
    .orderBy(desc(gifts.createdAt))
    .limit(100)
    .all();
}

/** Monthly gifts paid in a year (UTC): each donor's payments, for January's yearly summary. */
export function monthlyPaymentsOfYear(db: Database, year: number) {
  return db
    .select({ gift: gifts, payment: giftPayments })
    .from(giftPayments)
    .innerJoin(gifts, eq(gifts.id, giftPayments.giftId))
    .where(
      and(
        eq(gifts.kind, "monthly"),
        gte(giftPayments.paidAt, new Date(Date.UTC(year, 0, 1))),
        lt(giftPayments.paidAt, new Date(Date.UTC(year + 1, 0, 1))),
        isNull(giftPayments.refundedAt),
      ),
    )
    .orderBy(gifts.id, giftPayments.paidAt)
    .all();
}

/**
 * What sponsors have given towards a pet's adoption fee, in cents: its paid "pet_fee" gift payments
 * less what was refunded of them (a partial refund counts only its refunded part). The pet's page shows
 * it; the adoption fee due is the pet's fee less this (decision 070).
 */
export async function sponsoredFeeCents(db: Database, petId: number): Promise<number> {
  const row = await db
    .select({
      cents: sql<number>`coalesce(sum(${giftPayments.amountCents} - min(coalesce(${giftPayments.refundedCents}, case when ${giftPayments.refundedAt} is null then 0 else ${giftPayments.amountCents} end), ${giftPayments.amountCents})), 0)`,
    })
    .from(giftPayments)
    .innerJoin(gifts, eq(gifts.id, giftPayments.giftId))
    .where(and(eq(gifts.petId, petId), eq(gifts.fund, "pet_fee")))
    .get();
  return Math.max(0, Number(row?.cents ?? 0));
}
