import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { shelter } from "#app/config/shelter";
import { pageMeta } from "#app/lib/meta";
import { listPetsForStaff } from "#app/models/pet-admin.server";
import { requireStaff } from "#app/services/auth.server";
import { maxFlyers } from "#app/services/flyers.server";

/** Pets staff can print a kennel card for: listed or on hold (an adopted pet's card is taken down). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:pet");
  const pets = (await listPetsForStaff(context.db, "")).filter((pet) => pet.adoptedEmail === null);
  return { maxFlyers, pets: pets.map((pet) => ({ id: pet.id, name: pet.name, animalId: pet.animalId, species: pet.species, onHold: pet.onHoldEmail !== null })) };
}

export const meta: MetaFunction = () => pageMeta("Print kennel cards", `Print kennel cards and flyers of the ${shelter.name}'s pets.`);

/** Staff tick the pets and print their flyers together: a GET form to /adopt/flyer, one page per pet (decision 043). */
export default function PrintFlyers() {
  const { pets, maxFlyers } = useLoaderData<typeof loader>();
  return (
    <div className="container admin-page">
      <h1>Print kennel cards and flyers</h1>
      <form method="get" action="/adopt/flyer">
        <fieldset>
          <legend>Pets to print (at most {maxFlyers} at once)</legend>
          {pets.length === 0 ? <p>No listed pets.</p> : null}
          <ul className="flyer-choices">
            {pets.map((pet) => (
              <li key={pet.id}>
                <label>
                  <input type="checkbox" name="pet_id" value={pet.id} /> {pet.name} ({pet.species}, {pet.animalId}){pet.onHold ? ", on hold" : ""}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" className="button button--primary">
          Show the chosen flyers to print
        </button>
      </form>
    </div>
  );
}
