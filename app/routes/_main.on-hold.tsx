import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PersonalList } from "#app/components/personal-lists";
import { PhoneLink } from "#app/components/phone-link";
import { formatDate } from "#app/lib/dates";
import { shelter } from "#app/config/shelter";
import { formatHoldEnd } from "#app/lib/business-hours";
import { pageMeta } from "#app/lib/meta";
import { listPetsHeldBy } from "#app/models/pets.server";
import { requireUser } from "#app/services/auth.server";

export const meta: MetaFunction = () => pageMeta("On-hold pets", "The pets the shelter holds for you for one business day, without a hold fee.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  // Staff record holds by email address: only its proven owner may see them.
  if (!viewer.emailConfirmed) return { pets: [], confirmFirst: true };
  const pets = await listPetsHeldBy(context.db, viewer.email);
  return {
    pets: pets.map(({ onHoldUntil, ...pet }) => ({
      ...pet,
      onHoldUntil: onHoldUntil ? formatHoldEnd(onHoldUntil, shelter.openingHours.timeZone) : null,
    })),
    confirmFirst: false,
  };
}

export default function OnHold() {
  const { pets, confirmFirst } = useLoaderData<typeof loader>();
  const holds = new Map(pets.map((pet) => [pet.id, pet]));
  return (
    <PersonalList
      title="On-hold pets"
      pets={pets}
      confirmFirst={confirmFirst}
      empty="No on-hold pets here yet"
      intro={
        <div className="notice notice--info">
          <p className="notice__title">You have one business day to meet with them without a hold fee.</p>
          <p>
            When you ask us to hold a pet, we keep them for you for one business day: nobody else can adopt them
            meanwhile, and there is no fee for the hold. Visit or call us within that day to meet them. After that,
            the hold ends and they return to the adoption list.
          </p>
          <p>
            We are open {shelter.hours}; call us at <PhoneLink />.
          </p>
        </div>
      }
      cardNote={(pet) => {
        const hold = holds.get(pet.id);
        return (
          <p className="pet-card__note">
            {hold?.onHoldUntil ? <>Held for you until <strong>{hold.onHoldUntil}</strong></> : <>On hold since {formatDate(hold?.onHoldDate ?? null)}</>}
          </p>
        );
      }}
    />
  );
}
