/**
 * Where a pet stands for the public (spec §4): newly adopted wins over a hold, and only a pet that is
 * neither is publicly listed (public lists, the match, favouriting). The SQL form of the same rule is
 * `publiclyListedCondition` in models/pets.server.ts.
 */
export type PetStatus = "listed" | "on-hold" | "adopted";

export interface HoldFields {
  onHoldEmail: string | null;
  adoptedEmail: string | null;
}

export function petStatus(pet: HoldFields): PetStatus {
  if (pet.adoptedEmail !== null) return "adopted";
  if (pet.onHoldEmail !== null) return "on-hold";
  return "listed";
}

export function isPubliclyListed(pet: HoldFields): boolean {
  return petStatus(pet) === "listed";
}

/**
 * How long a deleted pet is kept, restorable from Pet Admin's "Recently deleted", before the nightly
 * run removes it and its photos for good (decision 042).
 */
export const deletedPetKeptDays = 30;
export const deletedPetKeptMs = deletedPetKeptDays * 24 * 60 * 60 * 1000;
