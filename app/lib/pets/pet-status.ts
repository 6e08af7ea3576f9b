/**
 * Where a pet stands for the public (spec §4): a draft is seen by staff only (decision 052); newly
 * adopted wins over a hold; a pet that left by another outcome is "gone" (its page says only that it is
 * no longer here, decision 064); only a published pet that is none of these is publicly listed (public lists,
 * the match, favouriting, applying). The SQL form of the same rule is `publiclyListedCondition` in
 * models/pets.server.ts.
 */
export type PetStatus = "draft" | "listed" | "on-hold" | "adopted" | "gone";

export interface HoldFields {
  onHoldEmail: string | null;
  adoptedEmail: string | null;
  publishedAt: Date | null;
  /** When it left the shelter by an outcome other than adoption (decision 064): "gone", whatever else. */
  leftAt?: Date | null;
}

export function petStatus(pet: HoldFields): PetStatus {
  if (pet.publishedAt === null) return "draft";
  if (pet.leftAt) return "gone";
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
