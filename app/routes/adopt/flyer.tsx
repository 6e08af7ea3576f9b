import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { petWord } from "#app/components/pet-card";
import { formatAddress, shelter } from "#app/config/shelter";
import { shelterText } from "#app/config/shelter-es";
import { displayLabelIn, displayListIn } from "#app/lib/pets/breeds";
import { formatMoneyIn, formatPoundsIn } from "#app/lib/i18n/intl";
import { localeOfPath, localizedPath, type Locale } from "#app/lib/i18n/locale";
import { pageMeta } from "#app/lib/i18n/meta";
import { formatAgeIn } from "#app/lib/pets/pet-age";
import { sizeNameIn, sizeOf } from "#app/lib/pets/pet-sizes";
import flyerStyles from "#app/styles/flyer.css?url";
import { i18nOf } from "#app/locales/catalogs.server";
import { flyerIds, flyersFor, type Flyer } from "#app/services/flyers.server";

export const links = () => [{ rel: "stylesheet", href: flyerStyles }];

/**
 * A flyer's facts in another language than English (decision 057): the fixed values translated, the
 * pet's name and story as typed. English keeps the words services/flyers.server.ts writes.
 */
function factsIn(i18n: I18n, locale: Locale, flyer: Flyer): Flyer["facts"] {
  const pet = flyer.stored;
  const size = sizeNameIn(i18n, sizeOf(pet.weightLbs));
  const pounds = formatPoundsIn(i18n.locale, pet.weightLbs);
  return [
    { label: i18n._(msg`Species`), value: petWord(i18n, pet.species) },
    { label: i18n._(msg`Breed`), value: displayListIn(i18n, pet.breed) || i18n._(msg`Unknown`) },
    { label: i18n._(msg`Sex`), value: petWord(i18n, pet.sex) },
    { label: i18n._(msg`Age`), value: formatAgeIn(i18n, pet.ageMonths) },
    { label: i18n._(msg`Size`), value: i18n._(msg`${size} (${pounds} lbs)`) },
    { label: i18n._(msg`Energy`), value: displayLabelIn(i18n, pet.activeLevel) },
    {
      label: i18n._(msg`Adoption fee`),
      value: pet.adoptionFee > 0 ? formatMoneyIn(locale, Math.round(pet.adoptionFee * 100)) : i18n._(msg`Free`),
    },
    { label: i18n._(msg`Shelter id`), value: flyer.animalId },
  ];
}

/**
 * /adopt/flyer?pet_id=…: the printable kennel card and flyer of one pet, or of several (`pet_id`
 * repeated, as Pet Admin's print form sends them), one printed page each (decision 043). Made on the
 * server, QR code included; only this page loads its stylesheet. /es/adopt/flyer prints it in Spanish,
 * its QR code leading to the Spanish page (remix.config.js gives the route both addresses).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const i18n = i18nOf(request);
  const ids = flyerIds(url);
  if (ids.length === 0) throw new Response("Choose a pet to print", { status: 404 });
  const flyers = await flyersFor(context.db, ids, context.config.siteUrl, (path) => localizedPath(path, locale));
  if (flyers.length === 0) throw new Response("Pet not found", { status: 404 });
  const name = flyers[0]!.name;
  const shelterName = shelter.name;
  const meta = {
    title: flyers.length === 1 ? i18n._(msg`Flyer: ${name}`) : i18n._(msg`Kennel cards and flyers`),
    description: i18n._(msg`Printable kennel cards of the ${shelterName}.`),
  };
  return {
    meta,
    flyers: flyers.map(({ stored, ...flyer }) =>
      locale === "en"
        ? flyer
        : {
            ...flyer,
            facts: factsIn(i18n, locale, { ...flyer, stored }),
            about: stored.about.trim() || i18n._(msg`${flyer.name} is waiting for a home.`),
            traits: stored.characteristics.map((trait) => displayLabelIn(i18n, trait)),
          },
    ),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...(data ? pageMeta(data.meta.title, data.meta.description) : []),
  { name: "robots", content: "noindex" },
];

export default function Flyers() {
  const { flyers } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  const href = useLocalePath();
  const locale = useLocale();
  const names = flyers.map((flyer) => flyer.name).join(", ");
  return (
    <main id="main" className="flyers">
      <h1 className="visually-hidden">
        <Trans>Kennel cards and flyers: {names}</Trans>
      </h1>
      <p className="flyers__hint">
        <Trans>
          Print this page (one sheet per pet, A4 or Letter). <a href={href("/petadmin/flyers")}>Choose other pets</a>
        </Trans>
      </p>
      {flyers.map((flyer) => {
        const name = flyer.name;
        const traits = flyer.traits.join(", ");
        const petUrl = flyer.petUrl;
        return (
          <article key={flyer.id} className="flyer" aria-labelledby={`flyer-${flyer.id}`}>
            <header className="flyer__header">
              <p className="flyer__shelter">{shelter.name}</p>
              <h2 id={`flyer-${flyer.id}`} className="flyer__name">
                <Trans>Adopt me: {name}</Trans>
              </h2>
              {flyer.onHold ? (
                <p className="flyer__hold">
                  <Trans>On hold for an adopter</Trans>
                </p>
              ) : null}
            </header>
            <div className="flyer__body">
              {flyer.photo ? (
                <img className="flyer__photo" src={flyer.photo} alt={`${flyer.name}`} width={720} height={540} />
              ) : null}
              <dl className="flyer__facts">
                {flyer.facts.map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <section className="flyer__why" aria-labelledby={`why-${flyer.id}`}>
              <h3 id={`why-${flyer.id}`}>
                <Trans>Why adopt me</Trans>
              </h3>
              <p>{flyer.about}</p>
              {flyer.traits.length > 0 ? (
                <p className="flyer__traits">
                  <Trans>Good to know: {traits}</Trans>
                </p>
              ) : null}
            </section>
            <footer className="flyer__footer">
              <figure className="flyer__qr">
                <div
                  className="flyer__qr-code"
                  role="img"
                  aria-label={t`QR code of ${name}'s page`}
                  dangerouslySetInnerHTML={{ __html: flyer.qrSvg }}
                />
                <figcaption>
                  <Trans>
                    Scan to meet {name}, or visit {petUrl}
                  </Trans>
                </figcaption>
              </figure>
              <p className="flyer__contact">
                {formatAddress()}
                <br />
                {shelter.phone} · {shelterText(shelter.hours, locale)}
              </p>
            </footer>
          </article>
        );
      })}
    </main>
  );
}
