import { Trans } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { FavoriteButton, signInUrl, useFavorite } from "#app/components/favorite-button";

/**
 * Apply to adopt and the favorite button of a pet page. The application form is for signed-in
 * adopters: a visitor signs in first and comes back to it; staff see neither.
 */
export function PetActions({ petId, petName }: { petId: number; petName: string }) {
  const { viewer } = useFavorite(petId);
  if (viewer?.isStaff) return null;
  return (
    <div className="pet-actions">
      <ApplyLink petId={petId} petName={petName} />
      <FavoriteButton petId={petId} petName={petName} labelled />
    </div>
  );
}

/** The pet page's note (spec §2, its grammar corrected). */
export function FavoriteNote({ petId, petName }: { petId: number; petName: string }) {
  const { isFavorite } = useFavorite(petId);
  if (!isFavorite) return null;
  return (
    <p className="favorite-note">
      <Trans>{petName} is one of your favorite pets</Trans>
    </p>
  );
}

/** "Apply to adopt {name}": the application form, through sign-in for visitors; staff see none. */
export function ApplyLink({
  petId,
  petName,
  className = "button button--accent",
}: {
  petId: number;
  petName: string;
  className?: string;
}) {
  const { viewer } = useFavorite(petId);
  const href = useLocalePath();
  if (viewer?.isStaff) return null;
  const applyPath = `/adopt/apply?pet_id=${petId}`;
  return (
    <Link
      to={href(viewer ? applyPath : signInUrl(href(applyPath)))}
      className={className}
      rel={viewer ? undefined : "nofollow"}
    >
      <Trans>Apply to adopt {petName}</Trans>
    </Link>
  );
}
