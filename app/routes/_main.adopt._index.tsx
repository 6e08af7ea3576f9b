import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/lib/meta";
import { PageBanner } from "#app/components/page-banner";
import { publicPageHeaders } from "#app/lib/http-cache";
import { shelter } from "#app/config/shelter";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta: MetaFunction = () =>
  pageMeta("Adopt", `Choose cats or dogs and meet the pets waiting for a home at our ${shelter.address.city} shelter.`);

const choices = [
  { species: "cat", title: "Cats", text: "Lap cats, window watchers and playful kittens.", image: "/images/adopt-cat.svg" },
  { species: "dog", title: "Dogs", text: "Hiking buddies, couch companions and everything in between.", image: "/images/adopt-dog.svg" },
];

export default function AdoptLanding() {
  return (
    <>
      <PageBanner title="Adopt a pet" lead="Who would you like to meet?" />
      <section className="section container" aria-label="Choose a species">
        <ul className="species-choice">
          {choices.map((choice) => (
            <li key={choice.species}>
              <a href={`/adopt/${choice.species}`} target="_blank" rel="noopener noreferrer" className="species-card">
                <img src={choice.image} width="320" height="240" alt="" />
                <span className="species-card__title">
                  {choice.title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </span>
                <span>{choice.text}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
