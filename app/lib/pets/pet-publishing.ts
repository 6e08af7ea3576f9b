import { activeLevels } from "#app/lib/pets/breeds";
import { petSexes } from "#app/lib/pets/pet-fields";

/** What adopters need of a pet before it is published (decision 052), as the pet form's fields. */
export interface PublishableFields {
  ageMonths: number;
  weightLbs: number;
  sex: string;
  breed: readonly string[];
  activeLevel: string;
  images: readonly string[];
  about: string;
}

/** The form field each message belongs to: the photo message goes under "Add photos". */
export type PublishField = "ageMonths" | "weightLbs" | "sex" | "breed" | "activeLevel" | "newPhotos" | "about";

/**
 * Why the pet cannot be published yet (or, once published, saved as it is), one message per field
 * missing; an empty object when nothing is.
 * A draft keeps 0 for an age or weight not given yet, and "" for a sex or active level.
 */
export function missingForPublishing(pet: PublishableFields): Partial<Record<PublishField, string[]>> {
  const missing: Partial<Record<PublishField, string[]>> = {};
  if (!(pet.ageMonths > 0)) missing.ageMonths = ["Adopters need the pet's age (at least 1 month)"];
  if (!(pet.weightLbs > 0)) missing.weightLbs = ["Adopters need the pet's weight"];
  if (!(petSexes as readonly string[]).includes(pet.sex)) missing.sex = ["Adopters need to know: male or female"];
  if (pet.breed.length === 0) missing.breed = ["Adopters need a breed (or a mix)"];
  if (!(activeLevels as readonly string[]).includes(pet.activeLevel))
    missing.activeLevel = ["Adopters need an active level"];
  if (pet.images.length === 0) missing.newPhotos = ["Adopters need at least one photo"];
  if (pet.about.trim() === "") missing.about = ["Adopters need a few words about the pet"];
  return missing;
}
