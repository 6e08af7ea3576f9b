import { catBreeds, dogBreeds } from "#app/lib/pets/breeds";

/**
 * A pet's fields as staff enter them: the options, limits and value rules (spec §2, §3, §5) that the
 * Upload Pet / Edit pet form, its zod schema (pet-form-schema.ts) and the database share. Breeds and
 * characteristics come as ticked boxes plus free-typed, comma-separated values.
 */
export const petSpecies = ["Cat", "Dog", "Other"] as const;

/** A pet's sex as stored (spec §3); the schema's column takes these. */
export const petSexes = ["Male", "Female"] as const;

export const petLimits = {
  nameLength: 60,
  animalIdLength: 40,
  maxAgeMonths: 600,
  maxWeightLbs: 400,
  maxFee: 10_000,
  aboutLength: 5_000,
  valueLength: 40,
  maxValues: 12,
} as const;

export const photoLimits = { maxBytes: 10 * 1024 * 1024, perPet: 12, maxSide: 10_000, minSide: 100 } as const;

export function breedOptionsFor(species: string): readonly string[] {
  if (species === "Cat") return catBreeds;
  if (species === "Dog") return dogBreeds;
  return [];
}

const comparable = (value: string) => value.toLowerCase().replace(/[\s_]+/g, "");

/**
 * Free-typed values, tidied: split on commas, spaces collapsed, a value that is a known option in other
 * spelling ("domestic shorthair") stored as the option ("Domestic_Shorthair"), duplicates dropped.
 */
export function mergeValues(ticked: readonly string[], typed: string, options: readonly string[]): string[] {
  const known = new Map(options.map((option) => [comparable(option), option]));
  const result: string[] = [];
  const seen = new Set<string>();
  for (const raw of [...ticked, ...typed.split(",")]) {
    const value = raw.replace(/\s+/g, " ").trim();
    if (!value) continue;
    const key = comparable(value);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(known.get(key) ?? value);
  }
  return result;
}

/** The last comma-separated value typed, the one to suggest for for a prefix suggestion ("Pug, lab" → "lab"). */
export function lastTyped(typed: string): string {
  return typed.split(",").at(-1)?.trim() ?? "";
}

export function matchesPrefix(option: string, typed: string): boolean {
  const prefix = comparable(typed);
  return prefix === "" || comparable(option).startsWith(prefix);
}
