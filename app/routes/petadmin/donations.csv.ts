import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvField } from "#app/lib/http/csv";
import { ledgerFiltersOf, paymentState } from "#app/lib/giving/gift-ledger";
import { listLedger } from "#app/models/gifts.server";
import { requireStaff } from "#app/services/auth.server";

/** The gift ledger as CSV (decision 065), with the page's filters; every field formula-safe (app/lib/http/csv.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:gifts");
  const entries = await listLedger(context.db, ledgerFiltersOf(new URL(request.url).searchParams), 100_000);
  const header =
    "paid_at,amount,currency,kind,fund,pet,donor_name,donor_email,dedication,dedication_name,state,refund_reason,gift_ended_at";
  const lines = entries.map(({ payment, gift, petName }) =>
    [
      payment.paidAt.toISOString(),
      (payment.amountCents / 100).toFixed(2),
      payment.currency,
      gift.kind,
      gift.fund,
      petName ?? "",
      gift.donorName,
      gift.donorEmail,
      gift.dedication ?? "",
      gift.dedicationName ?? "",
      paymentState(payment),
      payment.refundReason ?? "",
      gift.endedAt?.toISOString() ?? "",
    ]
      .map(csvField)
      .join(","),
  );
  return new Response(`${[header, ...lines].join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="gifts.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
