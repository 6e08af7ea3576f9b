import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { PetGrid } from "#app/components/pet-card";
import { formatDate } from "#app/lib/i18n/dates";
import { formatDateIn } from "#app/lib/i18n/intl";
import type { PetSummary } from "#app/models/pets.server";

const tabs = [
  { to: "/favorite", label: msg`Favorite Pets` },
  { to: "/on-hold", label: msg`On-hold Pets` },
  { to: "/adopted", label: msg`Adopted Pets` },
];

/**
 * A day in the page's language, in the shelter's time zone: English keeps the site's one format
 * (lib/dates), Spanish says "24 de noviembre de 2026" (lib/intl); empty for no date.
 */
export function useFormatDate(): (instant: Date | string | number | null | undefined) => string {
  const locale = useLocale();
  return (instant) =>
    locale === "en" || instant === null || instant === undefined || instant === ""
      ? formatDate(instant)
      : formatDateIn(locale, instant);
}

/** The page shared by /favorite, /on-hold and /adopted: one tab bar, a heading with the count, cards. */
export function PersonalList({
  title,
  pets,
  empty,
  intro,
  cardNote,
  confirmFirst = false,
}: {
  title: string;
  pets: PetSummary[];
  empty: string;
  intro?: ReactNode;
  cardNote?: (pet: PetSummary) => ReactNode;
  /** The list is found by email address, and this account has not confirmed its address yet. */
  confirmFirst?: boolean;
}) {
  const { t } = useLingui();
  const href = useLocalePath();
  return (
    <div className="container personal-list">
      <nav aria-label={t`Your pets`} className="tabs">
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={href(tab.to)} className="tabs__tab">
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      <h1>
        {title} ({pets.length})
      </h1>
      {intro}
      {confirmFirst ? (
        <div className="notice notice--info" role="status">
          <p className="notice__title">
            <Trans>Confirm your email address first.</Trans>
          </p>
          <p>
            <Trans>
              The shelter finds these pets by your email address, so we show them once you have confirmed it is yours.
              Follow the link in the email we sent you, or{" "}
              <Link to={href("/confirm-email")}>send the confirmation email again</Link>.
            </Trans>
          </p>
        </div>
      ) : null}
      {pets.length > 0 ? <PetGrid pets={pets} actions={cardNote} headingLevel={2} /> : <p className="empty">{empty}</p>}
    </div>
  );
}

/** Kept for the pet admin page until it imports lib/dates itself: the site's one date format is there. */
export { formatDate };
