import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "@remix-run/react";
import { PersonalList, useFormatDate } from "#app/components/personal-lists";
import { i18nOf } from "#app/locales/catalogs.server";
import { routeMeta } from "#app/lib/i18n/meta";
import { listPetsAdoptedBy } from "#app/models/pets.server";
import { requireUser } from "#app/services/auth.server";
import { shelter } from "#app/config/shelter";

export const meta = routeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = { title: i18n._(msg`Adopted Pets`), description: i18n._(msg`The pets you adopted from the ${name}.`) };
  // Staff record adoptions by email address: only its proven owner may see them.
  if (!viewer.emailConfirmed) return { meta, pets: [], confirmFirst: true };
  return { meta, pets: await listPetsAdoptedBy(context.db, viewer.email), confirmFirst: false };
}

export default function Adopted() {
  const { pets, confirmFirst } = useLoaderData<typeof loader>();
  const dates = new Map(pets.map((pet) => [pet.id, pet.adoptedDate]));
  const { t } = useLingui();
  const formatDate = useFormatDate();
  return (
    <PersonalList
      title={t`Adopted Pets`}
      pets={pets}
      confirmFirst={confirmFirst}
      empty={t`No adopted pet here yet`}
      cardNote={(pet) => {
        const day = formatDate(dates.get(pet.id) ?? null);
        return (
          <p className="pet-card__note">
            <Trans>Adopted on {day}</Trans>
          </p>
        );
      }}
    />
  );
}
