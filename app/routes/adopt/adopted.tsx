import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "@remix-run/react";
import { PersonalList, useFormatDate } from "#app/components/personal-lists";
import { i18nOf } from "#app/locales/catalogs.server";
import { routeMeta } from "#app/lib/i18n/meta";
import { listPetsAdoptedBy } from "#app/models/pets.server";
import { careSummaryOf } from "#app/models/care.server";
import { careSummaryText } from "#app/lib/care/care-email";
import { requireUser } from "#app/services/auth.server";
import { shelter } from "#app/config/shelter";

export const meta = routeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const i18n = i18nOf(request);
  const name = shelter.name;
  const meta = { title: i18n._(msg`Adopted Pets`), description: i18n._(msg`The pets you adopted from the ${name}.`) };
  // Staff record adoptions by email address: only its proven owner may see them.
  if (!viewer.emailConfirmed) return { meta, pets: [], care: [], confirmFirst: true };
  const pets = await listPetsAdoptedBy(context.db, viewer.email);
  // Each pet's care record, as the adoption e-mail carried it (issue 45): only the viewer's own pets,
  // with the chip number and how to register it; never a lot or a note.
  const care = await Promise.all(
    pets.map(async (pet) => ({
      id: pet.id,
      lines: careSummaryText(pet, await careSummaryOf(context.db, pet.id, { withChipNumber: true }), i18n).split("\n"),
    })),
  );
  return { meta, pets, care, confirmFirst: false };
}

export default function Adopted() {
  const { pets, care, confirmFirst } = useLoaderData<typeof loader>();
  const dates = new Map(pets.map((pet) => [pet.id, pet.adoptedDate]));
  const careOf = new Map(care.map((record) => [record.id, record.lines]));
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
        const lines = careOf.get(pet.id) ?? [];
        return (
          <>
            <p className="pet-card__note">
              <Trans>Adopted on {day}</Trans>
            </p>
            {lines.length > 0 ? (
              <details className="care-summary">
                <summary>
                  <Trans>Care record</Trans>
                </summary>
                {lines
                  .filter((line) => line !== "")
                  .map((line, index) =>
                    /^https:\/\//.test(line) ? (
                      <p key={index}>
                        <a href={line}>{line}</a>
                      </p>
                    ) : (
                      <p key={index}>{line}</p>
                    ),
                  )}
              </details>
            ) : null}
          </>
        );
      }}
    />
  );
}
