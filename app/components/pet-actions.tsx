import { Link } from "@remix-run/react";
import { FavoriteButton, signInUrl } from "~/components/favorite-button";
import { shelter } from "~/config/shelter";

/** Who is looking at a pet page: the buttons differ (spec §2, §6). */
export type Viewer = "visitor" | "user" | "staff";

/**
 * Apply for adoption and the favourite heart. A visitor is sent to sign in first and comes back to
 * the pet; a signed-in user opens the shelter's adoption form in a new window; staff see neither.
 */
export function PetActions({ viewer, petName, petPath }: { viewer: Viewer; petName: string; petPath: string }) {
  if (viewer === "staff") return null;
  return (
    <div className="pet-actions">
      {viewer === "user" ? (
        <a href={shelter.links.adoptionForm} target="_blank" rel="noopener noreferrer" className="button button--accent">
          Apply for adoption<span className="visually-hidden"> (opens in a new window)</span>
        </a>
      ) : (
        <Link to={signInUrl(petPath)} className="button button--accent" rel="nofollow">
          Apply for adoption
        </Link>
      )}
      <FavoriteButton petName={petName} className="pet-actions__favorite" />
    </div>
  );
}
