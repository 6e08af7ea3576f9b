import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormAlert } from "#app/components/ui/form-alert";
import { giftFunds, giftKinds } from "#app/lib/giving/gift-kinds";
import { ledgerFiltersOf, paymentState } from "#app/lib/giving/gift-ledger";
import { formatMoney, providerDownMessage } from "#app/lib/giving/gift-schema";
import { languageTag, localeOfPath, localizedPath } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { clientAddress } from "#app/lib/accounts/rate-limits";
import { readFormData } from "#app/lib/http/request";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { i18nOf } from "#app/locales/catalogs.server";
import { giftById, ledgerTotals, listLedger, noteRefundRequest, paymentById } from "#app/models/gifts.server";
import { recordSecurityEvent } from "#app/models/security-events.server";
import { requireStaff } from "#app/services/auth.server";
import { PaymentProviderUnavailable, paymentsOf } from "#app/services/payments.server";

export const meta = routeMeta;

const fundLabels = { general: msg`General fund`, medical: msg`Medical fund`, pet_fee: msg`Adoption fee` } as const;
const stateLabels = { paid: msg`Paid`, refunded: msg`Refunded`, "refund-requested": msg`Refund asked` } as const;

/**
 * The gift ledger (decision 065), for staff who may read gifts (admins and owners): every payment of
 * every gift with its donor, fund, dedication and pet, filters, totals by month and fund, the CSV, and
 * a refund with a reason (asked of the provider here; recorded when its webhook comes).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireStaff(context, request, "read:gifts");
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const language = languageTag[locale];
  const i18n = i18nOf(request);
  const filters = ledgerFiltersOf(url.searchParams);
  const [entries, totals] = await Promise.all([listLedger(context.db, filters), ledgerTotals(context.db)]);
  return {
    meta: { title: i18n._(msg`Gifts`), description: i18n._(msg`Every gift, its donor and its state.`) },
    filters,
    mayRefund: viewer.role === "owner" || viewer.role === "admin",
    csv: `/petadmin/donations.csv${url.search}`,
    totals: totals.map((row) => ({
      month: row.month,
      fund: i18n._(fundLabels[row.fund]),
      amount: formatMoney(row.cents, row.currency, language),
      count: row.count,
    })),
    entries: entries.map(({ payment, gift, petName }) => ({
      id: payment.id,
      when: staffDateIn(locale, payment.paidAt),
      donor: gift.donorName,
      email: gift.donorEmail,
      amount: formatMoney(payment.amountCents, payment.currency, language),
      fund: i18n._(fundLabels[gift.fund]),
      pet: petName,
      dedication:
        gift.dedication && gift.dedicationName
          ? gift.dedication === "memory"
            ? i18n._(msg`In memory of ${gift.dedicationName}`)
            : i18n._(msg`In honor of ${gift.dedicationName}`)
          : "",
      kind:
        gift.kind === "monthly"
          ? gift.endedAt
            ? i18n._(msg`Monthly, ended`)
            : i18n._(msg`Monthly, active`)
          : i18n._(msg`One-time`),
      state: i18n._(stateLabels[paymentState(payment)]),
      refundable: paymentState(payment) === "paid" && payment.paymentIntentId !== null,
      reason: payment.refundReason,
    })),
  };
}

const refundReasonMessage = /*i18n*/ "Give a reason for the refund (up to 200 characters).";

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireStaff(context, request, "refund:gifts");
  const formData = await readFormData(request);
  const id = Number(formData.get("payment"));
  const reason = String(formData.get("reason") ?? "").trim();
  if (!Number.isSafeInteger(id) || id < 1) return data({ error: refundReasonMessage, payment: 0 }, { status: 400 });
  if (!reason || reason.length > 200) return data({ error: refundReasonMessage, payment: id }, { status: 400 });
  const payment = await paymentById(context.db, id);
  const gift = payment ? await giftById(context.db, payment.giftId) : undefined;
  if (!payment || !gift || !payment.paymentIntentId || paymentState(payment) !== "paid")
    throw new Response("Not found", { status: 404 });
  const payments = paymentsOf(context.config);
  if (!payments) return data({ error: providerDownMessage, payment: id }, { status: 503 });
  try {
    await payments.refund(payment.paymentIntentId, { reason, gift: String(gift.id), by: String(viewer.id) });
  } catch (error) {
    if (error instanceof PaymentProviderUnavailable)
      return data({ error: providerDownMessage, payment: id }, { status: 503 });
    throw error;
  }
  await noteRefundRequest(context.db, payment.id, viewer.id, reason);
  await recordSecurityEvent(context.db, {
    kind: "gift-refund-requested",
    user: { id: gift.userId, email: gift.donorEmail },
    actor: { id: viewer.id, email: viewer.email },
    address: clientAddress(request),
    detail: `${formatMoney(payment.amountCents, payment.currency, "en")} (payment ${payment.id}): ${reason}`,
  });
  const url = new URL(request.url);
  return redirect(`${localizedPath("/petadmin/donations", localeOfPath(url.pathname))}${url.search}`, 303);
}

