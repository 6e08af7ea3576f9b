/** Size bands by weight in pounds (spec §9): Small under 25, Medium 25 to 60 inclusive, Large over 60. */
export const petSizes = ["Small", "Medium", "Large"] as const;
export type PetSize = (typeof petSizes)[number];

export function sizeOf(weightLbs: number): PetSize {
  if (weightLbs < 25) return "Small";
  if (weightLbs <= 60) return "Medium";
  return "Large";
}
