import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "@remix-run/react";
import { DonationPanel } from "#app/components/donation-panel";
import { useLocale } from "#app/components/locale";
import { shelter } from "#app/config/shelter";
import { shelterText } from "#app/config/shelter-es";
import { shelterPages } from "#app/config/shelter-pages";
import { readDonationChoice } from "#app/lib/giving/donation";
import { localeOfPath } from "#app/lib/i18n/locale";
import { routeMeta } from "#app/lib/i18n/meta";
import { PageBanner } from "#app/components/page-banner";
import { publicPageHeaders } from "#app/lib/http/http-cache";
import { FormAlert } from "#app/components/ui/form-alert";
import { i18nOf } from "#app/locales/catalogs.server";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta = routeMeta;

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const choice = readDonationChoice(url.searchParams, shelterPages.donationPresets);
  const donateUrl = new URL(shelter.links.donate);
  if (choice.kind === "amount") donateUrl.searchParams.set("amount", String(choice.amount));
  const i18n = i18nOf(request);
  const name = shelter.name;
  const area = shelterText(shelter.area, localeOfPath(url.pathname));
  const meta = { title: i18n._(msg`Donate`), description: i18n._(msg`Give to ${name}: food, shelter and medical care for cats and dogs in ${area}.`) };
  // The refusal's message comes from the loader, so it is translated here: the page's own catalogue in the
  // browser holds only what its code shows (decision 059), and hydration must read as the server wrote.
  const shown = choice.kind === "invalid" ? { ...choice, message: i18n._(choice.message) } : choice;
  return { meta, choice: shown, donateUrl: donateUrl.toString() };
}

export default function Donate() {
  const { choice, donateUrl } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  const locale = useLocale();
  const email = shelter.email;
  const amount = choice.kind === "amount" ? choice.amount : 0;
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
              Gifts are tax-deductible. For planned giving or gifts of stock, write to <a href={`mailto:${email}`}>{email}</a>.
            </Trans>
          </p>
        </div>
        <div>
          {choice.kind === "amount" ? (
            <div className="notice notice--success" role="status">
              <p>
                <Trans>
                  Thank you for choosing to give <strong>${amount}</strong>.
                </Trans>
              </p>
              <a href={donateUrl} className="button button--accent">
                <Trans>Continue to our secure donation page</Trans>
              </a>
            </div>
          ) : null}
          <FormAlert messages={choice.kind === "invalid" ? [choice.message] : []} />
          {/* The panel's own legend says "Choose an amount": said once (issue 40). */}
          <DonationPanel selected={choice.kind === "amount" ? choice.preset : undefined} />
          <p>
            <Trans>
              Or <a href={shelter.links.donate}>donate any amount on our donation page</a>.
            </Trans>
          </p>
        </div>
      </section>
    </>
  );
}
