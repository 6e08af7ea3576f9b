import { Link, useLocation } from "@remix-run/react";

export function signInUrl(returnTo: string) {
  return `/sign-in?redirectTo=${encodeURIComponent(returnTo)}`;
}

/**
 * The heart on pet cards and pet pages. Favourites come with accounts; until a visitor is signed
 * in, the heart leads to the sign-in page and back to where they were.
 */
export function FavoriteButton({ petName, className = "" }: { petName: string; className?: string }) {
  const location = useLocation();
  return (
    <Link
      to={signInUrl(location.pathname + location.search)}
      className={`favorite-button ${className}`.trim()}
      aria-label={`Add ${petName} to favorites`}
      rel="nofollow"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.4 5c2 0 3.3 1.1 4 2.3h3.2C14.3 6.1 15.6 5 17.6 5 21 5 23 8.4 21.6 11.7 19.5 16.4 12 21 12 21z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </Link>
  );
}
