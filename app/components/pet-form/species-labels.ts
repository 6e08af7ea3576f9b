import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { petSpecies } from "#app/lib/pets/pet-fields";

/** The species as the staff pages say them in the page's language; the values posted and stored stay English. */
export const speciesLabels: Record<(typeof petSpecies)[number], MessageDescriptor> = {
  Cat: msg`Cat`,
  Dog: msg`Dog`,
  Other: msg`Other`,
};

/** A stored species in the page's language, or as stored when it is none of ours. */
export function speciesLabel(translate: (descriptor: MessageDescriptor) => string, species: string): string {
  return Object.hasOwn(speciesLabels, species)
    ? translate(speciesLabels[species as keyof typeof speciesLabels])
    : species;
}
