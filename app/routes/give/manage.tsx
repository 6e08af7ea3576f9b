import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PageBanner } from "#app/components/page-banner";
import { FormAlert } from "#app/components/ui/form-alert";
import { formatMoney, providerDownMessage } from "#app/lib/giving/gift-schema";
import { isGiftManageToken } from "#app/lib/giving/gift-tokens";
import { languageTag, localeOfPath, localizedPath, localeOf } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { readFormData } from "#app/lib/http/request";
import { i18nOf } from "#app/locales/catalogs.server";
import { giftById } from "#app/models/gifts.server";
import { PaymentProviderUnavailable, paymentsOf } from "#app/services/payments.server";

export const meta = routeMeta;

export const headers = () => ({ "Cache-Control": "private, no-store" });

/** The monthly gift a receipt's link names, when its signed token is right; null for anything else. */
async function linkedGift(secret: string | null, gift: unknown, token: unknown): Promise<number | null> {
  if (!secret || typeof gift !== "string" || typeof token !== "string" || !/^\d{1,9}$/.test(gift) || token.length > 100)
    return null;
  return (await isGiftManageToken(Number(gift), token, secret)) ? Number(gift) : null;
}

/**
 * A monthly gift's page, opened from its receipt without an account (decision 065): what it is, and
 * one button that stops it. Opening it changes nothing (mail scanners open links). The button cancels
 * the provider's subscription; the gift ends on our side when the provider's webhook says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const meta = { title: i18n._(msg`Your monthly gift`), description: i18n._(msg`See or stop your monthly gift.`) };
  const id = await linkedGift(context.config.alertTokenSecret, params.get("gift"), params.get("token"));
  const gift = id === null ? undefined : await giftById(context.db, id);
  if (!gift || gift.kind !== "monthly") return { meta, gift: null, gave: "", token: "" };
  return {
    meta,
    gift: {
      id: gift.id,
      amount: formatMoney(gift.amountCents, gift.currency, languageTag[locale]),
      fund: gift.fund,
      ended: gift.endedAt !== null || params.has("stopped"),
    },
    gave: new Intl.DateTimeFormat(languageTag[locale], { dateStyle: "long" }).format(gift.createdAt),
    token: params.get("token") ?? "",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const url = new URL(request.url);
  const id = await linkedGift(context.config.alertTokenSecret, formData.get("gift"), formData.get("token"));
  const gift = id === null ? undefined : await giftById(context.db, id);
  if (!gift || gift.kind !== "monthly" || !gift.subscriptionId)
    throw new Response(i18nOf(request)._(msg`This link is not valid.`), { status: 400 });
  const payments = paymentsOf(context.config);
  if (!payments) return data({ error: providerDownMessage }, { status: 503 });
  if (gift.endedAt === null) {
    try {
      await payments.cancelSubscription(gift.subscriptionId);
    } catch (error) {
      if (error instanceof PaymentProviderUnavailable) return data({ error: providerDownMessage }, { status: 503 });
      throw error;
    }
  }
  return redirect(
    `${localizedPath("/donate/manage", localeOfPath(url.pathname))}?gift=${gift.id}&token=${encodeURIComponent(String(formData.get("token")))}&stopped`,
    303,
  );
}

export default function ManageGift() {
  const { gift, gave, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useLingui();
  const amount = gift?.amount ?? "";
  return (
    <>
      <PageBanner title={t`Your monthly gift`} lead={t`Thank you for giving every month.`} />
      <section className="section container">
        {!gift ? (
          <p role="alert">
            <Trans>This link is not valid. Please use the link in your latest receipt, or write to us.</Trans>
          </p>
        ) : gift.ended ? (
          <div className="notice" role="status">
            <p>
              <Trans>
                Your monthly gift of <strong>{amount}</strong> has stopped. Nothing more will be charged.
              </Trans>
            </p>
          </div>
        ) : (
          <>
            <p>
              <Trans>
                You give <strong>{amount}</strong> every month, since {gave}.
              </Trans>
            </p>
            <FormAlert messages={actionData?.error ? [actionData.error] : []} />
            <Form method="post" reloadDocument>
              <input type="hidden" name="gift" value={gift.id} />
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="button">
                <Trans>Stop my monthly gift</Trans>
              </button>
            </Form>
          </>
        )}
      </section>
    </>
  );
}
