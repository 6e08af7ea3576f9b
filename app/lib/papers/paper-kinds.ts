/** How an adoption fee was paid (decision 070): online through the provider, or at the desk. */
export const feePaymentMethods = ["online", "cash", "check", "card"] as const;
export type FeePaymentMethod = (typeof feePaymentMethods)[number];

/** The methods staff record at the desk ("Pay at pick-up"). */
export const deskPaymentMethods = ["cash", "check", "card"] as const;
export type DeskPaymentMethod = (typeof deskPaymentMethods)[number];

/** How the contract was signed: typed name with e-sign consent, or on paper (a scan uploaded by staff). */
export const signingMethods = ["electronic", "paper"] as const;
export type SigningMethod = (typeof signingMethods)[number];
