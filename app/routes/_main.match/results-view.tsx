import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useLocation, type useLoaderData } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { usePetWord } from "#app/components/pet-card";
import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { PetGrid } from "#app/components/pet-card";
import { ApplyLink } from "#app/components/pet-actions";
import { chipsOf, filtersToQuery, withoutChip } from "#app/lib/adopt-filters";
import { CheckboxGroup } from "#app/components/checkbox-group";
import { SortSelect } from "#app/components/sort-select";
import { activeLevels, displayLabelIn, dogBreeds } from "#app/lib/breeds";
import { matchCatBreeds, type MatchFilters } from "#app/lib/match-filters";
import { isPetSize, petSizes, sizeLabelIn, sizeNameIn } from "#app/lib/pet-sizes";
import { MatchExplanation, NoFilteredMatches } from "./results";
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

const NoMatches = lazyView(() => import("./no-matches"), (page) => page.querySelector("section.no-matches") !== null);

export default function MatchResultsView({ results, alertsOn, alertsConfirmed }: { results: MatchResults; alertsOn: boolean | null; alertsConfirmed: boolean }) {
  const href = useLocalePath();
  return (
    <>
      <Results results={results} />
      {typeof alertsOn === "boolean" ? <NewPetAlertsForm on={alertsOn} redirectTo={href("/match")} confirmed={alertsConfirmed} /> : null}
    </>
  );
}

/**
 * The results' filters: a dialog with JavaScript (spec §2), a section that opens in place without.
 * Any navigation (Apply, Clear All, a chip) closes the dialog, so it never shows filters the results do not.
 */
function FilterPanel({ children }: { children: ReactNode }) {
  const enhanced = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  useEffect(() => dialog.current?.close(), [location.key]);
  if (!enhanced) {
    return (
      <details className="match-filters">
        <summary>
          <Trans>Filter</Trans>
        </summary>
        {children}
      </details>
    );
  }
  return (
    <div className="match-filters">
      <button type="button" className="match-filters__open" onClick={() => dialog.current?.showModal()}>
        <Trans>Filter</Trans>
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby="match-filters-title" onSubmit={() => dialog.current?.close()}>
        <h2 id="match-filters-title">
          <Trans>Filter your matches</Trans>
        </h2>
        {children}
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
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  const word = usePetWord();
  const matchPath = href("/match");
  const linkWith = (next: MatchFilters, page = 1) => {
    const query = new URLSearchParams(filtersToQuery(next, page));
    if (next.search) query.set("q", next.search);
    for (const species of next.species) query.append("species", species);
    const text = query.toString();
    return text ? `${matchPath}?${text}` : matchPath;
  };
  const sizeText = (size: string) => sizeLabelIn(i18n, size);
  const explanations = new Map(pets.map((pet) => [pet.id, pet]));
  return (
    <section aria-labelledby="results-title">
      <p>
        <Link to={href("/match?step=questions")}>
          <Trans>Go back to the questionnaires</Trans>
        </Link>
      </p>
      <h2 id="results-title">
        {shownCount === total ? <Trans>Your Matches ({total})</Trans> : <Trans>Your Matches ({shownCount} of {total})</Trans>}
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
        {filters.species.map((species) => <input key={species} type="hidden" name="species" value={species} />)}
        {filters.breeds.map((breed) => <input key={breed} type="hidden" name="breed" value={breed} />)}
        {filters.levels.map((level) => <input key={level} type="hidden" name="level" value={level} />)}
        {filters.sizes.map((size) => <input key={size} type="hidden" name="size" value={size} />)}
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
      <FilterPanel>
        {/* Keyed by the address: after any navigation the controls start again from what the results show. */}
        <Form key={results.query} method="get" action={matchPath} className="stack">
          <input type="hidden" name="q" value={filters.search} />
          <CheckboxGroup legend={t`Species`} name="species" options={["Cat", "Dog"]} chosen={filters.species} label={word} />
          <CheckboxGroup legend={t`Cat breeds`} name="breed" options={matchCatBreeds} chosen={filters.breeds} />
          <CheckboxGroup legend={t`Dog breeds`} name="breed" options={dogBreeds.filter((breed) => breed !== "Mix")} chosen={filters.breeds} />
          <CheckboxGroup legend={t`Active levels`} name="level" options={activeLevels} chosen={filters.levels} />
          <CheckboxGroup legend={t`Sizes`} name="size" options={petSizes} chosen={filters.sizes} label={sizeText} />
          <SortSelect id="match-sort" label={t`Sort`} value={filters.sort} />
          <p className="button-row">
            <button type="submit" className="button button--primary">
              <Trans>Apply</Trans>
            </button>
            <Link to={matchPath} className="button">
              <Trans>Clear All</Trans>
            </Link>
          </p>
        </Form>
      </FilterPanel>
      {chipsOf(filters).length + filters.species.length > 0 ? (
        <ul className="chips" aria-label={t`Chosen filters`}>
          {filters.species.map((species) => {
            const shown = word(species);
            return (
              <li key={species}>
                <Link to={linkWith({ ...filters, species: filters.species.filter((value) => value !== species) })} className="chip" aria-label={t`Remove filter ${shown}`}>
                  {shown} <span aria-hidden="true">×</span>
                </Link>
              </li>
            );
          })}
          {chipsOf(filters).map((chip) => {
            const shown = chip.key === "size" && isPetSize(chip.value) ? sizeNameIn(i18n, chip.value) : displayLabelIn(i18n, chip.value);
            return (
              <li key={`${chip.key}-${chip.value}`}>
                <Link to={linkWith({ ...filters, ...withoutChip(filters, chip) })} className="chip" aria-label={t`Remove filter ${shown}`}>
                  {chip.key === "size" ? sizeText(chip.value) : shown} <span aria-hidden="true">×</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
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
          eagerCount={2}
          layout="roomy"
          actions={(pet) => {
            const explained = explanations.get(pet.id);
            return (
              <>
                {explained ? <MatchExplanation name={pet.name} strength={explained.strength} fits={explained.fits} cautions={explained.cautions} /> : null}
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
