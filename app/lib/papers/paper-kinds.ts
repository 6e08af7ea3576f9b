/** How an adoption fee was paid (decision 070): online through the provider, or at the desk. */
export const feePaymentMethods = ["online", "cash", "check", "card"] as const;
export type FeePaymentMethod = (typeof feePaymentMethods)[number];

/** The methods staff record at the desk ("Pay at pick-up"). */
export const deskPaymentMethods = ["cash", "check", "card"] as const;
export type DeskPaymentMethod = (typeof deskPaymentMethods)[number];

/** How the contract was signed: typed name with e-sign consent, or on paper (a scan uploaded by staff). */
export const signingMethods = ["electronic", "paper"] as const;
export type SigningMethod = (typeof signingMethods)[number];

/** What the fee's state is read from (a papers row). */
interface FeeState {
  feeCents: number;
  feePaidAt: Date | null;
  feeRefundedAt: Date | null;
}

/** The provider refunded the fee's payment, and it was not paid again since (decision 070, amended). */
export const feeRefunded = (papers: FeeState) =>
  papers.feeRefundedAt !== null && (papers.feePaidAt === null || papers.feeRefundedAt >= papers.feePaidAt);

/** Nothing is owed: no fee, or the fee paid and not refunded since. */
export const feeSettled = (papers: FeeState) =>
  papers.feeCents === 0 || (papers.feePaidAt !== null && !feeRefunded(papers));
