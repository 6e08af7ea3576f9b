import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import { adoptionPapersTexts, consentVersion } from "#app/config/adoption-papers";
import { formatAddress, shelter } from "#app/config/shelter";
import type { Pet } from "#app/db/schema";
import type { Application } from "#app/models/applications.server";
import { formatDate } from "#app/lib/i18n/dates";
import { localizedPath, type Locale } from "#app/lib/i18n/locale";
import { formatMoney } from "#app/lib/giving/money";
import { displayLabelIn, displayListIn } from "#app/lib/pets/breeds";
import { formatAgeIn } from "#app/lib/pets/pet-age";
import { feeDueCents, fillContract, sha256Hex } from "#app/lib/papers/contract";
import { feeSettled, type DeskPaymentMethod } from "#app/lib/papers/paper-kinds";
import { feeReceiptMessage, goHomeBlock, papersSentMessage, paymentMethodName } from "#app/lib/papers/papers-emails";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";
import { getPet } from "#app/models/pets.server";
import { sponsoredFeeCents, recordIgnoredEvent } from "#app/models/gifts.server";
import {
  noteCheckoutSession,
  papersById,
  papersOfApplication,
  recordDeskPayment,
  recordElectronicSignature,
  recordOnlineFee,
  recordPaperSignature,
  recordWalkInPapers,
  sendPapers,
  type PapersRow,
} from "#app/models/adoption-papers.server";
import { paymentsOf } from "./payments.server";
import { sendAfterResponse } from "./notify.server";

/**
 * Adoption papers (decision 070): staff send them on an approved application, the adopter signs the
 * contract (typed name with the e-sign consent) and pays the fee, and the adoption is marked once both
 * hold. The signed contract is made a PDF once, at signing, stored in the PAPERS bucket with its
 * SHA-256 in D1, and never made again.
 */

/** Papers are open while not closed, the application approved and the pet held for its applicant. */
export function papersOpen(papers: PapersRow, application: Application): boolean {
  const { pet, applicant } = application;
  return (
    papers.closedAt === null &&
    application.application.status === "approved" &&
    pet.adoptedEmail === null &&
    pet.onHoldEmail?.toLowerCase() === applicant.email.toLowerCase()
  );
}

/** The contract is signed, and the fee paid (or nothing was due): staff may mark the pet adopted. */
export const papersComplete = (papers: PapersRow) => papers.signedAt !== null && feeSettled(papers);

export interface FeeQuote {
  petFeeCents: number;
  sponsoredCents: number;
  dueCents: number;
}

export async function feeQuote(context: AppLoadContext, pet: Pick<Pet, "id" | "adoptionFee">): Promise<FeeQuote> {
  const sponsoredCents = await sponsoredFeeCents(context.db, pet.id);
  return {
    petFeeCents: Math.max(0, Math.round(pet.adoptionFee * 100)),
    sponsoredCents,
    dueCents: feeDueCents(pet.adoptionFee, sponsoredCents, false),
  };
}

export const money = (cents: number, locale: Locale) => formatMoney(cents, shelter.giving.currency, locale);

const randomId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
};

/** The contract's words for this application, in `locale`, dated `now` (what the adopter reads and signs). */
export async function contractFor(
  context: AppLoadContext,
  application: Application,
  papers: PapersRow,
  locale: Locale,
  now: Date,
) {
  const pet = await getPet(context.db, application.pet.id);
  const i18n = i18nFor(locale);
  const texts = adoptionPapersTexts[locale];
  const answers = application.application.answers;
  const address = [answers.street, answers.city, [answers.region, answers.postalCode].filter(Boolean).join(" ")]
    .filter((part) => part && part.trim())
    .join(", ");
  const text = fillContract(texts.contract, {
    adopterName: answers.fullName?.trim() || `${application.applicant.firstName} ${application.applicant.lastName}`,
    adopterAddress: address || "-",
    petName: application.pet.name,
    species: pet ? displayLabelIn(i18n, pet.species) : application.pet.species,
    breed: pet ? displayListIn(i18n, pet.breed) || "-" : "-",
    sex: pet?.sex ? displayLabelIn(i18n, pet.sex) : "-",
    age: pet ? formatAgeIn(i18n, pet.ageMonths) : "-",
    fee: money(papers.feeCents, locale),
    date: formatDate(now, { locale }),
    shelterName: shelter.name,
    shelterAddress: formatAddress(),
    shelterPhone: shelter.phone,
  });
  return { title: texts.contractTitle, text, consentTitle: texts.consentTitle, consent: texts.consent };
}

/** The names a signature may type: the application's full name and the account's first and last name. */
export function acceptedNames(application: Application): string[] {
  const { applicant } = application;
  return [application.application.answers.fullName ?? "", `${applicant.firstName} ${applicant.lastName}`];
}

