import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DonationPanel } from "#app/components/donation-panel";
import { shelter } from "#app/config/shelter";
import { shelterPages } from "#app/config/shelter-pages";
import { readDonationChoice } from "#app/lib/donation";
import { pageMeta } from "#app/lib/meta";
import { PageBanner } from "#app/components/page-banner";
import { publicPageHeaders } from "#app/lib/http-cache";
import { FormAlert } from "#app/components/ui/form-alert";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta: MetaFunction = () =>
  pageMeta("Donate", `Give to ${shelter.name}: food, shelter and medical care for cats and dogs in ${shelter.area}.`);

export function loader({ request }: LoaderFunctionArgs) {
  const choice = readDonationChoice(new URL(request.url).searchParams, shelterPages.donationPresets);
  const donateUrl = new URL(shelter.links.donate);
  if (choice.kind === "amount") donateUrl.searchParams.set("amount", String(choice.amount));
  return { choice, donateUrl: donateUrl.toString() };
}

export default function Donate() {
  const { choice, donateUrl } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner title="Donate" lead="We are a non-profit. Every gift goes to the animals in our care." />
      <section className="section container donate-page">
        <div>
          <h2>What your gift does</h2>
          <ul className="impact-list">
            {shelterPages.donationImpacts.map((impact) => (
              <li key={impact.amount}>
                <strong>${impact.amount}</strong> {impact.text}
              </li>
            ))}
          </ul>
          <p>
            Gifts are tax-deductible. For planned giving or gifts of stock, write to{" "}
            <a href={`mailto:${shelter.email}`}>{shelter.email}</a>.
          </p>
        </div>
        <div>
          {choice.kind === "amount" ? (
            <div className="notice notice--success" role="status">
              <p>
                Thank you for choosing to give <strong>${choice.amount}</strong>.
              </p>
              <a href={donateUrl} className="button button--accent">
                Continue to our secure donation page
              </a>
            </div>
          ) : null}
          <FormAlert messages={choice.kind === "invalid" ? [choice.message] : []} />
          <h2>Choose an amount</h2>
          <DonationPanel selected={choice.kind === "amount" ? choice.preset : undefined} />
          <p>
            Or <a href={shelter.links.donate}>donate any amount on our donation page</a>.
          </p>
        </div>
      </section>
    </>
  );
}
