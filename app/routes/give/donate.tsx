import { type LoaderFunctionArgs, data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useLocale } from "#app/components/locale";
import { HoneypotField } from "#app/components/honeypot";
import { PageBanner } from "#app/components/page-banner";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { Field, FieldGroup, SelectField } from "#app/components/ui/field";
import { FormAlert } from "#app/components/ui/form-alert";
import { useServerForm } from "#app/components/ui/use-server-form";
import { donationPresets } from "#app/config/donation-presets";
import { shelter } from "#app/config/shelter";
import { shelterText } from "#app/config/shelter-es";
import { shelterPages } from "#app/config/shelter-pages";
import { languageTag, localeOfPath, localizedPath } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { formErrorsOf, serverField } from "#app/lib/forms/form-constraint";
import { giftChoicesOf, giftDollars, giftSchema, providerDownMessage } from "#app/lib/giving/gift-schema";
import { formatMoney } from "#app/lib/giving/money";
import { sponsorablePet, sponsorDollarsLeft, type SponsorablePet } from "#app/lib/giving/pet-fee";
import { isHoneypotFilled } from "#app/lib/forms/honeypot";
import { clientAddress, limits, retryAfterHeaders, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { minutesIn } from "#app/lib/i18n/intl";
import { readFormData } from "#app/lib/http/request";
import { tryWrite } from "#app/lib/http/storage-error";
import { i18nOf } from "#app/locales/catalogs.server";
import type { Database } from "#app/db/client.server";
import { sponsoredFeeCents } from "#app/models/gifts.server";
import { getPublishedPet } from "#app/models/pets.server";
import { hitRateLimit } from "#app/models/rate-limits.server";
import { PaymentProviderUnavailable, paymentsOf } from "#app/services/payments.server";

export const meta = routeMeta;

/** The 429 of too many gifts from one network keeps its Retry-After. */
export const headers = retryAfterHeaders;

/** The pet whose adoption fee a gift sponsors (`?fund=pet_fee&pet=ID`), or null when it cannot be sponsored. */
async function petToSponsor(db: Database, id: number | string | undefined): Promise<SponsorablePet | null> {
  const petId = Number(id);
  if (!Number.isInteger(petId) || petId <= 0) return null;
  const pet = await getPublishedPet(db, petId);
  return pet ? sponsorablePet(pet, await sponsoredFeeCents(db, pet.id)) : null;
}

const notConfiguredMessage =
  /*i18n*/ "Giving online is not available just now. Nothing was charged; please call or write to us.";

/**
 * The gift form (decision 065). Its address may carry the home panel's amount (`?amount=50`) or the
 * choices kept after a cancelled payment (`?cancelled=1&…`); the page is the same for every visitor,
 * so it stays cacheable at the edge (decision 019).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const i18n = i18nOf(request);
  const name = shelter.name;
  const area = shelterText(shelter.area, localeOfPath(url.pathname));
  const meta = {
    title: i18n._(msg`Donate`),
    description: i18n._(msg`Give to ${name}: food, shelter and medical care for cats and dogs in ${area}.`),
  };
  const choices = giftChoicesOf(url.searchParams);
  // A pet's page links here to sponsor its fee; a pet whose fee cannot be sponsored gives the general form.
  const pet = choices.pet ? await petToSponsor(context.db, choices.pet) : null;
  const language = languageTag[localeOfPath(url.pathname)];
  return {
    meta,
    choices: pet ? choices : { ...choices, fund: choices.fund === "pet_fee" ? "general" : choices.fund, pet: "" },
    sponsor: pet
      ? {
          id: pet.id,
          name: pet.name,
          left: formatMoney(pet.leftCents, shelter.giving.currency, language),
          dollarsLeft: sponsorDollarsLeft(pet),
        }
      : null,
    cancelled: url.searchParams.has("cancelled"),
    constraint: getZodConstraint(giftSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const i18n = i18nOf(request);
  if (isHoneypotFilled(formData)) return redirect(localizedPath("/donate", locale));
  const submission = parseWithZod(formData, { schema: giftSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const gift = submission.value;
  const dollars = giftDollars(gift.amount, gift.custom)!;
  const refuse = (status: number, message: string) =>
    data({ result: submission.reply({ formErrors: [message] }) }, { status });
  // A sponsor gives up to what is left of the pet's fee, and only while the pet waits for a home.
  const sponsored = gift.fund === "pet_fee" ? await petToSponsor(context.db, gift.pet) : null;
  if (gift.fund === "pet_fee") {
    if (!sponsored || sponsorDollarsLeft(sponsored) < 1)
      return refuse(400, i18n._(msg`This pet's adoption fee cannot be sponsored now. Nothing was charged.`));
    if (dollars > sponsorDollarsLeft(sponsored)) {
      const left = formatMoney(sponsorDollarsLeft(sponsored) * 100, shelter.giving.currency, languageTag[locale]);
      const petName = sponsored.name;
      const message = i18n._(msg`Give up to ${left}: what is left of ${petName}'s adoption fee.`);
      return data(
        { result: submission.reply({ fieldErrors: { [gift.amount === "custom" ? "custom" : "amount"]: [message] } }) },
        { status: 400 },
      );
    }
  }
  const payments = paymentsOf(context.config);
  if (!payments) return refuse(503, notConfiguredMessage);
  // Each gift opens a session at the provider: strangers are limited per network address, as every form is.
  const limited = await tryWrite(
    async () => {
      const allowed = await hitRateLimit(context.db, `gift:address:${clientAddress(request)}`, limits.giftsPerAddress);
      if (allowed.allowed) return null;
      const wait = minutesIn(i18n, allowed.retryAfterSeconds);
      const message = i18n._(
        msg`We have received several gifts from your network. Please try again in ${wait}, or call us.`,
      );
      return data({ result: submission.reply({ formErrors: [message] }) }, tooManyRequests(allowed.retryAfterSeconds));
    },
    (message) => refuse(503, message),
  );
  if (limited) return limited;
  const viewer = await context.auth.viewer().catch(() => null);
  // Back on the form after a cancel, with the choices kept (not the name or address: they would sit in the provider's logs).
  const kept = new URLSearchParams({ amount: gift.amount, frequency: gift.frequency, fund: gift.fund, cancelled: "1" });
  if (gift.amount === "custom" && gift.custom) kept.set("custom", gift.custom);
  if (gift.dedication) kept.set("dedication", gift.dedication);
  if (sponsored) kept.set("pet", String(sponsored.id));
  const fund = gift.fund === "medical" ? i18n._(msg`Medical fund`) : i18n._(msg`General fund`);
  const sponsoredName = sponsored?.name ?? "";
  const shelterName = shelter.name;
  const description = sponsored
    ? i18n._(msg`Sponsoring ${sponsoredName}'s adoption fee at ${shelterName}`)
    : gift.frequency === "monthly"
      ? i18n._(msg`Monthly gift to ${shelter.name} (${fund})`)
      : i18n._(msg`Gift to ${shelter.name} (${fund})`);
  try {
    const session = await payments.startCheckout({
      mode: gift.frequency === "monthly" ? "subscription" : "payment",
      amountCents: dollars * 100,
      currency: shelter.giving.currency,
      description,
      customerEmail: gift.email,
      locale,
      successUrl: `${url.origin}${localizedPath("/donate/thanks", locale)}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${url.origin}${localizedPath("/donate", locale)}?${kept}`,
      metadata: {
        purpose: "gift",
        fund: gift.fund,
        ...(sponsored ? { pet: String(sponsored.id) } : {}),
        name: gift.name,
        email: gift.email,
        lang: locale,
        ...(viewer ? { user: String(viewer.id) } : {}),
        ...(gift.dedication && gift.dedicationName
          ? {
              dedication: gift.dedication,
              dedication_name: gift.dedicationName,
              ...(gift.dedicationEmail ? { dedication_email: gift.dedicationEmail } : {}),
            }
          : {}),
      },
    });
    return redirect(session.url, 303);
  } catch (error) {
    if (error instanceof PaymentProviderUnavailable)
      return data({ result: submission.reply({ formErrors: [providerDownMessage] }) }, { status: 503 });
    throw error;
  }
}

export default function Donate() {
  const { choices, sponsor, cancelled, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { ref, form, submitFailed } = useServerForm("gift", {
    constraint,
    lastResult: actionData?.result,
    defaultValue: choices,
  });
  const { t } = useLingui();
  const locale = useLocale();
  const email = shelter.email;
  const amount = serverField(form, "amount");
  const frequency = serverField(form, "frequency");
  const fund = serverField(form, "fund");
  const custom = serverField(form, "custom");
  const chosenFrequency = frequency.defaultValue || "one_time";
  const chosenFund = fund.defaultValue || "general";
  // Sponsoring a pet's fee: one-time, that fund, and only the amounts up to what is left of the fee.
  const presets = sponsor ? donationPresets.filter((preset) => preset <= sponsor.dollarsLeft) : donationPresets;
  const chosenAmount = amount.defaultValue || (presets.some((preset) => preset === 50) ? "50" : "custom");
  const sponsorName = sponsor?.name ?? "";
  const sponsorLeft = sponsor?.left ?? "";
  const summaryLabels = [
    { name: "amount", label: t`Amount` },
    { name: "custom", label: t`Custom amount in dollars` },
    { name: "frequency", label: t`How often` },
    { name: "name", label: t`Your name` },
    { name: "email", label: t`Email` },
    { name: "dedicationName", label: t`Their name` },
    { name: "dedicationEmail", label: t`Their email (optional)` },
    { name: "fund", label: t`Where your gift goes` },
  ];
  return (
    <>
      <PageBanner title={t`Donate`} lead={t`We are a non-profit. Every gift goes to the animals in our care.`} />
      <section className="section container donate-page">
        <div>
          <h2>
            <Trans>What your gift does</Trans>
          </h2>
          <ul className="impact-list">
            {shelterPages.donationImpacts.map((impact) => (
              <li key={impact.amount}>
                <strong>${impact.amount}</strong> {shelterText(impact.text, locale)}
              </li>
            ))}
          </ul>
          <p>
            <Trans>
              Gifts are tax-deductible. For planned giving or gifts of stock, write to{" "}
              <a href={`mailto:${email}`}>{email}</a>.
            </Trans>
          </p>
          <p>
            <Trans>
              You pay on the secure page of our payment provider; we never see your card. A receipt comes by email.
            </Trans>
          </p>
        </div>
        <div>
          {cancelled && !actionData ? (
            <div className="notice" role="status">
              <p>
                <Trans>No payment was made. Your choices are kept below; you can try again.</Trans>
              </p>
            </div>
          ) : null}
          <Form method="post" id={form.id} ref={ref} className="stack gift-form panel" reloadDocument>
            <ErrorSummary form={form} labels={summaryLabels} shown={submitFailed} />
            <FormAlert messages={formErrorsOf(form)} />
            <HoneypotField formId={form.id} />
            {sponsor ? (
              <>
                <h2 className="gift-form__sponsor">
                  <Trans>Sponsor {sponsorName}&apos;s adoption fee</Trans>
                </h2>
                <p>
                  <Trans>
                    Your gift pays part of {sponsorName}&apos;s adoption fee, so their new family pays less. Up to{" "}
                    {sponsorLeft} is left to sponsor.
                  </Trans>
                </p>
                <input type="hidden" name="fund" value="pet_fee" />
                <input type="hidden" name="pet" value={sponsor.id} />
                <input type="hidden" name="frequency" value="one_time" />
              </>
            ) : null}
            <FieldGroup legend={t`Choose an amount`} field={amount} className="gift-form__choices">
              <div className="amount-options">
                {presets.map((preset) => (
                  <label key={preset} className="amount-option">
                    <input type="radio" name="amount" value={preset} defaultChecked={chosenAmount === String(preset)} />
                    <span>${preset}</span>
                  </label>
                ))}
                <label className="amount-option">
                  <input type="radio" name="amount" value="custom" defaultChecked={chosenAmount === "custom"} />
                  <span>{t`Custom`}</span>
                </label>
              </div>
            </FieldGroup>
            <Field
              label={t`Custom amount in dollars`}
              field={custom}
              inputMode="numeric"
              autoComplete="off"
              defaultValue={choices.custom}
            />
            {sponsor ? null : (
              <FieldGroup legend={t`How often`} field={frequency} className="gift-form__choices">
                <div className="amount-options">
                  <label className="amount-option">
                    <input
                      type="radio"
                      name="frequency"
                      value="one_time"
                      defaultChecked={chosenFrequency === "one_time"}
                    />
                    <span>{t`One-time`}</span>
                  </label>
                  <label className="amount-option">
                    <input
                      type="radio"
                      name="frequency"
                      value="monthly"
                      defaultChecked={chosenFrequency === "monthly"}
                    />
                    <span>{t`Monthly`}</span>
                  </label>
                </div>
              </FieldGroup>
            )}
            <Field label={t`Your name`} field={serverField(form, "name")} autoComplete="name" />
            <Field label={t`Email`} field={serverField(form, "email")} type="email" autoComplete="email" />
            <FieldGroup
              legend={t`Dedicate your gift (optional)`}
              field={{ errorId: `${form.id}-dedication-error`, errors: [] }}
              className="gift-form__dedication"
            >
              <SelectField
                label={t`Dedication`}
                field={serverField(form, "dedication")}
                options={[
                  { value: "", label: t`No dedication` },
                  { value: "honor", label: t`In honor of` },
                  { value: "memory", label: t`In memory of` },
                ]}
              />
              <Field label={t`Their name`} field={serverField(form, "dedicationName")} autoComplete="off" />
              <Field
                label={t`Their email (optional)`}
                field={serverField(form, "dedicationEmail")}
                type="email"
                autoComplete="off"
              />
            </FieldGroup>
            {sponsor ? null : (
              <FieldGroup legend={t`Where your gift goes`} field={fund} className="gift-form__choices">
                <label className="check">
                  <input type="radio" name="fund" value="general" defaultChecked={chosenFund === "general"} />
                  <span>{t`General fund: food, shelter and care`}</span>
                </label>
                <label className="check">
                  <input type="radio" name="fund" value="medical" defaultChecked={chosenFund === "medical"} />
                  <span>{t`Medical fund: surgery and treatment`}</span>
                </label>
              </FieldGroup>
            )}
            <button type="submit" className="button button--accent">
              <Trans>Donate securely</Trans>
            </button>
          </Form>
        </div>
      </section>
    </>
  );
}
