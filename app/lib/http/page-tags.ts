/**
 * Cache tags of public pages (decision 034): a page is stored in the edge cache with the tags of what
 * it shows, and a staff change purges the tags it affects, so every visitor sees it on the next request.
 * Pages that show no pet carry no tag and keep the normal freshness bound (decision 019).
 */
import { speciesOfSlug } from "../pets/adopt-filters";
import { unprefixedPath } from "../i18n/locale";

// The statistics page counts every pet's intake and outcome (decision 064): any pet change purges it too.
const listPages: Record<string, string> = {
  "/": "home",
  "/adopt": "adopt",
  "/foster": "foster",
  "/match": "match",
  "/statistics": "statistics",
};

/** The tags of the page at `url` (its document or its single-fetch `.data`), in either language (decision 057). */
export function tagsForPage(url: URL): string[] {
  const path = unprefixedPath(
    url.pathname
      .replace(/\.data$/, "")
      .replace(/^\/_root$/, "/")
      .replace(/(.)\/+$/, "$1"),
  );
  const list = listPages[path];
  if (list) return [list];
  if (path === "/adopt/pet") {
    const id = Number(url.searchParams.get("pet_id"));
    return Number.isInteger(id) && id > 0 ? [petTag(id)] : [];
  }
  const slug = /^\/adopt\/([^/]+)$/.exec(path)?.[1];
  return slug ? [speciesTag(slug)] : [];
}

const petTag = (id: number) => `pet-${id}`;

/** What changes only the pet's own page (a sponsor's gift towards its fee, issue 43): that page, in both languages. */
export function tagsForPetPage(petId: number): string[] {
  return [petTag(petId)];
}
/** What changes only the home page (an adopter's story approved or taken off, issue 45): it, in both languages. */
export function tagsForHomePage(): string[] {
  return [listPages["/"]!];
}
/** One tag per species list: /adopt/cat, /adopt/dog, and the "other" list every other slug shows. */
const speciesTag = (speciesOrSlug: string) => `species-${speciesOfSlug(speciesOrSlug).toLowerCase()}`;

/**
 * What a change to one pet (new, edited, held, released, adopted, deleted, its hold ended) may
 * change: its own page, the lists of its species (before and after an edit), and every page that
 * lists pets of all species.
 */
export function tagsForPetChange(petId: number, species: readonly string[]): string[] {
  return [petTag(petId), ...new Set(species.map(speciesTag)), ...Object.values(listPages)];
}
