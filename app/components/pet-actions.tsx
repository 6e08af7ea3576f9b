import { Link } from "@remix-run/react";
import { FavoriteButton, signInUrl, useFavorite } from "#app/components/favorite-button";
import { shelter } from "#app/config/shelter";

/**
 * Apply for adoption and the favourite button of a pet page. A visitor is sent to sign in first and
 * comes back to the pet; a signed-in user opens the shelter's adoption form in a new window; staff see
 * neither.
 */
export function PetActions({ petId, petName, petPath }: { petId: number; petName: string; petPath: string }) {
  const { viewer } = useFavorite(petId);
  if (viewer?.isStaff) return null;
  return (
    <div className="pet-actions">
      {viewer ? (
        <a href={shelter.links.adoptionForm} target="_blank" rel="noopener noreferrer" className="button button--accent">
          Apply for adoption<span className="visually-hidden"> (opens in a new window)</span>
        </a>
      ) : (
        <Link to={signInUrl(petPath)} className="button button--accent" rel="nofollow">
          Apply for adoption
        </Link>
      )}
      <FavoriteButton petId={petId} petName={petName} labelled />
    </div>
  );
}

/** The pet page's note (spec §2, its grammar corrected). */
export function FavoriteNote({ petId, petName }: { petId: number; petName: string }) {
  const { isFavorite } = useFavorite(petId);
  if (!isFavorite) return null;
  return <p className="favorite-note">{petName} is one of your favorite pets</p>;
}
