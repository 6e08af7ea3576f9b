import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PersonalList } from "#app/components/personal-lists";
import { formatDate } from "#app/lib/dates";
import { pageMeta } from "#app/lib/meta";
import { listPetsAdoptedBy } from "#app/models/pets.server";
import { requireUser } from "#app/services/auth.server";
import { shelter } from "#app/config/shelter";

export const meta: MetaFunction = () => pageMeta("Adopted Pets", `The pets you adopted from the ${shelter.name}.`);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  // Staff record adoptions by email address: only its proven owner may see them.
  if (!viewer.emailConfirmed) return { pets: [], confirmFirst: true };
  return { pets: await listPetsAdoptedBy(context.db, viewer.email), confirmFirst: false };
}

export default function Adopted() {
  const { pets, confirmFirst } = useLoaderData<typeof loader>();
  const dates = new Map(pets.map((pet) => [pet.id, pet.adoptedDate]));
  return (
    <PersonalList
      title="Adopted Pets"
      pets={pets}
      confirmFirst={confirmFirst}
      empty="No adopted pet here yet"
      cardNote={(pet) => <p className="pet-card__note">Adopted on {formatDate(dates.get(pet.id) ?? null)}</p>}
    />
  );
}
