import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useLocalePath } from "#app/components/locale";
import { FavoriteButton } from "#app/components/favorite-button";
import { PetPhoto } from "#app/components/pet-photo";
import type { PetSummary } from "#app/models/pets.server";
import { fetchPriorityHigh, fetchPriorityLow } from "#app/lib/http/fetch-priority";
import { placeholderPhoto } from "#app/lib/photos/photos";
import { staticView } from "#app/components/static-view";

export function petPageUrl(petId: number) {
  return `/adopt/pet?pet_id=${petId}`;
}

/** A pet's sex and species as stored, in the page's language; anything else as stored. */
const storedWords = {
  Male: msg({ message: "Male", context: "a pet's sex" }),
  Female: msg({ message: "Female", context: "a pet's sex" }),
  Cat: msg`Cat`,
  Dog: msg`Dog`,
  Other: msg({ message: "Other", context: "a species" }),
} as const;

/** "Male", "Female", "Cat", "Dog" in the page's language (the values are stored in English). */
export function petWord(i18n: I18n, value: string): string {
  return Object.hasOwn(storedWords, value) ? i18n._(storedWords[value as keyof typeof storedWords]) : value;
}

export function usePetWord(): (value: string) => string {
  const { i18n } = useLingui();
  return (value) => petWord(i18n, value);
}

/**
 * A card's facts (breed, sex and age, characteristics) are plain text: a static part (decision 061),
 * whose code and words a page loads only for cards it shows after a client-side navigation. Their HTML
 * depends only on these facts and the language, so the server renders each card's once per isolate
 * and sends it again while the facts are the same (decision 045, amended 2026-11-28).
 */
const PetCardFacts = staticView(
  () => import("#app/components/pet-card-facts"),
  (props) => `card-${props.petId}`,
  ({ breed, species, sex, ageMonths, inFosterHome, characteristics }) =>
    JSON.stringify([breed, species, sex, ageMonths, inFosterHome, characteristics]),
);

/**
 * One pet in a list (home, foster, adopt, match). The whole card is one link to the pet's page;
 * `actions` adds controls below it, such as the foster link.
 * Photos above the fold are loaded eagerly (`eager`), the rest lazily. The name is a heading one level
 * below the section the list is in (`headingLevel`): an h2 right under a page's h1, else an h3, so the
 * outline skips no level (axe's heading-order rule).
 */
/**
 * The photo's width on each screen, for the browser's choice of copy. A dense grid is two cards a row
 * on a phone (decision 055), so its photos are half the phone's width; a roomy one is one a row.
 */
const photoSizes = {
  dense: "(min-width: 1000px) 300px, (min-width: 640px) 46vw, 46vw",
  roomy: "(min-width: 1000px) 300px, (min-width: 640px) 46vw, 92vw",
} as const;
export type GridLayout = keyof typeof photoSizes;

/**
 * Which photo of a list the browser fetches first: `high` for the list's first photo when it opens the
 * page (its LCP image), `low` for the others of such a list, which wait for it (decision 062); `auto`
 * leaves the browser's own order, for lists further down a page.
 */
export type PhotoPriority = "high" | "low" | "auto";
const photoPriority = { high: fetchPriorityHigh, low: fetchPriorityLow, auto: {} } as const;

export function PetCard({
  pet,
  eager = false,
  priority = "auto",
  actions,
  headingLevel = 3,
  layout = "dense",
}: {
  pet: PetSummary;
  eager?: boolean;
  priority?: PhotoPriority;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  layout?: GridLayout;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = useLocalePath();
  return (
    <article className="pet-card" id={`pet-${pet.id}`}>
      <PetPhoto
        className="pet-card__photo"
        src={pet.photo ?? placeholderPhoto.src}
        sizes={photoSizes[layout]}
        width={placeholderPhoto.width}
        height={placeholderPhoto.height}
        alt=""
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        {...photoPriority[priority]}
      />
      <div className="pet-card__body">
        <Heading className="pet-card__name">
          <Link to={href(petPageUrl(pet.id))} className="pet-card__link" prefetch="intent" title={pet.name}>
            {pet.name}
          </Link>
        </Heading>
        <PetCardFacts
          petId={pet.id}
          breed={pet.breed}
          species={pet.species}
          sex={pet.sex}
          ageMonths={pet.ageMonths}
          inFosterHome={pet.inFosterHome === true}
          characteristics={pet.characteristics}
        />
        <FavoriteButton petId={pet.id} petName={pet.name} className="pet-card__favorite" />
        {actions ? <div className="pet-card__actions">{actions}</div> : null}
      </div>
    </article>
  );
}

/**
 * The cards of a list. `dense` (the lists to browse) puts two cards a row on a phone; `roomy` keeps one
 * a row for cards that carry more words, such as a match's reasons (decision 055). `eagerCount`: the
 * photos on the page's first screen, loaded at once; when there are any, the first is fetched first and
 * every other photo of the list after it (decision 062).
 */
export function PetGrid({
  pets,
  eagerCount = 0,
  actions,
  headingLevel,
  layout = "dense",
}: {
  pets: PetSummary[];
  eagerCount?: number;
  actions?: (pet: PetSummary) => ReactNode;
  headingLevel?: 2 | 3;
  layout?: GridLayout;
}) {
  return (
    <ul className={`pet-grid pet-grid--${layout}`}>
      {pets.map((pet, index) => (
        <li key={pet.id}>
          <PetCard
            pet={pet}
            eager={index < eagerCount}
            priority={eagerCount === 0 ? "auto" : index === 0 ? "high" : "low"}
            actions={actions?.(pet)}
            headingLevel={headingLevel}
            layout={layout}
          />
        </li>
      ))}
    </ul>
  );
}
