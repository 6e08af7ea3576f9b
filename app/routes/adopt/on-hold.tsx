import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "@remix-run/react";
import { PersonalList, useFormatDate } from "#app/components/personal-lists";
import { shelterText } from "#app/config/shelter-es";
import { formatDateIn } from "#app/lib/i18n/intl";
import { localeOf } from "#app/lib/i18n/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { PhoneLink } from "#app/components/phone-link";
import { useLocale } from "#app/components/locale";
import { shelter } from "#app/config/shelter";
import { formatHoldEnd } from "#app/lib/visits/business-hours";
import { routeMeta } from "#app/lib/i18n/meta";
import { listPetsHeldBy } from "#app/models/pets.server";
import { requireUser } from "#app/services/auth.server";

export const meta = routeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  const meta = {
    title: i18n._(msg`On-hold pets`),
    description: i18n._(msg`The pets the shelter holds for you for one business day, without a hold fee.`),
  };
  // Staff record holds by email address: only its proven owner may see them.
  if (!viewer.emailConfirmed) return { meta, pets: [], confirmFirst: true };
  const pets = await listPetsHeldBy(context.db, viewer.email);
  // When the hold ends, in the shelter's time: English as the rest of the site says it; Spanish through Intl.
  const holdEnd = (until: Date) =>
    locale === "en" ? formatHoldEnd(until, shelter.openingHours.timeZone) : formatDateIn(locale, until, { time: true });
  return {
    meta,
    pets: pets.map(({ onHoldUntil, ...pet }) => ({
      ...pet,
      onHoldUntil: onHoldUntil ? holdEnd(onHoldUntil) : null,
    })),
    confirmFirst: false,
  };
}

export default function OnHold() {
  const { pets, confirmFirst } = useLoaderData<typeof loader>();
  const holds = new Map(pets.map((pet) => [pet.id, pet]));
  const { t } = useLingui();
  const formatDate = useFormatDate();
  const hours = shelterText(shelter.hours, useLocale());
  return (
    <PersonalList
      title={t`On-hold pets`}
      pets={pets}
      confirmFirst={confirmFirst}
      empty={t`No on-hold pets here yet`}
      intro={
        <div className="notice notice--info">
          <p className="notice__title">
            <Trans>You have one business day to meet with them without a hold fee.</Trans>
          </p>
          <p>
            <Trans>
              When you ask us to hold a pet, we keep them for you for one business day: nobody else can adopt them
              meanwhile, and there is no fee for the hold. Visit or call us within that day to meet them. After that,
              the hold ends and they return to the adoption list.
            </Trans>
          </p>
          <p>
            <Trans>
              We are open {hours}; call us at <PhoneLink />.
            </Trans>
          </p>
        </div>
      }
      cardNote={(pet) => {
        const hold = holds.get(pet.id);
        const until = hold?.onHoldUntil;
        const since = formatDate(hold?.onHoldDate ?? null);
        return (
          <p className="pet-card__note">
            {until ? (
              <Trans>
                Held for you until <strong>{until}</strong>
              </Trans>
            ) : (
              <Trans>On hold since {since}</Trans>
            )}
          </p>
        );
      }}
    />
  );
}