const checkoutPath = (applicationId: number) => `/applications/${applicationId}/checkout`;
export const contractPath = (papersId: number) => `/papers/${papersId}/contract`;

/**
 * Staff send the papers on an approved application whose pet is held for its applicant: the fee due is
 * the pet's fee less what sponsors paid, or 0 when waived (with the reason). The adopter is e-mailed.
 */
export async function sendAdoptionPapers(
  context: AppLoadContext,
  application: Application,
  { staffId, waivedReason, origin }: { staffId: number; waivedReason: string | null; origin: string },
): Promise<"sent" | "exists" | "refused"> {
  const pet = await getPet(context.db, application.pet.id);
  if (!pet) return "refused";
  const quote = await feeQuote(context, pet);
  const feeCents = waivedReason ? 0 : quote.dueCents;
  const outcome = await sendPapers(context.db, {
    documentId: randomId(),
    applicationId: application.application.id,
    petId: pet.id,
    feeCents,
    feeWaivedReason: waivedReason,
    sentBy: staffId,
    now: new Date(),
  });
  if (outcome === "sent") {
    const { applicant } = application;
    const locale = accountLocale(applicant.language);
    sendAfterResponse(
      context,
      papersSentMessage(
        applicant.email,
        applicant.firstName,
        pet.name,
        feeCents,
        shelter.giving.currency,
        locale,
        `${origin}${localizedPath(checkoutPath(application.application.id), locale)}`,
        i18nFor(locale),
      ),
    );
  }
  return outcome;
}

