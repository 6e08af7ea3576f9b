import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link } from "@remix-run/react";
import { CheckboxGroup } from "#app/components/checkbox-group";
import { usePetWord } from "#app/components/pet-card";
import { SortSelect } from "#app/components/sort-select";
import { activeLevels, dogBreeds } from "#app/lib/pets/breeds";
import { matchCatBreeds, type MatchFilters } from "#app/lib/match/match-filters";
import { petSizes, sizeLabelIn } from "#app/lib/pets/pet-sizes";

export interface MatchFilterFormProps {
  filters: MatchFilters;
  /** The results' address as a query: after any navigation the controls start again from what the results show. */
  query: string;
  matchPath: string;
}

/**
 * The filters of the match results (spec §2). With JavaScript their code and words load when the
 * Filter dialog is first opened (or the pointer or focus comes to its button); the page as sent has
 * them in place, for a browser without JavaScript (decision 061).
 */
export default function MatchFilterForm({ filters, query, matchPath }: MatchFilterFormProps) {
  const { t, i18n } = useLingui();
  const word = usePetWord();
  const sizeText = (size: string) => sizeLabelIn(i18n, size);
  return (
    <Form key={query} method="get" action={matchPath} className="stack">
      <input type="hidden" name="q" value={filters.search} />
      <CheckboxGroup
        legend={t`Species`}
        name="species"
        options={["Cat", "Dog"]}
        chosen={filters.species}
        label={word}
      />
      <CheckboxGroup legend={t`Cat breeds`} name="breed" options={matchCatBreeds} chosen={filters.breeds} />
      <CheckboxGroup
        legend={t`Dog breeds`}
        name="breed"
        options={dogBreeds.filter((breed) => breed !== "Mix")}
        chosen={filters.breeds}
      />
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
  );
}
