import { Link } from "@remix-run/react";
import { FavoriteButton, signInUrl, useFavorite } from "#app/components/favorite-button";

/**
 * Apply to adopt and the favourite button of a pet page. The application form is for signed-in
 * adopters: a visitor signs in first and comes back to it; staff see neither.
 */
export function PetActions({ petId, petName }: { petId: number; petName: string }) {
  const { viewer } = useFavorite(petId);
  if (viewer?.isStaff) return null;
  const applyPath = `/adopt/apply?pet_id=${petId}`;
  return (
    <div className="pet-actions">
      <Link to={viewer ? applyPath : signInUrl(applyPath)} className="button button--accent" rel={viewer ? undefined : "nofollow"}>
        Apply to adopt {petName}
      </Link>
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
