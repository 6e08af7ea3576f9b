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
