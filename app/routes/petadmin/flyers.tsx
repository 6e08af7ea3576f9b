import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { speciesLabel } from "#app/components/pet-form/species-labels";
import { i18nOf } from "#app/locales/catalogs.server";
import { shelter } from "#app/config/shelter";
import { routeMeta } from "#app/lib/i18n/meta";
import { readStaffPetFilters, staffPetSpecies, staffPetSpeciesLabels } from "#app/lib/pets/staff-pet-filters";
import { listPetsForStaff } from "#app/models/pet-admin.server";
import { requireStaff } from "#app/services/auth.server";
import { maxFlyers } from "#app/services/flyers.server";

/**
 * Pets staff can print a kennel card for: listed or on hold (an adopted pet's card is taken down), found
 * by the start of the name and the species (a GET form, as Pet Admin's list: issue 40, ninety boxes on a
 * phone were too many to scroll).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:pet");
  const { q, species } = readStaffPetFilters(new URL(request.url).searchParams);
  const pets = (await listPetsForStaff(context.db, q, species)).filter((pet) => pet.adoptedEmail === null);
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = {
    title: i18n._(msg`Print kennel cards`),
    description: i18n._(msg`Print kennel cards and flyers of the ${name}'s pets.`),
  };
  return {
    meta,
    maxFlyers,
    filters: { q, species },
    pets: pets.map((pet) => ({
      id: pet.id,
      name: pet.name,
      animalId: pet.animalId,
      species: pet.species,
      onHold: pet.onHoldEmail !== null,
    })),
  };
}

export const meta = routeMeta;

/** Staff tick the pets and print their flyers together: a GET form to /adopt/flyer, one page per pet (decision 043). */
export default function PrintFlyers() {
  const { pets, maxFlyers, filters } = useLoaderData<typeof loader>();
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  const filtered = filters.q !== "" || filters.species !== "all";
  return (
    <>
      <h1>
        <Trans>Print kennel cards and flyers</Trans>
      </h1>
      <Form method="get" className="search staff-pet-filters" role="search" aria-label={t`Find pets`}>
        <div className="field">
          <label htmlFor="flyer-search">
            <Trans>Find a pet by the start of its name</Trans>
          </label>
          <input id="flyer-search" type="search" name="q" defaultValue={filters.q} />
        </div>
        <div className="field">
          <label htmlFor="flyer-species">
            <Trans>Species</Trans>
          </label>
          <select id="flyer-species" name="species" defaultValue={filters.species}>
            {staffPetSpecies.map((species) => (
              <option key={species} value={species}>
                {i18n._(staffPetSpeciesLabels[species])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small">
          <Trans>Search</Trans>
        </button>
      </Form>
      {/* The flyer prints in the page's language (/es/adopt/flyer in Spanish). */}
      <form method="get" action={href("/adopt/flyer")}>
        <fieldset>
          <legend>
            <Trans>Pets to print (at most {maxFlyers} at once)</Trans>
          </legend>
          {pets.length === 0 ? (
            <p>{filtered ? <Trans>No listed pet matches this search.</Trans> : <Trans>No listed pets.</Trans>}</p>
          ) : null}
          <ul className="flyer-choices">
            {pets.map((pet) => (
              <li key={pet.id}>
                <label className="check">
                  <input type="checkbox" name="pet_id" value={pet.id} />
                  <span>
                    {pet.onHold
                      ? t`${pet.name} (${speciesLabel(t, pet.species)}, ${pet.animalId}), on hold`
                      : `${pet.name} (${speciesLabel(t, pet.species)}, ${pet.animalId})`}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" className="button button--primary">
          <Trans>Show the chosen flyers to print</Trans>
        </button>
      </form>
    </>
  );
}
