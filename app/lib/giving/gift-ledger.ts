import { giftFunds, giftKinds } from "#app/lib/giving/gift-kinds";

/** The staff ledger's filters from its address (decision 065): a month (YYYY-MM), a fund, a kind; anything else is no filter. */
export function ledgerFiltersOf(params: URLSearchParams) {
  const month = params.get("month") ?? "";
  const fund = params.get("fund") ?? "";
  const kind = params.get("kind") ?? "";
  return {
    month: /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null,
    fund: (giftFunds as readonly string[]).includes(fund) ? (fund as (typeof giftFunds)[number]) : null,
    kind: (giftKinds as readonly string[]).includes(kind) ? (kind as (typeof giftKinds)[number]) : null,
  };
}

/** A payment's state as the ledger shows it: refunded, refund asked, or paid; a monthly gift's own state beside it. */
export function paymentState(payment: {
  refundedAt: Date | null;
  refundRequestedAt: Date | null;
}): "refunded" | "refund-requested" | "paid" {
  if (payment.refundedAt) return "refunded";
  return payment.refundRequestedAt ? "refund-requested" : "paid";
}
