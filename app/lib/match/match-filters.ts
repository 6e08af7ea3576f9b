import { catBreeds } from "../pets/breeds";
import { readFilters, type ListFilters } from "../pets/adopt-filters";
import { favoritesFirst } from "./scoring";
import { sizeOf } from "../pets/pet-sizes";

/** The results' own filters (spec §2 Match), read from /match's query, apart from the adopt lists'. */
export interface MatchFilters extends ListFilters {
  search: string;
  species: ("Cat" | "Dog")[];
}

/** Spec §9: these breeds are listed as cat breeds in the match filter, every other breed as a dog breed. */
export const matchCatBreeds = [...catBreeds, "Mix"];

export function readMatchFilters(params: URLSearchParams): MatchFilters {
  const species = params
    .getAll("species")
    .filter((value): value is "Cat" | "Dog" => value === "Cat" || value === "Dog");
  return {
    ...readFilters(params),
    search: (params.get("q") ?? "").trim().slice(0, 60),
    species: [...new Set(species)],
  };
}

interface Filterable {
  id: number;
  name: string;
  species: string;
  breed: string[];
  weightLbs: number;
  activeLevel: string;
}

/** Narrows and re-sorts the matched pets, favorites first in every order; "relevant" keeps the matchmaker's order. */
export function applyMatchFilters<T extends { pet: Filterable }>(
  matches: T[],
  filters: MatchFilters,
  favoriteIds: readonly number[] = [],
): T[] {
  const search = filters.search.toLowerCase();
  const kept = matches.filter(({ pet }) => {
    if (search && !pet.name.toLowerCase().includes(search)) return false;
    if (filters.species.length && !filters.species.includes(pet.species as "Cat" | "Dog")) return false;
    if (filters.breeds.length && !pet.breed.some((breed) => filters.breeds.includes(breed))) return false;
    if (filters.levels.length && !filters.levels.some((level) => level.toLowerCase() === pet.activeLevel.toLowerCase()))
      return false;
    if (filters.sizes.length && !filters.sizes.includes(sizeOf(pet.weightLbs))) return false;
    return true;
  });
  const direction = filters.sort === "az" ? 1 : -1;
  return favoritesFirst(kept, favoriteIds, (a, b) =>
    filters.sort === "relevant"
      ? kept.indexOf(a) - kept.indexOf(b)
      : direction * a.pet.name.localeCompare(b.pet.name, "en", { sensitivity: "base" }),
  );
}