export interface Signer {
  id: number;
  email: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The adopter signs (the route checked who they are and what they typed): the contract's text is
 * filled now and hashed, made a PDF with the signature block and the signing record, stored in
 * PAPERS, and recorded in one D1 batch. If the batch fails or refuses (signed already, closed, moved
 * on), the stored file is removed again: no half-signed state stays.
 */
export async function signContract(
  context: AppLoadContext,
  application: Application,
  papers: PapersRow,
  { signer, typedName, locale, now = new Date() }: { signer: Signer; typedName: string; locale: Locale; now?: Date },
): Promise<"signed" | "refused"> {
  if (papers.signedAt !== null || !papersOpen(papers, application)) return "refused";
  const i18n = i18nFor(locale);
  const contract = await contractFor(context, application, papers, locale, now);
  const signedText = `${contract.title}\n\n${contract.text}`;
  const textHash = await sha256Hex(signedText);
  const when = formatDate(now, { locale, time: true });
  const sent = formatDate(papers.sentAt, { locale, time: true });
  const { makeContractPdf } = await import("./contract-pdf.server");
  const pdf = await makeContractPdf(
    {
      title: contract.title,
      text: contract.text,
      signature: {
        heading: i18n._("Signature"),
        lines: [
          typedName,
          i18n._("Signed electronically by typing the name above, on {when} (shelter time).", { when }),
        ],
      },
      record: {
        heading: i18n._("Record of the electronic signature"),
        lines: [
          [i18n._("Document id"), papers.documentId],
          [i18n._("SHA-256 of the signed text"), textHash],
          [i18n._("E-sign consent version"), consentVersion],
          [i18n._("Signer's confirmed e-mail"), signer.email],
          [i18n._("Network address"), signer.ip ?? "-"],
          [i18n._("Browser"), signer.userAgent ?? "-"],
          [i18n._("Papers sent"), `${sent} (${papers.sentAt.toISOString()})`],
          [i18n._("Consent given and contract signed"), `${when} (${now.toISOString()})`],
        ],
      },
    },
    now,
  );
  const fileKey = `contracts/${papers.documentId}-${randomId()}.pdf`;
  const fileSha256 = await sha256Hex(pdf);
  await context.papers.put(fileKey, pdf, {
    httpMetadata: { contentType: "application/pdf" },
    sha256: fileSha256,
  });
  let outcome: "signed" | "refused";
  try {
    outcome = await recordElectronicSignature(context.db, {
      papersId: papers.id,
      applicationId: application.application.id,
      signedName: typedName,
      signedTextSha256: textHash,
      fileKey,
      fileSha256,
      consentVersion,
      signerEmail: signer.email,
      signerIp: signer.ip,
      signerUserAgent: signer.userAgent,
      signerId: signer.id,
      at: now,
      note: i18nFor(accountLocale(shelter.inboxLanguage))._("Contract signed electronically by {name}.", {
        name: typedName,
      }),
    });
  } catch (error) {
    await context.papers.delete(fileKey).catch(() => undefined);
    throw error;
  }
  if (outcome === "refused") await context.papers.delete(fileKey).catch(() => undefined);
  return outcome;
}

/** Whether the stored file is still the one recorded: its SHA-256 computed again now. */
export async function storedFileCheck(
  context: AppLoadContext,
  papers: PapersRow,
): Promise<"matches" | "differs" | "missing"> {
  if (!papers.fileKey || !papers.fileSha256) return "missing";
  const object = await context.papers.get(papers.fileKey);
  if (!object) return "missing";
  const hash = await sha256Hex(new Uint8Array(await object.arrayBuffer()));
  return hash === papers.fileSha256 ? "matches" : "differs";
}

/** Staff record a contract signed on paper: its scan stored as the e-signed file is. */
export async function recordPaperContract(
  context: AppLoadContext,
  papers: PapersRow,
  scan: File,
  staffId: number,
): Promise<"signed" | "refused"> {
  if (papers.signedAt !== null || papers.closedAt !== null) return "refused";
  const stored = await storeScan(context, papers.documentId, scan);
  const outcome = await recordPaperSignature(context.db, {
    papersId: papers.id,
    ...stored,
    recordedBy: staffId,
    at: new Date(),
  }).catch(async (error: unknown) => {
    await context.papers.delete(stored.fileKey).catch(() => undefined);
    throw error;
  });
  if (outcome === "refused") await context.papers.delete(stored.fileKey).catch(() => undefined);
  return outcome;
}

async function storeScan(context: AppLoadContext, documentId: string, scan: File) {
  const bytes = new Uint8Array(await scan.arrayBuffer());
  const fileSha256 = await sha256Hex(bytes);
  const extension = scan.type === "application/pdf" ? "pdf" : (scan.type.split("/")[1] ?? "bin");
  const fileKey = `scans/${documentId}-${randomId()}.${extension}`;
  await context.papers.put(fileKey, bytes, { httpMetadata: { contentType: scan.type }, sha256: fileSha256 });
  return { fileKey, fileType: scan.type, fileSha256 };
}

/** A walk-in adoption (no application): staff record the paper contract's scan from the pet's page. */
export async function recordWalkIn(context: AppLoadContext, pet: Pet, scan: File, staffId: number) {
  const documentId = randomId();
  const stored = await storeScan(context, documentId, scan);
  try {
    await recordWalkInPapers(context.db, {
      documentId,
      petId: pet.id,
      feeCents: Math.max(0, Math.round(pet.adoptionFee * 100)),
      ...stored,
      recordedBy: staffId,
      at: new Date(),
    });
  } catch (error) {
    await context.papers.delete(stored.fileKey).catch(() => undefined);
    throw error;
  }
}

/** Staff record the fee paid at the desk; the adopter gets the receipt. */
export async function recordPickUpPayment(
  context: AppLoadContext,
  application: Application,
  papers: PapersRow,
  payment: { method: DeskPaymentMethod; receiptNumber: string; staffId: number },
): Promise<"paid" | "refused"> {
  const at = new Date();
  const outcome = await recordDeskPayment(context.db, {
    papersId: papers.id,
    method: payment.method,
    receiptNumber: payment.receiptNumber,
    by: payment.staffId,
    at,
  });
  if (outcome === "paid") {
    const { applicant, pet } = application;
    const locale = accountLocale(applicant.language);
    sendAfterResponse(
      context,
      feeReceiptMessage(
        applicant.email,
        applicant.firstName,
        pet.name,
        {
          feeCents: papers.feeCents,
          giftCents: 0,
          currency: shelter.giving.currency,
          paidAt: at,
          method: payment.method,
          receiptNumber: payment.receiptNumber,
        },
        locale,
        i18nFor(locale),
      ),
    );
  }
  return outcome;
}

/**
 * "Pay $N now": one Checkout Session with the fee and, if the adopter adds one, a gift line. Nothing is
 * recorded here: only the provider's signed webhook records the payment.
 */
export async function startFeeCheckout(
  context: AppLoadContext,
  application: Application,
  papers: PapersRow,
  { giftCents, locale, origin }: { giftCents: number; locale: Locale; origin: string },
): Promise<{ url: string } | "unavailable"> {
  const payments = paymentsOf(context.config);
  if (!payments) return "unavailable";
  const i18n = i18nFor(locale);
  const { applicant, pet } = application;
  const here = `${origin}${localizedPath(checkoutPath(application.application.id), locale)}`;
  const session = await payments.startCheckout({
    mode: "payment",
    amountCents: papers.feeCents,
    currency: shelter.giving.currency,
    description: i18n._("Adoption fee of {petName}", { petName: pet.name }),
    extraLines:
      giftCents > 0 ? [{ amountCents: giftCents, description: i18n._("Gift to {name}", { name: shelter.name }) }] : [],
    customerEmail: applicant.email,
    locale,
    successUrl: `${here}?paid=1`,
    cancelUrl: here,
    metadata: {
      purpose: "adoption_fee",
      papers: String(papers.id),
      application: String(application.application.id),
      fee: String(papers.feeCents),
      gift: String(giftCents),
      name: `${applicant.firstName} ${applicant.lastName}`.trim(),
      email: applicant.email,
      user: String(applicant.id),
      lang: locale,
    },
  });
  await noteCheckoutSession(context.db, papers.id, session.id);
  return { url: session.url };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * The provider's checkout.session.completed for an adoption fee: the fee (and the gift line, as a gift
 * of the general fund) recorded with the event's id in one batch; one receipt e-mail with both lines.
 * The amounts come from the provider's session: the fee and gift of the metadata must add up to it.
 */
export async function handleFeeSession(
  context: AppLoadContext,
  event: { id: string; type: string; created: number },
  session: Stripe.Checkout.Session,
): Promise<"recorded" | "replayed" | "ignored"> {
  const { db } = context;
  const seen = { id: event.id, type: event.type };
  const metadata = session.metadata ?? {};
  const papersId = /^\d{1,9}$/.test(metadata.papers ?? "") ? Number(metadata.papers) : null;
  const feeCents = Number(metadata.fee);
  const giftCents = Number(metadata.gift ?? "0");
  const papers = papersId ? await papersById(db, papersId) : undefined;
  const ignore = async () => ((await recordIgnoredEvent(db, seen)) === "replayed" ? "replayed" : "ignored");
  if (
    !papers ||
    session.payment_status !== "paid" ||
    !Number.isSafeInteger(feeCents) ||
    !Number.isSafeInteger(giftCents) ||
    feeCents !== papers.feeCents ||
    session.amount_total !== feeCents + giftCents ||
    feeSettled(papers)
  )
    return ignore();
  const at = new Date(event.created * 1000);
  const email = metadata.email || session.customer_details?.email || session.customer_email || "";
  const language = accountLocale(metadata.lang);
  const gift =
    giftCents > 0
      ? {
          checkoutSessionId: session.id,
          kind: "one_time" as const,
          amountCents: giftCents,
          currency: session.currency ?? shelter.giving.currency,
          fund: "general" as const,
          petId: null,
          donorName: (metadata.name ?? "").slice(0, 100),
          donorEmail: email.slice(0, 254),
          language,
          userId: /^\d{1,9}$/.test(metadata.user ?? "") ? Number(metadata.user) : null,
          dedication: null,
          dedicationName: null,
          dedicationEmail: null,
          subscriptionId: null,
          paymentIntentId: null,
        }
      : null;
  const outcome = await recordOnlineFee(
    db,
    seen,
    {
      papersId: papers.id,
      checkoutSessionId: session.id,
      paymentIntentId: idOf(session.payment_intent),
      feeCents,
      giftCents,
      at,
    },
    gift,
  );
  if (outcome === "recorded" && email) {
    const petName = papers.petId ? ((await getPet(db, papers.petId))?.name ?? "") : "";
    sendAfterResponse(
      context,
      feeReceiptMessage(
        email,
        metadata.name ?? "",
        petName,
        {
          feeCents,
          giftCents,
          currency: session.currency ?? shelter.giving.currency,
          paidAt: at,
          method: "online",
          receiptNumber: null,
        },
        language,
        i18nFor(language),
      ),
    );
  }
  return outcome;
}

/**
 * The go-home part of the adoption e-mail, when the adoption came with papers: the contract's link,
 * the fee's receipt line and the first-week guide. Null when there were no papers.
 */
export async function goHomeText(
  context: AppLoadContext,
  applicationId: number,
  petName: string,
  locale: Locale,
  origin: string,
): Promise<string | null> {
  const papers = await papersOfApplication(context.db, applicationId);
  if (!papers) return null;
  const i18n = i18nFor(locale);
  const receipt =
    papers.feeCents === 0
      ? i18n._("none due")
      : papers.feePaidAt && papers.feePaidMethod
        ? `${money(papers.feePaidCents ?? papers.feeCents, locale)}, ${paymentMethodName(i18n, papers.feePaidMethod)}, ${formatDate(papers.feePaidAt, { locale })}${papers.feeReceiptNumber ? ` (${papers.feeReceiptNumber})` : ""}`
        : null;
  return goHomeBlock(
    i18n,
    petName,
    papers.fileKey ? `${origin}${contractPath(papers.id)}` : null,
    receipt,
    adoptionPapersTexts[locale].firstWeekGuide,
  );
}

export { papersById, papersOfApplication };
