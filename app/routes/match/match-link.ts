import { filtersToQuery } from "#app/lib/pets/filters-query";
import type { MatchFilters } from "#app/lib/match/match-filters";

/** The address of the match results with these filters, on this page of them. */
export function matchLink(matchPath: string, filters: MatchFilters, page = 1) {
  const query = new URLSearchParams(filtersToQuery(filters, page));
  if (filters.search) query.set("q", filters.search);
  for (const species of filters.species) query.append("species", species);
  const text = query.toString();
  return text ? `${matchPath}?${text}` : matchPath;
}
