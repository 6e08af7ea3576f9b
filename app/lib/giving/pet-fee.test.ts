import { describe, expect, it } from "vitest";
import { sponsorablePet, sponsorDollarsLeft } from "./pet-fee";

const pet = {
  id: 7,
  name: "Hank",
  adoptionFee: 250,
  onHoldEmail: null as string | null,
  adoptedEmail: null as string | null,
  publishedAt: new Date(0) as Date | null,
  leftAt: null as Date | null,
};

describe("sponsoring a pet's adoption fee", () => {
  it("takes what is left of the fee of a pet waiting for a home, in whole dollars", () => {
    expect(sponsorablePet(pet, 4_050)).toEqual({
      id: 7,
      name: "Hank",
      feeCents: 25_000,
      sponsoredCents: 4_050,
      leftCents: 20_950,
    });
    expect(sponsorDollarsLeft(sponsorablePet(pet, 4_050)!)).toBe(209);
    expect(sponsorablePet({ ...pet, onHoldEmail: "a@example.com" }, 0)?.leftCents).toBe(25_000);
    expect(sponsorablePet(pet, 30_000)?.leftCents).toBe(0);
  });

  it("takes none for a pet with no fee, adopted, gone or a draft", () => {
    expect(sponsorablePet({ ...pet, adoptionFee: 0 }, 0)).toBeNull();
    expect(sponsorablePet({ ...pet, adoptedEmail: "a@example.com" }, 0)).toBeNull();
    expect(sponsorablePet({ ...pet, leftAt: new Date(0) }, 0)).toBeNull();
    expect(sponsorablePet({ ...pet, publishedAt: null }, 0)).toBeNull();
  });
});
