import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { languageTag, localeOfPath, localizedPath } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { FavoriteNote, PetActions } from "#app/components/pet-actions";
import { PetCarousel } from "#app/components/pet-carousel";
import { staticView } from "#app/components/static-view";
import { petWord } from "#app/components/pet-card";
import { shelter } from "#app/config/shelter";
import { backLinkFrom } from "#app/lib/pets/back-link";
import { displayListIn } from "#app/lib/pets/breeds";
import { pageMeta } from "#app/lib/i18n/meta";
import { readId } from "#app/lib/http/request";
import { petStatus } from "#app/lib/pets/pet-status";
import { formatHoldEnd } from "#app/lib/visits/business-hours";
import { HeldForYou } from "#app/components/held-for-you";
import { photoUrl } from "#app/lib/photos/photos";
import { getPet } from "#app/models/pets.server";
import { fosterHomeOf } from "#app/models/foster-placements.server";
import { FosterHome } from "#app/components/foster-home";
import { type loader as layoutLoader } from "#app/routes/site/layout";
import { CareFacts } from "#app/components/care-facts";
import { careSummaryOf } from "#app/models/care.server";
import { dayIn } from "#app/lib/care/calendar";
import { publicCareFacts } from "#app/lib/care/public-facts";
import { formatMoney } from "#app/lib/giving/money";
import { sponsorablePet } from "#app/lib/giving/pet-fee";
import { sponsoredFeeCents } from "#app/models/gifts.server";

/**
 * The pet's facts never respond to the visitor: a static part (decision 039), whose code and words the
 * page loads only to show another pet after a client-side navigation (decision 061).
 */
const PetDetails = staticView(
  () => import("#app/components/pet-details"),
  () => "pet-details",
);

const notFound = () => new Response("Pet not found", { status: 404 });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = readId(url.searchParams.get("pet_id"));
  if (id === null) throw notFound();
  const pet = await getPet(context.db, id);
  if (!pet) throw notFound();

  const photos = pet.images.map(photoUrl);
  // Holders' and adopters' email addresses never leave the server on public pages.
  const status = petStatus(pet);
  const viewer = status === "draft" || status === "on-hold" ? await context.auth.viewer() : null;
  // A draft is seen by staff only, as a preview of the page it will be (decision 052).
  if (status === "draft" && !viewer?.role) throw notFound();
  const fosterHome = await fosterHomeOf(context.db, pet.id);
  // Spayed or neutered, vaccinations up to date, microchipped (issue 45): never the chip number, a lot or a note.
  const care = await careSummaryOf(context.db, pet.id);
  const careFacts = publicCareFacts(pet, care, care.vaccinations, dayIn(shelter.openingHours.timeZone, new Date()));
  // Its holder reads until when it is theirs (issue 29); a hold shows only to the proven owner of its address (decision 025).
  const heldForViewer =
    status === "on-hold" &&
    viewer?.emailConfirmed &&
    pet.onHoldUntil &&
    viewer.email.toLowerCase() === pet.onHoldEmail?.toLowerCase();
  const heldForYouUntil =
    heldForViewer && pet.onHoldUntil ? formatHoldEnd(pet.onHoldUntil, shelter.openingHours.timeZone) : null;
  // Sponsors may pay part of the fee of a pet waiting for a home (issue 43): what they gave shows here.
  // A sponsor's gift purges this page's cached copies when its webhook records it.
  const sponsorable = sponsorablePet(pet, await sponsoredFeeCents(context.db, pet.id));
  const language = languageTag[localeOfPath(url.pathname)];
  const money = (cents: number) => formatMoney(cents, shelter.giving.currency, language);
  const sponsor = sponsorable
    ? {
        given:
          sponsorable.sponsoredCents > 0 ? money(Math.min(sponsorable.sponsoredCents, sponsorable.feeCents)) : null,
        fee: money(sponsorable.feeCents),
        open: sponsorable.leftCents >= 100,
      }
    : null;
  // Title, description and share card in the page's language (decision 057); name and about as typed.
  const i18n = i18nOf(request);
  const name = pet.name;
  const kind = displayListIn(i18n, pet.breed) || petWord(i18n, pet.species);
  const shelterName = shelter.name;
  const description = shortDescription(
    pet.about.trim() || i18n._(msg`${name} is waiting for a home at ${shelterName}.`),
  );
  return {
    meta: {
      title: i18n._(msg`${name}, ${kind}`),
      description,
      shareTitle: i18n._(msg`Meet ${name}`),
      shareImageAlt: i18n._(msg`A photo of ${name}`),
    },
    pet: {
      id: pet.id,
      animalId: pet.animalId,
      name: pet.name,
      species: pet.species,
      breed: pet.breed,
      sex: pet.sex,
      activeLevel: pet.activeLevel,
      weightLbs: pet.weightLbs,
      ageMonths: pet.ageMonths,
      adoptionFee: pet.adoptionFee,
      characteristics: pet.characteristics,
      about: pet.about,
      photos,
    },
    status,
    heldForYouUntil,
    fosterHome,
    careFacts,
    sponsor,
    // A pet placed with a foster "not listed" is not up for adoption just now (decision 053): no Apply.
    adoptable: status === "listed" && fosterHome.listed,
    back: backLinkFrom(request.headers.get("Referer"), url.origin, localeOfPath(url.pathname)),
    canonicalUrl: `${url.origin}${localizedPath(`/adopt/pet?pet_id=${pet.id}`, localeOfPath(url.pathname))}`,
    // The first photo cropped to 1200 × 630 as a JPEG, every preview's size and format (decision 043).
    shareImage: pet.images[0]
      ? `${url.origin}/photos/share/${encodeURIComponent(pet.images[0])}`
      : `${url.origin}/images/pet-placeholder.svg`,
  };
}

