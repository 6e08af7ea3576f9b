import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { PetGrid } from "#app/components/pet-card";
import { shelter } from "#app/config/shelter";
import { routeMeta } from "#app/lib/i18n/meta";
import { listListedPets, type SpeciesFilter } from "#app/models/pets.server";
import { PageBanner } from "#app/components/page-banner";
import { publicPageHeaders } from "#app/lib/http/http-cache";
import { i18nOf } from "#app/locales/catalogs.server";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta = routeMeta;

const tabs = [
  { value: "all", label: msg`All Animals` },
  { value: "dog", label: msg`Dogs` },
  { value: "cat", label: msg`Cats` },
] as const;

const speciesByTab: Record<string, SpeciesFilter | undefined> = { all: undefined, dog: "Dog", cat: "Cat" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const requested = new URL(request.url).searchParams.get("species") ?? "all";
  // Own keys only: `?species=__proto__` is no tab.
  const tab = Object.hasOwn(speciesByTab, requested) ? requested : "all";
  const pets = await listListedPets(context.db, { species: speciesByTab[tab], limit: 6 });
  const i18n = i18nOf(request);
  const meta = {
    title: i18n._(msg`Foster`),
    description: i18n._(
      msg`Open your home to a shelter cat or dog for a few weeks. See who needs a foster family now.`,
    ),
  };
  return { meta, tab, pets };
}

const reasons = [
  msg`You give a shy or recovering animal a quiet place to heal.`,
  msg`You free a kennel so we can take in another animal.`,
  msg`You learn how a pet behaves in a home, which helps us find the right family.`,
  msg`We provide food, supplies and vet care; you provide the love.`,
];

export default function Foster() {
  const { tab, pets } = useLoaderData<typeof loader>();
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  return (
    <>
      <PageBanner title={t`Foster a pet`} lead={t`Open your home for a few weeks and change a life for good.`} />
      <section className="section container" aria-labelledby="why-foster">
        <h2 id="why-foster">
          <Trans>Why foster?</Trans>
        </h2>
        <ul className="check-list">
          {reasons.map((reason) => (
            <li key={reason.id}>{i18n._(reason)}</li>
          ))}
        </ul>
        <p className="button-row">
          <Link to={href("/foster/apply")} className="button button--primary">
            <Trans>Apply to foster</Trans>
          </Link>
          {shelter.links.fosterForm ? (
            <a href={shelter.links.fosterForm} className="button">
              <Trans>Our paper form</Trans>
            </a>
          ) : null}
          <a href={shelter.links.fosterLearnMore} className="button">
            <Trans>Learn more about fostering</Trans>
          </a>
        </p>
      </section>
      <section className="section section--tinted" aria-labelledby="need-foster">
        <div className="container">
          <h2 id="need-foster">
            <Trans>Pets who need a foster home</Trans>
          </h2>
          <nav aria-label={t`Filter by species`} className="tabs">
            {tabs.map((item) => (
              <Link
                key={item.value}
                to={href(item.value === "all" ? "/foster" : `/foster?species=${item.value}`)}
                className="tabs__tab"
                aria-current={tab === item.value ? "page" : undefined}
                preventScrollReset
              >
                {i18n._(item.label)}
              </Link>
            ))}
          </nav>
          {pets.length > 0 ? (
            <PetGrid
              pets={pets}
              actions={(pet) => (
                <Link to={href(`/foster/apply?pet_id=${pet.id}`)} className="button button--small">
                  <Trans>Foster {pet.name}</Trans>
                </Link>
              )}
            />
          ) : (
            <p>
              <Trans>We cannot find any pet records</Trans>
            </p>
          )}
        </div>
      </section>
    </>
  );
}
