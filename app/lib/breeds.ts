/** Breed and characteristic options of spec §3, stored as written there and shown readably. */
export const catBreeds = ["Siamese", "Domestic_Long_Hair", "Domestic_Shorthair", "Domestic_Medium_Hair"] as const;

export const dogBreeds = [
  "Pug",
  "Mix",
  "Jack_Russel",
  "Collie",
  "Dachshund",
  "Rottweiler",
  "Siberian",
  "Labrador",
  "Airedale",
  "Husky",
  "Retriever",
  "Border",
  "Chihuahua",
  "Akita",
  "Sheepdog",
  "Cairn",
  "Terrier",
  "Pit_Bull",
  "Boxer",
  "Shepherd",
  "German",
  "Miniaure_Smooth_Haired",
] as const;

export const characteristicOptions = [
  "Bonded",
  "Shy",
  "No_Cats",
  "No_Dogs",
  "Single_Dog_Home",
  "No_kids_under_10",
] as const;

export const activeLevels = ["Very active", "Moderately active", "Quietly active"] as const;

/**
 * Stored values shown otherwise: misspelt in the original data, or the first word of a breed's name
 * ("German" is the German Shepherd; "Shepherd" stays the breed group).
 */
const displayCorrections: Record<string, string> = {
  Miniaure_Smooth_Haired: "Miniature Smooth Haired",
  Jack_Russel: "Jack Russell",
  German: "German Shepherd",
  Siberian: "Siberian Husky",
  Border: "Border Collie",
};

/** "Domestic_Shorthair" → "Domestic Shorthair"; free-typed values are tidied the same way. */
export function displayLabel(value: string): string {
  // Own keys only: a breed typed as "constructor" is shown as typed, not as a function.
  const corrected = Object.hasOwn(displayCorrections, value) ? displayCorrections[value] : undefined;
  if (corrected) return corrected;
  return value.replace(/_+/g, " ").replace(/\s+/g, " ").trim();
}

export function displayList(values: readonly string[]): string {
  return values.map(displayLabel).join(", ");
}