export default function Donations() {
  const { filters, totals, entries, csv, mayRefund } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useLingui();
  return (
    <>
      <h1>
        <Trans>Gifts</Trans>
      </h1>
      <Form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="ledger-month">{t`Month`}</label>
          <input id="ledger-month" name="month" type="month" defaultValue={filters.month ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="ledger-fund">{t`Fund`}</label>
          <select id="ledger-fund" name="fund" defaultValue={filters.fund ?? ""}>
            <option value="">{t`Every fund`}</option>
            {giftFunds.map((fund) => (
              <option key={fund} value={fund}>
                {i18n._(fundLabels[fund])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ledger-kind">{t`Kind`}</label>
          <select id="ledger-kind" name="kind" defaultValue={filters.kind ?? ""}>
            <option value="">{t`One-time and monthly`}</option>
            {giftKinds.map((kind) => (
              <option key={kind} value={kind}>
                {kind === "monthly" ? t`Monthly` : t`One-time`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          <Trans>Filter</Trans>
        </button>
        <a href={csv} className="button" download>
          <Trans>Download CSV</Trans>
        </a>
      </Form>
      <h2>
        <Trans>Totals by month and fund</Trans>
      </h2>
      {totals.length === 0 ? (
        <p>
          <Trans>No gifts yet.</Trans>
        </p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t`Month`}</th>
                <th scope="col">{t`Fund`}</th>
                <th scope="col">{t`Payments`}</th>
                <th scope="col">{t`Total`}</th>
              </tr>
            </thead>
            <tbody>
              {totals.map((row) => (
                <tr key={`${row.month}-${row.fund}`}>
                  <td>{row.month}</td>
                  <td>{row.fund}</td>
                  <td>{row.count}</td>
                  <td>{row.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>
        <Trans>Every gift</Trans>
      </h2>
      <FormAlert messages={actionData?.error ? [actionData.error] : []} />
      <ul className="ledger">
        {entries.map((entry) => (
          <li key={entry.id} className="panel ledger__entry">
            <p>
              <strong>{entry.amount}</strong> · {entry.kind} · {entry.state}
            </p>
            <p>
              {entry.donor} ({entry.email}) · {entry.when}
            </p>
            <p>
              {entry.fund}
              {entry.pet ? ` · ${entry.pet}` : ""}
              {entry.dedication ? ` · ${entry.dedication}` : ""}
            </p>
            {entry.reason ? (
              <p>
                <Trans>Refund reason: {entry.reason}</Trans>
              </p>
            ) : null}
            {mayRefund && entry.refundable ? (
              <Form method="post" className="ledger__refund">
                <input type="hidden" name="payment" value={entry.id} />
                <div className="field">
                  <label htmlFor={`refund-${entry.id}`}>{t`Reason for a refund`}</label>
                  <input id={`refund-${entry.id}`} name="reason" maxLength={200} required />
                </div>
                <button type="submit" className="button">
                  <Trans>Refund</Trans>
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
