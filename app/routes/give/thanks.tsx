import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { PageBanner } from "#app/components/page-banner";
import { formatMoney } from "#app/lib/giving/money";
import { languageTag, localeOfPath, localizedPath } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { i18nOf } from "#app/locales/catalogs.server";
import { giftBySession } from "#app/models/gifts.server";
import { PaymentProviderUnavailable, paymentsOf } from "#app/services/payments.server";

export const meta = routeMeta;

/** Never cached: it reads one visitor's payment. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

/**
 * Back from the payment provider (decision 065). It records nothing (its address can be forged): it
 * shows the gift the webhook recorded, or, while the webhook has not come, the session's own amount as
 * "we are confirming your payment". A session that was not paid goes back to the form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const i18n = i18nOf(request);
  const meta = { title: i18n._(msg`Thank you`), description: i18n._(msg`Your gift to the animals in our care.`) };
  const sessionId = url.searchParams.get("session_id") ?? "";
  const back = localizedPath("/donate", locale);
  if (!/^cs_[\w]{1,200}$/.test(sessionId)) throw redirect(back);
  const recorded = await giftBySession(context.db, sessionId);
  if (recorded) {
    return {
      meta,
      state: "recorded" as const,
      amount: formatMoney(recorded.amountCents, recorded.currency, languageTag[locale]),
      monthly: recorded.kind === "monthly",
    };
  }
  const payments = paymentsOf(context.config);
  if (!payments) throw redirect(back);
  try {
    const session = await payments.readCheckout(sessionId);
    if (!session || session.metadata.purpose !== "gift") throw redirect(back);
    if (session.status !== "complete" || session.paymentStatus !== "paid") throw redirect(`${back}?cancelled=1`);
    const amount =
      session.amountTotal !== null && session.currency
        ? formatMoney(session.amountTotal, session.currency, languageTag[locale])
        : "";
    return { meta, state: "confirming" as const, amount, monthly: session.mode === "subscription" };
  } catch (error) {
    if (error instanceof PaymentProviderUnavailable)
      return data({ meta, state: "unknown" as const, amount: "", monthly: false }, { status: 503 });
    throw error;
  }
}

export default function DonateThanks() {
  const { state, amount, monthly } = useLoaderData<typeof loader>();
  const href = useLocalePath();
  const { t } = useLingui();
  return (
    <>
      <PageBanner
        title={state === "unknown" ? t`We are checking your gift` : t`Thank you`}
        lead={t`Every gift goes to the animals in our care.`}
      />
      <section className="section container">
        {state === "recorded" ? (
          <div className="notice notice--success" role="status">
            <p>
              {monthly ? (
                <Trans>
                  Thank you for your monthly gift of <strong>{amount}</strong>. A receipt is on its way to your inbox.
                </Trans>
              ) : (
                <Trans>
                  Thank you for your gift of <strong>{amount}</strong>. A receipt is on its way to your inbox.
                </Trans>
              )}
            </p>
          </div>
        ) : state === "confirming" ? (
          <div className="notice" role="status">
            <p>
              <Trans>
                Thank you! We are confirming your payment of <strong>{amount}</strong> with our payment provider; your
                receipt comes by email as soon as it is confirmed.
              </Trans>
            </p>
          </div>
        ) : (
          <div className="notice" role="status">
            <p>
              <Trans>
                We could not check your payment just now. If it went through, your receipt comes by email; please do not
                pay again.
              </Trans>
            </p>
          </div>
        )}
        <p>
          <Link to={href("/adopt")}>
            <Trans>Meet the animals your gift helps</Trans>
          </Link>
        </p>
      </section>
    </>
  );
}
