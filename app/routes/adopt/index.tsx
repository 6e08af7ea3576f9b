import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { routeMeta } from "#app/lib/i18n/meta";
import { PageBanner } from "#app/components/page-banner";
import { useLocalePath } from "#app/components/locale";
import { publicPageHeaders } from "#app/lib/http/http-cache";
import { shelter } from "#app/config/shelter";
import { i18nOf } from "#app/locales/catalogs.server";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta = routeMeta;

export function loader({ request }: LoaderFunctionArgs) {
  const i18n = i18nOf(request);
  const city = shelter.address.city;
  return {
    meta: {
      title: i18n._(msg`Adopt`),
      description: i18n._(msg`Choose cats or dogs and meet the pets waiting for a home at our ${city} shelter.`),
    },
  };
}

const choices = [
  {
    species: "cat",
    title: msg`Cats`,
    text: msg`Lap cats, window watchers and playful kittens.`,
    image: "/images/adopt-cat.svg",
  },
  {
    species: "dog",
    title: msg`Dogs`,
    text: msg`Hiking buddies, couch companions and everything in between.`,
    image: "/images/adopt-dog.svg",
  },
];

export default function AdoptLanding() {
  const { t } = useLingui();
  const href = useLocalePath();
  return (
    <>
      <PageBanner title={t`Adopt a pet`} lead={t`Who would you like to meet?`} />
      <section className="section container" aria-label={t`Choose a species`}>
        <ul className="species-choice">
          {choices.map((choice) => (
            <li key={choice.species}>
              <a
                href={href(`/adopt/${choice.species}`)}
                target="_blank"
                rel="noopener noreferrer"
                className="species-card"
              >
                <img src={choice.image} width="320" height="240" alt="" />
                <span className="species-card__title">
                  {t(choice.title)}
                  <span className="visually-hidden">
                    {" "}
                    <Trans>(opens in a new tab)</Trans>
                  </span>
                </span>
                <span>{t(choice.text)}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
