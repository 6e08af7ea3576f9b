import { useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { usePetWord } from "#app/components/pet-card";
import { ChipName } from "#app/components/ui/chip-name";
import { chipsOf, withoutChip } from "#app/lib/pets/adopt-filters";
import { displayLabelIn } from "#app/lib/pets/breeds";
import type { MatchFilters } from "#app/lib/match/match-filters";
import { sizeLabelIn } from "#app/lib/pets/pet-sizes";
import { matchLink } from "./match-link";

export interface MatchChipsProps {
  filters: MatchFilters;
  matchPath: string;
}

/**
 * The chosen filters, each a link to the results without it. Links only: a static part of the results
 * (decision 061), whose code and words load only for filters chosen in the browser.
 */
export default function MatchChips({ filters, matchPath }: MatchChipsProps) {
  const { t, i18n } = useLingui();
  const word = usePetWord();
  const chips = chipsOf(filters);
  if (chips.length + filters.species.length === 0) return null;
  return (
    <ul className="chips" aria-label={t`Chosen filters`}>
      {filters.species.map((species) => {
        const shown = word(species);
        return (
          <li key={species}>
            <Link
              to={matchLink(matchPath, { ...filters, species: filters.species.filter((value) => value !== species) })}
              className="chip"
            >
              <ChipName action={t`Remove filter`}>{shown}</ChipName>
            </Link>
          </li>
        );
      })}
      {chips.map((chip) => {
        const shown = chip.key === "size" ? sizeLabelIn(i18n, chip.value) : displayLabelIn(i18n, chip.value);
        return (
          <li key={`${chip.key}-${chip.value}`}>
            <Link to={matchLink(matchPath, { ...filters, ...withoutChip(filters, chip) })} className="chip">
              <ChipName action={t`Remove filter`}>{shown}</ChipName>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
