import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useState, type FormEvent } from "react";
import type { loader as mainLoader } from "#app/routes/site/layout";
import type { FavoriteResult } from "#app/routes/adopt/favorites-toggle";
import { useLocalePath } from "#app/components/locale";

export function signInUrl(returnTo: string) {
  return `/sign-in?redirectTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Who is looking and whether a pet is their favorite, as every heart on the page sees it: the saved
 * state from the layout, or, while a change is on its way, the state asked for (optimistic). The
 * fetcher key makes the card, the pet page's button and its note share one change.
 */
export function useFavorite(petId: number) {
  const layout = useRouteLoaderData<typeof mainLoader>("routes/_main");
  const fetcher = useFetcher<FavoriteResult>({ key: `favorite-${petId}` });
  const viewer = layout?.viewer ?? null;
  const saved = layout?.favoriteIds.includes(petId) ?? false;
  const asked = fetcher.formData?.get("favorite");
  const isFavorite = viewer ? (asked === undefined || asked === null ? saved : asked === "true") : false;
  return { viewer, fetcher, isFavorite };
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.4 5c2 0 3.3 1.1 4 2.3h3.2C14.3 6.1 15.6 5 17.6 5 21 5 23 8.4 21.6 11.7 19.5 16.4 12 21 12 21z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/**
 * The sign-in-required dialog loads only when a signed-out visitor taps a heart (its code is in no
 * page's first load); if it cannot load (offline), a short notice with the sign-in link stands in.
 */
const loadSignInDialog = () => import("#app/components/sign-in-required").catch(() => ({ default: SignInFallback }));
const SignInDialog = lazy(loadSignInDialog);

function SignInFallback({ returnTo }: { petId: number; returnTo: string; onClose: () => void }) {
  const href = useLocalePath();
  return (
    <p className="favorite-error" role="alert">
      <Trans>
        <Link to={href(signInUrl(returnTo))}>Sign in</Link> to keep your favorite pets.
      </Trans>
    </p>
  );
}

/**
 * The favorite heart on cards and pet pages: a real form that works without JavaScript (the server
 * answers with a redirect back here). With JavaScript it changes at once and rolls back if the server
 * refuses. Staff see none.
 */
export function FavoriteButton({
  petId,
  petName,
  labelled = false,
  className = "",
}: {
  petId: number;
  petName: string;
  labelled?: boolean;
  className?: string;
}) {
  const { viewer, fetcher, isFavorite } = useFavorite(petId);
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const [dismissed, setDismissed] = useState<unknown>(null);
  const { t } = useLingui();
  if (viewer?.isStaff) return null;

  const enhance = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    formData.set("stay", "1");
    if (!viewer) void loadSignInDialog();
    fetcher.submit(formData, { method: "post", action: "/favorites/toggle" });
  };
  const label = isFavorite ? t`Remove ${petName} from favorites` : t`Add ${petName} to favorites`;
  const askSignIn = fetcher.data && "signInRequired" in fetcher.data && dismissed !== fetcher.data;
  const refused = fetcher.state === "idle" && fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;

  return (
    <>
      {/* A plain form: with JavaScript `enhance` always sends it through the fetcher (a fetcher.Form would do
          no more, and costs the server a route resolution per card). */}
      <form method="post" action="/favorites/toggle" onSubmit={enhance} className={`favorite-form ${className}`.trim()}>
        <input type="hidden" name="petId" value={petId} />
        <input type="hidden" name="favorite" value={isFavorite ? "false" : "true"} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <button
          type="submit"
          className={`favorite-button${labelled ? " favorite-button--labelled" : ""}`}
          aria-pressed={isFavorite}
          aria-label={labelled ? undefined : label}
        >
          <Heart filled={isFavorite} />
          {labelled ? <span>{isFavorite ? t`Remove from favorites` : t`Add to favorites`}</span> : null}
        </button>
      </form>
      {refused ? (
        <p className="favorite-error" role="alert">
          {refused}
        </p>
      ) : null}
      {askSignIn ? (
        <Suspense fallback={null}>
          <SignInDialog petId={petId} returnTo={returnTo} onClose={() => setDismissed(fetcher.data)} />
        </Suspense>
      ) : null}
    </>
  );
}
