import { Trans } from "@lingui/react/macro";
import { Form, Link, useLocation, type useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { PetGrid } from "#app/components/pet-card";
import { ApplyLink } from "#app/components/pet-actions";
import type { MatchFilters } from "#app/lib/match/match-filters";
import { matchLink } from "./match-link";
import { staticView } from "#app/components/static-view";
import type { MatchFilterFormProps } from "./filter-form";
import { NoFilteredMatches } from "./results";
import { lazyView } from "#app/components/lazy-view";
import { Pagination } from "#app/components/pagination";
import type { loader } from "./match.server";

type MatchResults = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["results"]>;

/**
 * The results view of /match. The route loads this module only when it shows results, so the
 * questionnaire pages carry none of the cards, filters and explanations (decision 039).
 */
/** The explanation when nothing matches: its code loads only when shown (./no-matches.tsx). */
/** New-pet alerts, offered to a signed-in visitor only: loaded when shown. */
const NewPetAlertsForm = lazyView(
  () => import("#app/components/new-pet-alerts-form"),
  (page) => page.getElementById("alerts-title") !== null,
);

const NoMatches = lazyView(
  () => import("./no-matches"),
  (page) => page.querySelector("section.no-matches") !== null,
);

export default function MatchResultsView({
  results,
  alertsOn,
  alertsConfirmed,
}: {
  results: MatchResults;
  alertsOn: boolean | null;
  alertsConfirmed: boolean;
}) {
  const href = useLocalePath();
  return (
    <>
      <Results results={results} />
      {typeof alertsOn === "boolean" ? (
        <NewPetAlertsForm on={alertsOn} redirectTo={href("/match")} confirmed={alertsConfirmed} />
      ) : null}
    </>
  );
}

/**
 * Why each pet matches: plain text, so a static part each (decision 061); its code and words load only
 * for results reached in the browser (another page of them, other filters).
 */
const MatchExplanation = staticView(
  () => import("./explanation"),
  (props) => `why-${props.petId}`,
);

/** The chosen filters' chips: links only, a static part (./chips.tsx). */
const MatchChips = staticView(
  () => import("./chips"),
  () => "match-chips",
);

/** The filters' form: in the page as sent, hydrated as it is; its code loads when the dialog first opens. */
const loadFilterForm = () => import("./filter-form");
const FilterFormPart = staticView(loadFilterForm, () => "match-filters");
const LazyFilterForm = lazy(loadFilterForm);

/**
 * The results' filters: a dialog with JavaScript (spec §2), a section that opens in place without.
 * Any navigation (Apply, Clear All, a chip) closes the dialog, so it never shows filters the results do not.
 */
function FilterPanel(props: MatchFilterFormProps) {
  const enhanced = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  useEffect(() => dialog.current?.close(), [location.key]);
  if (!enhanced) {
    return (
      <details className="match-filters">
        <summary>
          <Trans>Filter</Trans>
        </summary>
        <FilterFormPart {...props} />
      </details>
    );
  }
  const preload = () => void loadFilterForm();
  return (
    <div className="match-filters">
      <button
        type="button"
        className="match-filters__open"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          dialog.current?.showModal();
        }}
      >
        <Trans>Filter</Trans>
      </button>
      <dialog
        ref={dialog}
        className="dialog"
        aria-labelledby="match-filters-title"
        onSubmit={() => dialog.current?.close()}
      >
        <h2 id="match-filters-title">
          <Trans>Filter your matches</Trans>
        </h2>
        {opened ? (
          <Suspense
            fallback={
              <p role="status">
                <Trans>Loading the filters…</Trans>
              </p>
            }
          >
            <LazyFilterForm {...props} />
          </Suspense>
        ) : null}
        <form method="dialog">
          <button type="submit" className="link-button">
            <Trans>Close</Trans>
          </button>
        </form>
      </dialog>
    </div>
  );
}

function Results({ results }: { results: MatchResults }) {
  const { filters, pets, total, shownCount, page, totalPages } = results;
  const href = useLocalePath();
  const matchPath = href("/match");
  const linkWith = (next: MatchFilters, page = 1) => matchLink(matchPath, next, page);
  const explanations = new Map(pets.map((pet) => [pet.id, pet]));
  return (
    <section aria-labelledby="results-title">
      <p>
        <Link to={href("/match?step=questions")}>
          <Trans>Go back to the questionnaires</Trans>
        </Link>
      </p>
      <h2 id="results-title">
        {shownCount === total ? (
          <Trans>Your Matches ({total})</Trans>
        ) : (
          <Trans>
            Your Matches ({shownCount} of {total})
          </Trans>
        )}
      </h2>
      {totalPages > 1 ? (
        <p className="list-count">
          <Trans>
            Page {page} of {totalPages}
          </Trans>
        </p>
      ) : null}
      <Form key={results.query} method="get" action={matchPath} className="search" role="search">
        <label htmlFor="match-search">
          <Trans>Search for a pet</Trans>
        </label>
        <input id="match-search" type="search" name="q" defaultValue={filters.search} />
        {filters.species.map((species) => (
          <input key={species} type="hidden" name="species" value={species} />
        ))}
        {filters.breeds.map((breed) => (
          <input key={breed} type="hidden" name="breed" value={breed} />
        ))}
        {filters.levels.map((level) => (
          <input key={level} type="hidden" name="level" value={level} />
        ))}
        {filters.sizes.map((size) => (
          <input key={size} type="hidden" name="size" value={size} />
        ))}
        <button type="submit" className="button button--small">
          <Trans>Search</Trans>
        </button>
        {filters.search ? (
          <Link to={linkWith({ ...filters, search: "" })} className="button button--small">
            <Trans>
              Clear<span className="visually-hidden"> the search</span>
            </Trans>
          </Link>
        ) : null}
      </Form>
      <FilterPanel filters={filters} query={results.query} matchPath={matchPath} />
      <MatchChips filters={filters} matchPath={matchPath} />
      {results.unweighed.length > 0 ? (
        <section className="unweighed" aria-labelledby="unweighed-title">
          <h3 id="unweighed-title">
            <Trans>What we did not weigh</Trans>
          </h3>
          <ul>
            {results.unweighed.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {pets.length > 0 ? (
        <PetGrid
          pets={pets}
          // One card a row: only the first photo is near the top of a phone's screen, fetched first.
          eagerCount={1}
          layout="roomy"
          actions={(pet) => {
            const explained = explanations.get(pet.id);
            return (
              <>
                {explained ? (
                  <MatchExplanation
                    petId={pet.id}
                    name={pet.name}
                    strength={explained.strength}
                    fits={explained.fits}
                    cautions={explained.cautions}
                  />
                ) : null}
                <ApplyLink petId={pet.id} petName={pet.name} className="button button--small button--accent" />
              </>
            );
          }}
        />
      ) : results.noMatches ? (
        <NoMatches explanation={results.noMatches} />
      ) : (
        <NoFilteredMatches total={total} />
      )}
      <Pagination page={page} totalPages={totalPages} pageUrl={(number) => linkWith(filters, number)} />
    </section>
  );
}
