import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { speciesLabel } from "#app/components/pet-form/species-labels";
import { i18nOf } from "#app/locales/catalogs.server";
import { shelter } from "#app/config/shelter";
import { pageMeta } from "#app/lib/meta";
import { listPetsForStaff } from "#app/models/pet-admin.server";
import { requireStaff } from "#app/services/auth.server";
import { maxFlyers } from "#app/services/flyers.server";

/** Pets staff can print a kennel card for: listed or on hold (an adopted pet's card is taken down). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:pet");
  const pets = (await listPetsForStaff(context.db, "")).filter((pet) => pet.adoptedEmail === null);
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = { title: i18n._(msg`Print kennel cards`), description: i18n._(msg`Print kennel cards and flyers of the ${name}'s pets.`) };
  return { meta, maxFlyers, pets: pets.map((pet) => ({ id: pet.id, name: pet.name, animalId: pet.animalId, species: pet.species, onHold: pet.onHoldEmail !== null })) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.meta.title, data.meta.description) : []);

/** Staff tick the pets and print their flyers together: a GET form to /adopt/flyer, one page per pet (decision 043). */
export default function PrintFlyers() {
  const { pets, maxFlyers } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  const href = useLocalePath();
  return (
    <div className="container admin-page">
      <h1>
        <Trans>Print kennel cards and flyers</Trans>
      </h1>
      {/* The flyer prints in the page's language (/es/adopt/flyer in Spanish). */}
      <form method="get" action={href("/adopt/flyer")}>
        <fieldset>
          <legend>
            <Trans>Pets to print (at most {maxFlyers} at once)</Trans>
          </legend>
          {pets.length === 0 ? (
            <p>
              <Trans>No listed pets.</Trans>
            </p>
          ) : null}
          <ul className="flyer-choices">
            {pets.map((pet) => (
              <li key={pet.id}>
                <label>
                  <input type="checkbox" name="pet_id" value={pet.id} />{" "}
                  {pet.onHold ? t`${pet.name} (${speciesLabel(t, pet.species)}, ${pet.animalId}), on hold` : `${pet.name} (${speciesLabel(t, pet.species)}, ${pet.animalId})`}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" className="button button--primary">
          <Trans>Show the chosen flyers to print</Trans>
        </button>
      </form>
    </div>
  );
}
