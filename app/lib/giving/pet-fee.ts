import { petStatus, type HoldFields, type PetStatus } from "#app/lib/pets/pet-status";

/**
 * Sponsoring a pet's adoption fee (issue 43): a one-time gift towards one pet's fee, any amount up to
 * what is left of it. Only a pet still waiting for a home (listed, or on hold) can be sponsored.
 */
export interface SponsorablePet {
  id: number;
  name: string;
  feeCents: number;
  sponsoredCents: number;
  /** What sponsors may still give, in cents: the fee less what they gave. */
  leftCents: number;
}

const waiting: readonly PetStatus[] = ["listed", "on-hold"];

/** The pet's fee in cents (the fee is kept in dollars). */
export const feeCentsOf = (adoptionFee: number) => Math.max(0, Math.round(adoptionFee * 100));

/** The pet as its sponsors see it, or null when its fee cannot be sponsored (no fee, or not waiting for a home). */
export function sponsorablePet(
  pet: HoldFields & { id: number; name: string; adoptionFee: number },
  sponsoredCents: number,
): SponsorablePet | null {
  const feeCents = feeCentsOf(pet.adoptionFee);
  if (feeCents <= 0 || !waiting.includes(petStatus(pet))) return null;
  return {
    id: pet.id,
    name: pet.name,
    feeCents,
    sponsoredCents,
    leftCents: Math.max(0, feeCents - sponsoredCents),
  };
}

/** The most a sponsor may give now, in whole dollars (gifts are whole dollars). */
export const sponsorDollarsLeft = (pet: SponsorablePet) => Math.floor(pet.leftCents / 100);
