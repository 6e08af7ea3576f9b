import type { I18n } from "@lingui/core";

/** Size bands by weight in pounds (spec §9): Small under 25, Medium 25 to 60 inclusive, Large over 60. */
export const petSizes = ["Small", "Medium", "Large"] as const;
export type PetSize = (typeof petSizes)[number];

export function isPetSize(value: string): value is PetSize {
  return (petSizes as readonly string[]).includes(value);
}

export function sizeOf(weightLbs: number): PetSize {
  if (weightLbs < 25) return "Small";
  if (weightLbs <= 60) return "Medium";
  return "Large";
}

/** The weight bounds of each size, for queries: [from, to], either end open when undefined. */
export const sizeBounds: Record<PetSize, { below?: number; from?: number; to?: number; above?: number }> = {
  Small: { below: 25 },
  Medium: { from: 25, to: 60 },
  Large: { above: 60 },
};

/** "Medium (25 to 60 lbs)": a size with its weights, as filters and questions show it. */
export function sizeLabel(size: string): string {
  const labels: Record<string, string> = {
    Small: "Small (under 25 lbs)",
    Medium: "Medium (25 to 60 lbs)",
    Large: "Large (over 60 lbs)",
  };
  return labels[size] ?? size;
}

/** `sizeLabel` in the page's language. */
export function sizeLabelIn(i18n: I18n, size: string): string {
  const labels: Record<string, string> = {
    Small: /*i18n*/ "Small (under 25 lbs)",
    Medium: /*i18n*/ "Medium (25 to 60 lbs)",
    Large: /*i18n*/ "Large (over 60 lbs)",
  };
  return Object.hasOwn(labels, size) ? i18n._(labels[size]!) : size;
}

/** A size band's name in the page's language: "Medium" / "Mediano". */
export function sizeNameIn(i18n: I18n, size: PetSize): string {
  const names: Record<PetSize, string> = {
    Small: /*i18n*/ "Small",
    Medium: /*i18n*/ "Medium",
    Large: /*i18n*/ "Large",
  };
  return i18n._(names[size]);
}