function shortDescription(text: string) {
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => {
  if (!loaderData) return [];
  const { meta: words, canonicalUrl, shareImage } = loaderData;
  const { description } = words;
  return [
    ...pageMeta(words.title, description),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: shelter.name },
    { property: "og:title", content: words.shareTitle },
    { property: "og:description", content: description },
    { property: "og:image", content: shareImage },
    ...(shareImage.includes("/photos/share/")
      ? [
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
        ]
      : []),
    { property: "og:image:alt", content: words.shareImageAlt },
    { property: "og:url", content: canonicalUrl },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: words.shareTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: shareImage },
  ];
};

export default function PetPage() {
  const { pet, status, back, heldForYouUntil, adoptable, careFacts, sponsor } = useLoaderData<typeof loader>();
  // Staff on a phone reach the pet's edit page from the page they are looking at.
  const isStaff = useRouteLoaderData<typeof layoutLoader>("routes/_main")?.viewer?.isStaff ?? false;
  const href = useLocalePath();
  const name = pet.name;
  return (
    <article className="container pet-page">
      <p>
        <Link to={back} className="back-link">
          <Trans>
            <span aria-hidden="true">‹ </span>Back
          </Trans>
        </Link>
        {status !== "adopted" && status !== "draft" && status !== "gone" ? (
          <>
            {" · "}
            <a href={`/adopt/flyer?pet_id=${pet.id}`}>
              <Trans>Print a flyer</Trans>
            </a>
          </>
        ) : null}
        {isStaff ? (
          <>
            {" · "}
            <Link to={href(`/petadmin/edit?pet_id=${pet.id}`)}>
              <Trans>Edit {name}</Trans>
            </Link>
          </>
        ) : null}
      </p>
      {status === "draft" ? (
        <p className="notice notice--info" role="status">
          <Trans>
            Preview: {name} is a draft, so only staff see this page. Adopters see it once you publish {name} from{" "}
            <Link to={href(`/petadmin/edit?pet_id=${pet.id}`)}>its edit page</Link>.
          </Trans>
        </p>
      ) : null}
      <PetCarousel name={pet.name} photos={pet.photos} />
      <div className="pet-page__heading">
        <h1>{pet.name}</h1>
        {adoptable ? <PetActions petId={pet.id} petName={pet.name} /> : null}
      </div>
      {adoptable ? <FavoriteNote petId={pet.id} petName={pet.name} /> : null}
      {heldForYouUntil ? <HeldForYou petName={pet.name} until={heldForYouUntil} /> : null}
      {status === "on-hold" && !heldForYouUntil ? (
        <p className="notice notice--info" role="status">
          <Trans>
            {name} is on hold for an adopter right now, so we cannot take new applications. Please check back soon, or{" "}
            <Link to={href("/adopt")}>meet our other pets</Link>.
          </Trans>
        </p>
      ) : null}
      {status === "adopted" ? (
        <p className="notice notice--success" role="status">
          <Trans>
            {name} has found a home. <Link to={href("/adopt")}>Meet our other pets</Link> waiting for theirs.
          </Trans>
        </p>
      ) : null}
      {status === "gone" ? (
        <p className="notice notice--info" role="status">
          <Trans>
            {name} is no longer at the shelter. <Link to={href("/adopt")}>Meet our other pets</Link> waiting for a home.
          </Trans>
        </p>
      ) : null}
      <FosterHome />
      <CareFacts facts={careFacts} />
      <PetDetails pet={pet} />
      {sponsor ? <FeeSponsors petId={pet.id} name={pet.name} {...sponsor} /> : null}
    </article>
  );
}

/** What sponsors gave towards the pet's adoption fee, and the link to give towards it (issue 43). */
function FeeSponsors({
  petId,
  name,
  given,
  fee,
  open,
}: {
  petId: number;
  name: string;
  given: string | null;
  fee: string;
  open: boolean;
}) {
  const href = useLocalePath();
  return (
    <section className="pet-sponsor panel" aria-labelledby="pet-sponsor-heading">
      <h2 id="pet-sponsor-heading">
        <Trans>{name}&apos;s adoption fee</Trans>
      </h2>
      {!open ? (
        <p className="pet-sponsor__given">
          <Trans>
            {name}&apos;s adoption fee of {fee} is paid by sponsors. Thank you!
          </Trans>
        </p>
      ) : given ? (
        <p className="pet-sponsor__given">
          <Trans>
            Sponsors have paid {given} of {name}&apos;s adoption fee of {fee}.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>
            A gift towards {name}&apos;s adoption fee of {fee} helps {name} go home sooner.
          </Trans>
        </p>
      )}
      {open ? (
        <p>
          <Link to={href(`/donate?fund=pet_fee&pet=${petId}`)} className="button button--accent">
            <Trans>Sponsor {name}&apos;s adoption fee</Trans>
          </Link>
        </p>
      ) : null}
    </section>
  );
}
