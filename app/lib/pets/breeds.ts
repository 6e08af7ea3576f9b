import type { I18n } from "@lingui/core";

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

/**
 * The fixed values a Spanish page says otherwise (decision 057): the characteristics and colored tags,
 * the activity levels and the breeds whose Spanish name differs. Each message is the value's English label (as
 * `displayLabel` shows it), which is also its catalogue id; stored values stay as they are.
 */
const translatedLabels: Record<string, string> = {
  Siamese: /*i18n*/ "Siamese",
  Domestic_Long_Hair: /*i18n*/ "Domestic Long Hair",
  Domestic_Shorthair: /*i18n*/ "Domestic Shorthair",
  Domestic_Medium_Hair: /*i18n*/ "Domestic Medium Hair",
  Mix: /*i18n*/ "Mix",
  Siberian: /*i18n*/ "Siberian Husky",
  Sheepdog: /*i18n*/ "Sheepdog",
  Shepherd: /*i18n*/ "Shepherd",
  German: /*i18n*/ "German Shepherd",
  Miniaure_Smooth_Haired: /*i18n*/ "Miniature Smooth Haired",
  Bonded: /*i18n*/ "Bonded",
  Shy: /*i18n*/ "Shy",
  No_Cats: /*i18n*/ "No Cats",
  No_Dogs: /*i18n*/ "No Dogs",
  Single_Dog_Home: /*i18n*/ "Single Dog Home",
  No_kids_under_10: /*i18n*/ "No kids under 10",
  // The tags spec §3 gives a colour (tag-colours.ts), as staff usually type them.
  Friendly: /*i18n*/ "Friendly",
  Spunky: /*i18n*/ "Spunky",
  Calm: /*i18n*/ "Calm",
  Active: /*i18n*/ "Active",
  Spirited: /*i18n*/ "Spirited",
  Foster_to_adopt: /*i18n*/ "Foster to adopt",
  "Foster to adopt": /*i18n*/ "Foster to adopt",
  "Very active": /*i18n*/ "Very active",
  "Moderately active": /*i18n*/ "Moderately active",
  "Quietly active": /*i18n*/ "Quietly active",
};

/**
 * `displayLabel` in the page's language: a fixed value (a known breed, characteristic or activity
 * level, matched as stored) translated; anything staff typed shown as `displayLabel` shows it.
 */
export function displayLabelIn(i18n: I18n, value: string): string {
  const label = Object.hasOwn(translatedLabels, value) ? translatedLabels[value] : undefined;
  return label ? i18n._(label) : displayLabel(value);
}

export function displayListIn(i18n: I18n, values: readonly string[]): string {
  return values.map((value) => displayLabelIn(i18n, value)).join(", ");
}
