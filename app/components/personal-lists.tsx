import { Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { PetGrid } from "#app/components/pet-card";
import type { PetSummary } from "#app/models/pets.server";

const tabs = [
  { to: "/favorite", label: "Favorite Pets" },
  { to: "/on-hold", label: "On-hold Pets" },
  { to: "/adopted", label: "Adopted Pets" },
];

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
  return (
    <div className="container personal-list">
      <nav aria-label="Your pets" className="tabs">
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className="tabs__tab">
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <h1>
        {title} ({pets.length})
      </h1>
      {intro}
      {confirmFirst ? (
        <div className="notice notice--info" role="status">
          <p className="notice__title">Confirm your email address first.</p>
          <p>
            The shelter finds these pets by your email address, so we show them once you have confirmed it is yours.
            Follow the link in the email we sent you, or <Link to="/confirm-email">send the confirmation email again</Link>.
          </p>
        </div>
      ) : null}
      {pets.length > 0 ? <PetGrid pets={pets} actions={cardNote} headingLevel={2} /> : <p className="empty">{empty}</p>}
    </div>
  );
}

/** Kept for the pet admin page until it imports lib/dates itself: the site's one date format is there. */
export { formatDate } from "#app/lib/dates";
