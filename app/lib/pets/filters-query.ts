import type { ListFilters } from "./adopt-filters";

/** The canonical query of a set of filters (the default sort is left out). */
export function filtersToQuery(filters: ListFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const breed of filters.breeds) params.append("breed", breed);
  for (const level of filters.levels) params.append("level", level);
  for (const size of filters.sizes) params.append("size", size);
  if (filters.sort !== "relevant") params.set("sort", filters.sort);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}
