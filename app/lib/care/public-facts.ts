import { vaccinationsUpToDate, type VaccinationRecord } from "./vaccinations";

export const fixedStatuses = ["unknown", "yes", "no"] as const;
export type FixedStatus = (typeof fixedStatuses)[number];

/**
 * What the public pet page says of a pet's care (issue 45): spayed or neutered, vaccinations up to
 * date, microchipped. Only these three yes-or-nothing facts: never the chip number, a lot or a note.
 */
export interface PublicCareFacts {
  /** "spayed" (a female), "neutered" (a male or unknown sex), or null when not known to be. */
  fixed: "spayed" | "neutered" | null;
  vaccinated: boolean;
  microchipped: boolean;
}

export function publicCareFacts(
  pet: { sex: string },
  care: { fixed: FixedStatus; microchipped: boolean } | null,
  vaccinations: readonly VaccinationRecord[],
  today: string,
): PublicCareFacts {
  return {
    fixed: care?.fixed === "yes" ? (pet.sex === "Female" ? "spayed" : "neutered") : null,
    vaccinated: vaccinationsUpToDate(vaccinations, today),
    microchipped: care?.microchipped ?? false,
  };
}
