/**
 * Pet Admin's list of pets (/petadmin/edit) for staff on a phone (issue 29): a name search, a status
 * and a species filter, and pages, all read from the URL of a GET form.
 */
export const staffPetStatuses = ["all", "listed", "draft", "on-hold", "adopted"] as const;
export type StaffPetStatus = (typeof staffPetStatuses)[number];

export const staffPetSpecies = ["all", "Cat", "Dog", "other"] as const;
export type StaffPetSpecies = (typeof staffPetSpecies)[number];

/** The filters' labels: English, and the ids of their catalogue entries (shown with `i18n._`, decision 057). */
export const staffPetStatusLabels: Record<StaffPetStatus, string> = {
  all: /*i18n*/ "Any status",
  listed: /*i18n*/ "Listed",
  draft: /*i18n*/ "Draft",
  "on-hold": /*i18n*/ "On hold",
  adopted: /*i18n*/ "Newly adopted",
};

export const staffPetSpeciesLabels: Record<StaffPetSpecies, string> = {
  all: /*i18n*/ "Any species",
  Cat: /*i18n*/ "Cats",
  Dog: /*i18n*/ "Dogs",
  other: /*i18n*/ "Other species",
};

export const staffPetsPerPage = 20;

export interface StaffPetFilters {
  /** The start of the name, any case; at most 60 characters. */
  q: string;
  status: StaffPetStatus;
  species: StaffPetSpecies;
  page: number;
}

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/** The filters in a URL; anything unknown reads as "all", a page that is not a whole number ≥ 1 as 1. */
export function readStaffPetFilters(params: URLSearchParams): StaffPetFilters {
  const page = Number(params.get("page") ?? "1");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 60),
    status: oneOf(staffPetStatuses, params.get("status"), "all"),
    species: oneOf(staffPetSpecies, params.get("species"), "all"),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The list's URL for other filters or another page; values at their default are left out. */
export function staffPetListUrl(filters: StaffPetFilters, change: Partial<StaffPetFilters> = {}): string {
  const next = { ...filters, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.status !== "all") params.set("status", next.status);
  if (next.species !== "all") params.set("species", next.species);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return `/petadmin/edit${query ? `?${query}` : ""}`;
}
