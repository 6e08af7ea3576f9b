import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PetGrid } from "#app/components/pet-card";
import { shelter } from "#app/config/shelter";
import { pageMeta } from "#app/lib/meta";
import { listListedPets, type SpeciesFilter } from "#app/models/pets.server";
import { PageBanner } from "#app/components/page-banner";
import { publicPageHeaders } from "#app/lib/http-cache";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta: MetaFunction = () =>
  pageMeta("Foster", "Open your home to a shelter cat or dog for a few weeks. See who needs a foster family now.");

const tabs = [
  { value: "all", label: "All Animals" },
  { value: "dog", label: "Dogs" },
  { value: "cat", label: "Cats" },
] as const;

const speciesByTab: Record<string, SpeciesFilter | undefined> = { all: undefined, dog: "Dog", cat: "Cat" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const requested = new URL(request.url).searchParams.get("species") ?? "all";
  // Own keys only: `?species=__proto__` is no tab.
  const tab = Object.hasOwn(speciesByTab, requested) ? requested : "all";
  const pets = await listListedPets(context.db, { species: speciesByTab[tab], limit: 6 });
  return { tab, pets };
}


const reasons = [
  "You give a shy or recovering animal a quiet place to heal.",
  "You free a kennel so we can take in another animal.",
  "You learn how a pet behaves in a home, which helps us find the right family.",
  "We provide food, supplies and vet care; you provide the love.",
];

export default function Foster() {
  const { tab, pets } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner title="Foster a pet" lead="Open your home for a few weeks and change a life for good." />
      <section className="section container" aria-labelledby="why-foster">
        <h2 id="why-foster">Why foster?</h2>
        <ul className="check-list">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <p className="button-row">
          <Link to="/foster/apply" className="button button--primary">
            Apply to foster
          </Link>
          {shelter.links.fosterForm ? (
            <a href={shelter.links.fosterForm} className="button">
              Our paper form
            </a>
          ) : null}
          <a href={shelter.links.fosterLearnMore} className="button">
            Learn more about fostering
          </a>
        </p>
      </section>
      <section className="section section--tinted" aria-labelledby="need-foster">
        <div className="container">
          <h2 id="need-foster">Pets who need a foster home</h2>
          <nav aria-label="Filter by species" className="tabs">
            {tabs.map((item) => (
              <Link
                key={item.value}
                to={item.value === "all" ? "/foster" : `/foster?species=${item.value}`}
                className="tabs__tab"
                aria-current={tab === item.value ? "page" : undefined}
                preventScrollReset
              >
                {item.label}
              </Link>
            ))}
          </nav>
          {pets.length > 0 ? (
            <PetGrid
              pets={pets}
              actions={(pet) => (
                <Link to={`/foster/apply?pet_id=${pet.id}`} className="button button--small">
                  Foster {pet.name}
                </Link>
              )}
            />
          ) : (
            <p>We cannot find any pet records</p>
          )}
        </div>
      </section>
    </>
  );
}
