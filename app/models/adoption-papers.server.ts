import { and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { adoptionApplications, adoptionPapers, giftPayments, gifts, inboxNotes, pets, users } from "#app/db/schema";
import type { DeskPaymentMethod } from "#app/lib/papers/paper-kinds";
import { once, type NewGift, type ProviderEvent } from "./gifts.server";

/**
 * Adoption papers (decision 070): the contract and the fee of one adoption. Every write that depends
 * on the application or the pet checks them inside its own statement (never from what a page read).
 */

export type PapersRow = typeof adoptionPapers.$inferSelect;

export function papersOfApplication(db: Database, applicationId: number) {
  return db.select().from(adoptionPapers).where(eq(adoptionPapers.applicationId, applicationId)).get();
}

/** The papers of several applications (an adopter's list). */
export function papersOfApplications(db: Database, applicationIds: number[]) {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return db.select().from(adoptionPapers).where(inArray(adoptionPapers.applicationId, applicationIds)).all();
}

export function papersById(db: Database, id: number) {
  return db.select().from(adoptionPapers).where(eq(adoptionPapers.id, id)).get();
}

export function papersBySession(db: Database, checkoutSessionId: string) {
  return db.select().from(adoptionPapers).where(eq(adoptionPapers.checkoutSessionId, checkoutSessionId)).get();
}

/** The papers of a pet's applications (newest first) and its walk-in papers. */
export function papersOfPet(db: Database, petId: number) {
  return db
    .select()
    .from(adoptionPapers)
    .where(eq(adoptionPapers.petId, petId))
    .orderBy(desc(adoptionPapers.sentAt), desc(adoptionPapers.id))
    .all();
}

/**
 * The fee is owed: never paid, or its payment refunded since (decision 070, amended): a desk payment
 * or a new online payment may then record it (again).
 */
const feeUnpaid = () =>
  or(
    isNull(adoptionPapers.feePaidAt),
    and(isNotNull(adoptionPapers.feeRefundedAt), gte(adoptionPapers.feeRefundedAt, adoptionPapers.feePaidAt)),
  );

/** The papers whose online fee a PaymentIntent paid (what the provider's refund of it names). */
export function papersByPaymentIntent(db: Database, paymentIntentId: string) {
  return db.select().from(adoptionPapers).where(eq(adoptionPapers.paymentIntentId, paymentIntentId)).get();
}

/**
 * The provider's charge.refunded of an online fee's payment (the fee and its gift line were one
 * payment): the papers record when and how much, with the event's id (a replay changes nothing). The
 * fee counts as unpaid until it is paid again; a later refund event of the same charge updates the amount.
 * A refund beyond the fee reaches the gift line: its payment counts as refunded (out of the gift totals)
 * with the part beyond the fee, at most the gift (a refund takes the fee back first).
 */
export function recordFeeRefund(
  db: Database,
  event: ProviderEvent,
  refund: { papersId: number; paymentIntentId: string; refundedCents: number; at: Date },
) {
  const paidOnline = and(
    eq(adoptionPapers.id, refund.papersId),
    eq(adoptionPapers.paymentIntentId, refund.paymentIntentId),
    eq(adoptionPapers.feePaidMethod, "online"),
  );
  const beyondFee = sql`${refund.refundedCents} - (select ${adoptionPapers.feePaidCents} from ${adoptionPapers} where ${paidOnline})`;
  return once(db, event, [
    db
      .update(adoptionPapers)
      .set({ feeRefundedAt: refund.at, feeRefundedCents: refund.refundedCents })
      .where(paidOnline),
    db
      .update(giftPayments)
      .set({ refundedAt: refund.at, refundedCents: sql`min(${giftPayments.amountCents}, ${beyondFee})` })
      .where(
        and(
          inArray(
            giftPayments.giftId,
            db
              .select({ id: gifts.id })
              .from(gifts)
              .innerJoin(adoptionPapers, eq(adoptionPapers.checkoutSessionId, gifts.checkoutSessionId))
              .where(paidOnline),
          ),
          sql`${beyondFee} > 0`,
        ),
      ),
  ]);
}

/** The application is approved and its pet held for its applicant (not adopted): the papers are open. */
const applicationHolds = (applicationId: number) =>
  sql`exists (select 1 from ${adoptionApplications}
    join ${pets} on ${pets.id} = ${adoptionApplications.petId}
    join ${users} on ${users.id} = ${adoptionApplications.userId}
    where ${adoptionApplications.id} = ${applicationId} and ${adoptionApplications.status} = 'approved'
      and ${pets.adoptedEmail} is null and lower(${pets.onHoldEmail}) = lower(${users.email}))`;

/**
 * Sends papers on an approved application whose pet is held for its applicant: "sent", or
 * "exists" (papers already sent), or "refused" (the application or the hold moved on).
 */
export async function sendPapers(
  db: Database,
  papers: {
    documentId: string;
    applicationId: number;
    petId: number;
    feeCents: number;
    feeWaivedReason: string | null;
    sentBy: number;
    now: Date;
  },
): Promise<"sent" | "exists" | "refused"> {
  const { documentId, applicationId, petId, feeCents, feeWaivedReason, sentBy, now } = papers;
  const inserted = await db
    .insert(adoptionPapers)
    .select(
      sql`select null, ${documentId}, ${applicationId}, ${petId}, ${feeCents}, ${feeWaivedReason}, ${now.getTime()}, ${sentBy},
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, ${now.getTime()}
        where ${applicationHolds(applicationId)}`,
    )
    .onConflictDoNothing()
    .returning({ id: adoptionPapers.id });
  if (inserted.length > 0) return "sent";
  return (await papersOfApplication(db, applicationId)) ? "exists" : "refused";
}

export interface ElectronicSignature {
  papersId: number;
  applicationId: number;
  signedName: string;
  signedTextSha256: string;
  fileKey: string;
  fileSha256: string;
  consentVersion: string;
  signerEmail: string;
  signerIp: string | null;
  signerUserAgent: string | null;
  signerId: number;
  at: Date;
  /** The staff note the inbox item shows (in the shelter's language). */
  note: string;
}

/**
 * The adopter's signature, in one batch: the papers (only if still unsigned and open, the application
 * approved and the pet held for its applicant) and the inbox note, which is written only if the papers
 * were. "signed", or "refused" (signed already, closed, or moved on): nothing changed.
 */
export async function recordElectronicSignature(db: Database, s: ElectronicSignature): Promise<"signed" | "refused"> {
  const [updated] = await db.batch([
    db
      .update(adoptionPapers)
      .set({
        signedAt: s.at,
        signingMethod: "electronic",
        signedName: s.signedName,
        signedTextSha256: s.signedTextSha256,
        fileKey: s.fileKey,
        fileType: "application/pdf",
        fileSha256: s.fileSha256,
        consentVersion: s.consentVersion,
        signerEmail: s.signerEmail,
        signerIp: s.signerIp,
        signerUserAgent: s.signerUserAgent,
      })
      .where(
        and(
          eq(adoptionPapers.id, s.papersId),
          eq(adoptionPapers.applicationId, s.applicationId),
          isNull(adoptionPapers.signedAt),
          isNull(adoptionPapers.closedAt),
          applicationHolds(s.applicationId),
        ),
      )
      .returning({ id: adoptionPapers.id }),
    db.insert(inboxNotes).select(
      sql`select null, 'application', ${s.applicationId}, ${s.signerId}, ${s.note}, ${s.at.getTime()}, null, null, null, null
          where changes() > 0`,
    ),
  ]);
  return updated.length > 0 ? "signed" : "refused";
}

/** Staff record a contract signed on paper, with its scan: on unsigned papers only. */
export async function recordPaperSignature(
  db: Database,
  s: { papersId: number; fileKey: string; fileType: string; fileSha256: string; recordedBy: number; at: Date },
): Promise<"signed" | "refused"> {
  const updated = await db
    .update(adoptionPapers)
    .set({
      signedAt: s.at,
      signingMethod: "paper",
      fileKey: s.fileKey,
      fileType: s.fileType,
      fileSha256: s.fileSha256,
      recordedBy: s.recordedBy,
    })
    .where(and(eq(adoptionPapers.id, s.papersId), isNull(adoptionPapers.signedAt), isNull(adoptionPapers.closedAt)))
    .returning({ id: adoptionPapers.id });
  return updated.length > 0 ? "signed" : "refused";
}

/** A walk-in's papers (no application): signed on paper at the desk, its scan uploaded from the pet's page. */
export async function recordWalkInPapers(
  db: Database,
  w: {
    documentId: string;
    petId: number;
    feeCents: number;
    fileKey: string;
    fileType: string;
    fileSha256: string;
    recordedBy: number;
    at: Date;
  },
) {
  await db.insert(adoptionPapers).values({
    documentId: w.documentId,
    petId: w.petId,
    feeCents: w.feeCents,
    sentAt: w.at,
    sentBy: w.recordedBy,
    signedAt: w.at,
    signingMethod: "paper",
    fileKey: w.fileKey,
    fileType: w.fileType,
    fileSha256: w.fileSha256,
    recordedBy: w.recordedBy,
  });
}

/** Staff record the fee paid at the desk ("Pay at pick-up"): once, on papers with a fee still unpaid. */
export async function recordDeskPayment(
  db: Database,
  p: { papersId: number; method: DeskPaymentMethod; receiptNumber: string; by: number; at: Date },
): Promise<"paid" | "refused"> {
  const updated = await db
    .update(adoptionPapers)
    .set({
      feePaidAt: p.at,
      feePaidMethod: p.method,
      feePaidCents: sql`${adoptionPapers.feeCents}`,
      feeReceiptNumber: p.receiptNumber,
      feeRecordedBy: p.by,
    })
    .where(
      and(
        eq(adoptionPapers.id, p.papersId),
        feeUnpaid(),
        isNull(adoptionPapers.closedAt),
        sql`${adoptionPapers.feeCents} > 0`,
      ),
    )
    .returning({ id: adoptionPapers.id });
  return updated.length > 0 ? "paid" : "refused";
}

/** The Checkout Session started for the fee (the latest one: a new one replaces an abandoned one). */
export async function noteCheckoutSession(db: Database, papersId: number, checkoutSessionId: string) {
  await db
    .update(adoptionPapers)
    .set({ checkoutSessionId })
    .where(and(eq(adoptionPapers.id, papersId), feeUnpaid()));
}

/**
 * The provider's webhook: the fee paid online, and the optional gift line as a gift of the general
 * fund, with the event's id, in one batch (a replay changes nothing). The papers are named by id
 * (the session's metadata) and must still be unpaid.
 */
export function recordOnlineFee(
  db: Database,
  event: ProviderEvent,
  fee: {
    papersId: number;
    checkoutSessionId: string;
    paymentIntentId: string | null;
    feeCents: number;
    giftCents: number;
    at: Date;
  },
  gift: NewGift | null,
) {
  const { paymentIntentId: _intent, ...giftRow } = gift ?? ({} as NewGift);
  return once(db, event, [
    db
      .update(adoptionPapers)
      .set({
        feePaidAt: fee.at,
        feePaidMethod: "online",
        feePaidCents: fee.feeCents,
        checkoutSessionId: fee.checkoutSessionId,
        paymentIntentId: fee.paymentIntentId,
        giftCents: fee.giftCents,
      })
      .where(and(eq(adoptionPapers.id, fee.papersId), feeUnpaid())),
    ...(gift
      ? [
          db.insert(gifts).values(giftRow).onConflictDoNothing(),
          // The gift's payment has no PaymentIntent of its own (the intent pays the fee and the gift together).
          db.insert(giftPayments).select(
            sql`select null, ${gifts.id}, null, ${gifts.amountCents}, ${gifts.currency}, ${fee.at.getTime()}, null, null, null, null, null
                from ${gifts} where ${gifts.checkoutSessionId} = ${gift.checkoutSessionId} and changes() > 0`,
          ),
        ]
      : []),
  ]);
}
