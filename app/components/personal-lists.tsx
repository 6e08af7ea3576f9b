import { NavLink } from "@remix-run/react";
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
}: {
  title: string;
  pets: PetSummary[];
  empty: string;
  intro?: ReactNode;
  cardNote?: (pet: PetSummary) => ReactNode;
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
      {pets.length > 0 ? <PetGrid pets={pets} actions={cardNote} /> : <p className="empty">{empty}</p>}
    </div>
  );
}

export function formatDate(date: Date | string | null) {
  if (!date) return "";
  return new Date(date).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "America/Los_Angeles" });
}
