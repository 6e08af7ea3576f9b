import { Form, Link, useLocation, type useLoaderData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated";
import { PetGrid } from "#app/components/pet-card";
import { ApplyLink } from "#app/components/pet-actions";
import { chipsOf, filtersToQuery, withoutChip } from "#app/lib/adopt-filters";
import { CheckboxGroup } from "#app/components/checkbox-group";
import { SortSelect } from "#app/components/sort-select";
import { activeLevels, displayLabel, dogBreeds } from "#app/lib/breeds";
import { matchCatBreeds, type MatchFilters } from "#app/lib/match-filters";
import { petSizes, sizeLabel } from "#app/lib/pet-sizes";
import { MatchExplanation, NoFilteredMatches, NoMatches } from "./results";
import { NewPetAlertsForm } from "#app/components/new-pet-alerts-form";
import { Pagination } from "#app/components/pagination";
import type { loader } from "./match.server";

type MatchResults = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["results"]>;

/**
 * The results view of /match. The route loads this module only when it shows results, so the
 * questionnaire pages carry none of the cards, filters and explanations (decision 039).
 */
export default function MatchResultsView({ results, alertsOn, alertsConfirmed }: { results: MatchResults; alertsOn: boolean | null; alertsConfirmed: boolean }) {
  return (
    <>
      <Results results={results} />
      {typeof alertsOn === "boolean" ? <NewPetAlertsForm on={alertsOn} redirectTo="/match" confirmed={alertsConfirmed} /> : null}
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
        <summary>Filter</summary>
        {children}
      </details>
    );
  }
  return (
    <div className="match-filters">
      <button type="button" className="match-filters__open" onClick={() => dialog.current?.showModal()}>
        Filter
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby="match-filters-title" onSubmit={() => dialog.current?.close()}>
        <h2 id="match-filters-title">Filter your matches</h2>
        {children}
        <form method="dialog">
          <button type="submit" className="link-button">
            Close
          </button>
        </form>
      </dialog>
    </div>
  );
}

function Results({ results }: { results: MatchResults }) {
  const { filters, pets, total, shownCount, page, totalPages } = results;
  const linkWith = (next: MatchFilters, page = 1) => {
    const query = new URLSearchParams(filtersToQuery(next, page));
    if (next.search) query.set("q", next.search);
    for (const species of next.species) query.append("species", species);
    const text = query.toString();
    return text ? `/match?${text}` : "/match";
  };
  const explanations = new Map(pets.map((pet) => [pet.id, pet]));
  return (
    <section aria-labelledby="results-title">
      <p>
        <Link to="/match?step=questions">Go back to the questionnaires</Link>
      </p>
      <h2 id="results-title">
        Your Matches ({shownCount === total ? total : `${shownCount} of ${total}`})
      </h2>
      {totalPages > 1 ? <p className="list-count">Page {page} of {totalPages}</p> : null}
      <Form key={results.query} method="get" action="/match" className="search" role="search">
        <label htmlFor="match-search">Search for a pet</label>
        <input id="match-search" type="search" name="q" defaultValue={filters.search} />
        {filters.species.map((species) => <input key={species} type="hidden" name="species" value={species} />)}
        {filters.breeds.map((breed) => <input key={breed} type="hidden" name="breed" value={breed} />)}
        {filters.levels.map((level) => <input key={level} type="hidden" name="level" value={level} />)}
        {filters.sizes.map((size) => <input key={size} type="hidden" name="size" value={size} />)}
        <button type="submit" className="button button--small">Search</button>
        {filters.search ? (
          <Link to={linkWith({ ...filters, search: "" })} className="button button--small">
            Clear<span className="visually-hidden"> the search</span>
          </Link>
        ) : null}
      </Form>
      <FilterPanel>
        {/* Keyed by the address: after any navigation the controls start again from what the results show. */}
        <Form key={results.query} method="get" action="/match" className="stack">
          <input type="hidden" name="q" value={filters.search} />
          <CheckboxGroup legend="Species" name="species" options={["Cat", "Dog"]} chosen={filters.species} />
          <CheckboxGroup legend="Cat breeds" name="breed" options={matchCatBreeds} chosen={filters.breeds} />
          <CheckboxGroup legend="Dog breeds" name="breed" options={dogBreeds.filter((breed) => breed !== "Mix")} chosen={filters.breeds} />
          <CheckboxGroup legend="Active levels" name="level" options={activeLevels} chosen={filters.levels} />
          <CheckboxGroup legend="Sizes" name="size" options={petSizes} chosen={filters.sizes} label={sizeLabel} />
          <SortSelect id="match-sort" label="Sort" value={filters.sort} />
          <p className="button-row">
            <button type="submit" className="button button--primary">Apply</button>
            <Link to="/match" className="button">Clear All</Link>
          </p>
        </Form>
      </FilterPanel>
      {chipsOf(filters).length + filters.species.length > 0 ? (
        <ul className="chips" aria-label="Chosen filters">
          {filters.species.map((species) => (
            <li key={species}>
              <Link to={linkWith({ ...filters, species: filters.species.filter((value) => value !== species) })} className="chip" aria-label={`Remove filter ${species}`}>
                {species} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
          {chipsOf(filters).map((chip) => (
            <li key={`${chip.key}-${chip.value}`}>
              <Link to={linkWith({ ...filters, ...withoutChip(filters, chip) })} className="chip" aria-label={`Remove filter ${displayLabel(chip.value)}`}>
                {chip.key === "size" ? sizeLabel(chip.value) : displayLabel(chip.value)} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {results.unweighed.length > 0 ? (
        <section className="unweighed" aria-labelledby="unweighed-title">
          <h3 id="unweighed-title">What we did not weigh</h3>
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
