import { chipManufacturers, isoChipPrefixes, nineDigitChipMaker, type ChipManufacturer } from "#app/config/microchips";

/**
 * A microchip number as typed (spaces, dashes and dots are how scanners and paper print it) made
 * into the one form kept: digits and capital letters only.
 */
export function normalizeChipNumber(typed: string): string {
  return typed.replace(/[\s.-]/g, "").toUpperCase();
}

/**
 * A chip number the shelter can read: 15 digits (ISO 11784), or an older 9-digit (AVID) or
 * 10-character (hexadecimal, FDX-A) number. `number` is normalized first.
 */
export function isValidChipNumber(number: string): boolean {
  const chip = normalizeChipNumber(number);
  return /^\d{15}$/.test(chip) || /^\d{9}$/.test(chip) || /^[0-9A-F]{10}$/.test(chip);
}

/**
 * ISO 11784/11785 numbers beginning with 999 are test transponders (a reader's test card, a demo chip):
 * reserved, never implanted in an animal, so no registry can lead a finder to an adopter from one.
 * `number` is normalized first.
 */
export const testChipPrefix = "999";

export function isTestChipNumber(number: string): boolean {
  const chip = normalizeChipNumber(number);
  return /^\d{15}$/.test(chip) && chip.startsWith(testChipPrefix);
}

/** The maker the number's prefix names (app/config/microchips.ts), or null where it does not tell. */
export function chipManufacturerOf(number: string): ChipManufacturer | null {
  const chip = normalizeChipNumber(number);
  if (!isValidChipNumber(chip)) return null;
  if (chip.length === 15) {
    const key = isoChipPrefixes[chip.slice(0, 3)];
    return key ? chipManufacturers[key] : null;
  }
  return chip.length === 9 ? chipManufacturers[nineDigitChipMaker] : null;
}
