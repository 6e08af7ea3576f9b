import { activeLevels } from "./breeds";
import { petSizes, type PetSize } from "./pet-sizes";

/** How an adopt list can be sorted (spec §9); each label is also its catalogue id (shown through the page's Lingui). */
export const sortOptions = [
  { value: "relevant", label: /*i18n*/ "Most relevant" },
  { value: "az", label: /*i18n*/ "Alphabetical A-Z" },
  { value: "za", label: /*i18n*/ "Alphabetical Z-A" },
] as const;
export type SortOrder = (typeof sortOptions)[number]["value"];

export type ActiveLevel = (typeof activeLevels)[number];

/** The visitor's choices on /adopt/{species}, read from the URL's query. */
export interface ListFilters {
  breeds: string[];
  levels: ActiveLevel[];
  sizes: PetSize[];
  sort: SortOrder;
}

export const emptyFilters: ListFilters = { breeds: [], levels: [], sizes: [], sort: "relevant" };

const filterParams = ["breed", "level", "size", "sort"] as const;
const maxBreeds = 30;
const maxBreedLength = 60;
export const maxPage = 1000;

/** Turns an URL slug into the species a list shows: cat, dog, or every other species. */
export function speciesOfSlug(slug: string | undefined): "Cat" | "Dog" | "other" {
  const lower = slug?.toLowerCase();
  if (lower === "cat") return "Cat";
  if (lower === "dog") return "Dog";
  return "other";
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Keeps the values that match one of `options`, ignoring case, spelled as the option is. */
function matchOptions<T extends string>(values: string[], options: readonly T[]): T[] {
  return unique(
    values.flatMap((value) => options.filter((option) => option.toLowerCase() === value.trim().toLowerCase())),
  );
}

/**
 * Reads the filters from a query. Anything unknown is dropped rather than refused, so an old or
 * hand-edited link still shows a list.
 */
export function readFilters(params: URLSearchParams): ListFilters {
  const breeds = unique(
    params
      .getAll("breed")
      .map((breed) => breed.trim())
      .filter((breed) => breed.length > 0 && breed.length <= maxBreedLength),
  ).slice(0, maxBreeds);
  const sort = sortOptions.find((option) => option.value === params.get("sort"))?.value ?? "relevant";
  return {
    breeds,
    levels: matchOptions(params.getAll("level"), activeLevels),
    sizes: matchOptions(params.getAll("size"), petSizes),
    sort,
  };
}

/** True when the query says anything about filters or sort (even "none"). */
export function hasFilterParams(params: URLSearchParams): boolean {
  return filterParams.some((name) => params.has(name));
}

export function isFiltered(filters: ListFilters): boolean {
  return filters.breeds.length + filters.levels.length + filters.sizes.length > 0;
}

// The canonical query of a set of filters: in a module of its own, which imports nothing (the match
// results build their links with it, without the breeds this module's checks need).
export { filtersToQuery } from "./filters-query";

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 ? Math.min(page, maxPage) : 1;
}

export type Chip = { key: "breed" | "level" | "size"; value: string };

/** One removable chip per chosen filter value. */
export function chipsOf(filters: ListFilters): Chip[] {
  return [
    ...filters.breeds.map((value) => ({ key: "breed" as const, value })),
    ...filters.levels.map((value) => ({ key: "level" as const, value })),
    ...filters.sizes.map((value) => ({ key: "size" as const, value })),
  ];
}

/** The filters without one chip's value. */
export function withoutChip(filters: ListFilters, chip: Chip): ListFilters {
  const drop = <T extends string>(values: T[]) => values.filter((value) => value !== chip.value);
  if (chip.key === "breed") return { ...filters, breeds: drop(filters.breeds) };
  if (chip.key === "level") return { ...filters, levels: drop(filters.levels) };
  return { ...filters, sizes: drop(filters.sizes) };
}
