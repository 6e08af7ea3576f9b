/**
 * The listed pets as the import files of the partner sites (decision 043): Petfinder's import CSV and
 * Adopt-a-Pet's AutoUpload `pets.csv` with its `import.cfg` value map. Pure: the nightly step
 * (server/syndication.ts) reads the pets and uploads what this writes.
 */
import { shelter } from "#app/config/shelter";
import { displayLabel } from "../pets/breeds";
import { csvFieldOnOneLine } from "./csv";

export const partners = ["petfinder", "adoptapet"] as const;
export type Partner = (typeof partners)[number];
export const partnerNames: Record<Partner, string> = { petfinder: "Petfinder", adoptapet: "Adopt-a-Pet" };

/** A pet as the partners' files need it: listed, or on hold (Petfinder only). */
export interface SyndicatedPet {
  id: number;
  animalId: string;
  name: string;
  species: string;
  breed: string[];
  ageMonths: number;
  weightLbs: number;
  sex: "Male" | "Female";
  about: string;
  characteristics: string[];
  images: string[];
  adoptionFee: number;
  onHold: boolean;
}

export interface PartnerFile {
  name: string;
  content: string;
}

export interface PartnerExport {
  files: PartnerFile[];
  /** The pets in the file (held pets are left out where the format has no hold). */
  petCount: number;
  /** "Bulldog (Dog) → Mixed Breed": our breeds the partner's list lacks, sent as its nearest. */
  unknownBreeds: string[];
}

/** Age groups of both partners, from months: under 6 Baby, under 2 years Young, under 9 Adult, else Senior. */
export function ageGroup(ageMonths: number): "Baby" | "Young" | "Adult" | "Senior" {
  if (ageMonths < 6) return "Baby";
  if (ageMonths < 24) return "Young";
  if (ageMonths < 108) return "Adult";
  return "Senior";
}

/** Size from weight (our bands, decision 043): S under 25 lbs, M 25–60, L over 60 to 100, XL over 100. */
export function sizeCode(weightLbs: number): "S" | "M" | "L" | "XL" {
  if (weightLbs < 25) return "S";
  if (weightLbs <= 60) return "M";
  if (weightLbs <= 100) return "L";
  return "XL";
}

/** Our species (Cat, Dog, Other) as each partner's animal type. */
const speciesNames: Record<Partner, Record<string, string>> = {
  petfinder: { Cat: "Cat", Dog: "Dog", Other: "Small & Furry" },
  adoptapet: { Cat: "Cat", Dog: "Dog", Other: "Small Animal" },
};

/** Our breed values as each partner names them; a name the same on both is given once. */
const breedNames: Record<string, string | Record<Partner, string>> = {
  Siamese: "Siamese",
  Domestic_Long_Hair: { petfinder: "Domestic Long Hair", adoptapet: "Domestic Longhair" },
  Domestic_Shorthair: { petfinder: "Domestic Short Hair", adoptapet: "Domestic Shorthair" },
  Domestic_Medium_Hair: { petfinder: "Domestic Medium Hair", adoptapet: "Domestic Mediumhair" },
  Pug: "Pug",
  Jack_Russel: "Jack Russell Terrier",
  Collie: "Collie",
  Dachshund: "Dachshund",
  Rottweiler: "Rottweiler",
  Siberian: "Siberian Husky",
  Labrador: "Labrador Retriever",
  Airedale: "Airedale Terrier",
  Husky: "Husky",
  Retriever: { petfinder: "Retriever", adoptapet: "Retriever (Unknown Type)" },
  Border: "Border Collie",
  Chihuahua: "Chihuahua",
  Akita: "Akita",
  Sheepdog: "Old English Sheepdog",
  Cairn: "Cairn Terrier",
  Terrier: { petfinder: "Terrier", adoptapet: "Terrier (Unknown Type, Medium)" },
  Pit_Bull: { petfinder: "Pit Bull Terrier", adoptapet: "American Pit Bull Terrier" },
  Boxer: "Boxer",
  Shepherd: { petfinder: "Shepherd", adoptapet: "Shepherd (Unknown Type)" },
  German: "German Shepherd Dog",
  // "Miniature Smooth Haired" in the original data is a Dachshund's coat: the nearest breed both lists have.
  Miniaure_Smooth_Haired: "Dachshund",
};

/** Adopt-a-Pet's mixed breeds come in three sizes. */
function mixedBreed(partner: Partner, weightLbs: number) {
  if (partner === "petfinder") return "Mixed Breed";
  const size = sizeCode(weightLbs);
  return `Mixed Breed (${size === "S" ? "Small" : size === "M" ? "Medium" : "Large"})`;
}

/** The partner's nearest for a breed it does not list: a mixed dog, a domestic short hair cat, another animal's kind. */
function nearestBreed(partner: Partner, species: string, weightLbs: number) {
  if (species === "Cat") return partner === "petfinder" ? "Domestic Short Hair" : "Domestic Shorthair";
  if (species === "Dog") return mixedBreed(partner, weightLbs);
  return "Other/Unknown";
}

interface MappedBreeds {
  primary: string;
  secondary: string;
  mix: boolean;
  unknown: string[];
}

/**
 * A pet's breeds in the partner's names: the first two known ones as primary and secondary; "Mix", or
 * two breeds, make it a mix; a breed the partner does not list becomes its nearest and is reported.
 */
export function mapBreeds(partner: Partner, pet: Pick<SyndicatedPet, "species" | "breed" | "weightLbs">): MappedBreeds {
  const unknown: string[] = [];
  const mapped: string[] = [];
  let mix = pet.breed.length > 1;
  for (const breed of pet.breed) {
    if (breed === "Mix") {
      mix = true;
      continue;
    }
    const known = Object.hasOwn(breedNames, breed) ? breedNames[breed] : undefined;
    if (known !== undefined && pet.species !== "Other") {
      mapped.push(typeof known === "string" ? known : known[partner]);
    } else {
      const nearest = nearestBreed(partner, pet.species, pet.weightLbs);
      unknown.push(`${displayLabel(breed)} (${pet.species}) → ${nearest}`);
      mapped.push(nearest);
    }
  }
  const distinct = [...new Set(mapped)];
  const primary =
    distinct[0] ??
    (pet.species === "Dog" && mix
      ? mixedBreed(partner, pet.weightLbs)
      : nearestBreed(partner, pet.species, pet.weightLbs));
  if (distinct.length === 0 && !mix) unknown.push(`(no breed) (${pet.species}) → ${primary}`);
  return { primary, secondary: distinct[1] ?? "", mix, unknown };
}

/** Good-with flags from characteristics: only a stated "No …" is known; nothing stated is unknown, never "good". */
export function goodWith(characteristics: readonly string[]) {
  const has = (value: string) => characteristics.includes(value);
  return {
    cats: has("No_Cats") ? false : null,
    dogs: has("No_Dogs") || has("Single_Dog_Home") ? false : null,
    kids: has("No_kids_under_10") ? false : null,
  };
}

/**
 * One line of the file: every field quoted (both partners read RFC 4180 quoting), on one line (a
 * description's breaks are written as each partner wants before this; any other break is a space),
 * and never a formula to a spreadsheet (staff open these files in one): as the subscriber export.
 */
function csvLine(values: (string | number)[]) {
  return values.map((value) => csvFieldOnOneLine(String(value))).join(",");
}

/** The photo URLs partners download: our public 720 px JPEG copies (never the stored original). */
export function partnerPhotoUrls(siteUrl: string, images: readonly string[], max: number) {
  return images
    .slice(0, max)
    .map((key) => `${siteUrl}/photos/${encodeURIComponent(key.replace(/\.[a-z]+$/, "") + "-720w.jpg")}`);
}

/** Petfinder's import columns, in the order its import documentation mandates (decision 043). */
export const petfinderColumns = [
  "ID",
  "Internal",
  "AnimalName",
  "PrimaryBreed",
  "SecondaryBreed",
  "Sex",
  "Size",
  "Age",
  "Desc",
  "Type",
  "Status",
  "Shots",
  "Altered",
  "NoDogs",
  "NoCats",
  "NoKids",
  "Housetrained",
  "Declawed",
  "specialNeeds",
  "Mix",
  "photo1",
  "photo2",
  "photo3",
  "photo4",
  "photo5",
  "photo6",
  "arrival_date",
  "birth_date",
  "primaryColor",
  "secondaryColor",
  "tertiaryColor",
  "coat_length",
  "adoption_fee",
  "display_adoption_fee",
  "adoption_fee_waived",
  "special_needs_notes",
  "no_other",
  "no_other_note",
  "tags",
] as const;

/** Petfinder's "No…" flags: "1" not good with, "" unknown. */
const notGood = (good: boolean | null) => (good === false ? "1" : "");

/**
 * Petfinder's import file, named by the shelter's Petfinder id (the FTP user) and put in `import/`.
 * Held pets are sent with status H (hold), listed ones A (adoptable); what we do not keep (shots,
 * altered, house-trained, colours, dates) is left blank rather than guessed.
 */
export function petfinderExport(
  pets: readonly SyndicatedPet[],
  { siteUrl, fileName }: { siteUrl: string; fileName: string },
): PartnerExport {
  const unknownBreeds: string[] = [];
  const lines: string[] = [petfinderColumns.join(",")];
  for (const pet of pets) {
    const breeds = mapBreeds("petfinder", pet);
    unknownBreeds.push(...breeds.unknown.map((text) => `${pet.name}: ${text}`));
    const good = goodWith(pet.characteristics);
    const photos = partnerPhotoUrls(siteUrl, pet.images, 6);
    const row: Record<(typeof petfinderColumns)[number], string | number> = {
      ID: pet.animalId,
      Internal: String(pet.id),
      AnimalName: pet.name,
      PrimaryBreed: breeds.primary,
      SecondaryBreed: breeds.secondary,
      Sex: pet.sex === "Female" ? "F" : "M",
      Size: sizeCode(pet.weightLbs),
      Age: ageGroup(pet.ageMonths),
      // Petfinder takes no HTML and one line per pet: line breaks as the character reference.
      Desc: pet.about.replace(/\r\n|\r|\n/g, "&#10;"),
      Type: speciesNames.petfinder[pet.species] ?? "Small & Furry",
      Status: pet.onHold ? "H" : "A",
      Shots: "",
      Altered: "",
      NoDogs: notGood(good.dogs),
      NoCats: notGood(good.cats),
      NoKids: notGood(good.kids),
      Housetrained: "",
      Declawed: "",
      specialNeeds: "",
      Mix: breeds.mix ? "1" : "",
      photo1: photos[0] ?? "",
      photo2: photos[1] ?? "",
      photo3: photos[2] ?? "",
      photo4: photos[3] ?? "",
      photo5: photos[4] ?? "",
      photo6: photos[5] ?? "",
      arrival_date: "",
      birth_date: "",
      primaryColor: "",
      secondaryColor: "",
      tertiaryColor: "",
      coat_length: "",
      adoption_fee: pet.adoptionFee > 0 ? pet.adoptionFee.toFixed(2) : "",
      display_adoption_fee: pet.adoptionFee > 0 ? "1" : "",
      adoption_fee_waived: "",
      special_needs_notes: "",
      no_other: "",
      no_other_note: "",
      tags: "",
    };
    lines.push(csvLine(petfinderColumns.map((column) => row[column])));
  }
  return { files: [{ name: fileName, content: lines.join("\r\n") + "\r\n" }], petCount: pets.length, unknownBreeds };
}

/** Adopt-a-Pet's AutoUpload columns, as `import.cfg` numbers them (decision 043). */
export const adoptapetColumns = [
  "Id",
  "Animal",
  "Breed",
  "Breed2",
  "Purebred",
  "Age",
  "Name",
  "Size",
  "Sex",
  "Description",
  "Status",
  "GoodWKids",
  "GoodWCats",
  "GoodWDogs",
  "SpayedNeutered",
  "ShotsCurrent",
  "Housetrained",
  "Declawed",
  "SpecialNeeds",
  "HairLength",
  "YouTubeVideoURL",
  "PhotoURL",
  "PhotoURL2",
  "PhotoURL3",
  "PhotoURL4",
] as const;

/** Adopt-a-Pet's good-with: "1" yes, "0" no, "" unknown. */
const yesNoUnknown = (value: boolean | null) => (value === null ? "" : value ? "1" : "0");

/**
 * The `import.cfg` that comes with pets.csv: a `#n:Column=Column` line per column; each may be followed
 * by `ours=theirs` lines for values to translate. Our file is written in Adopt-a-Pet's own values
 * (the mapping is done here, where unknown breeds can be reported), so the map declares the columns only.
 */
export function adoptapetImportCfg() {
  const lines = ["; Adopt-a-Pet AutoUpload map, written by the shelter site (decision 043)."];
  adoptapetColumns.forEach((column, index) => lines.push(`#${index + 1}:${column}=${column}`));
  return lines.join("\r\n") + "\r\n";
}

/**
 * Adopt-a-Pet's pets.csv (with a header line) and import.cfg. Its statuses are Available, Adopted and
 * Delete, with no hold: a held pet is left out, and returns when its hold ends.
 */
export function adoptapetExport(pets: readonly SyndicatedPet[], { siteUrl }: { siteUrl: string }): PartnerExport {
  const unknownBreeds: string[] = [];
  const lines: string[] = [adoptapetColumns.join(",")];
  const available = pets.filter((pet) => !pet.onHold);
  for (const pet of available) {
    const breeds = mapBreeds("adoptapet", pet);
    unknownBreeds.push(...breeds.unknown.map((text) => `${pet.name}: ${text}`));
    const good = goodWith(pet.characteristics);
    const photos = partnerPhotoUrls(siteUrl, pet.images, 4);
    const size = sizeCode(pet.weightLbs);
    const row: Record<(typeof adoptapetColumns)[number], string> = {
      Id: pet.animalId,
      Animal: speciesNames.adoptapet[pet.species] ?? "Small Animal",
      Breed: breeds.primary,
      Breed2: breeds.secondary,
      Purebred: breeds.mix ? "0" : "1",
      Age: ageGroup(pet.ageMonths),
      Name: pet.name,
      // Adopt-a-Pet refuses a size for cats and small animals' kinds it does not size.
      Size: pet.species === "Dog" ? size : "",
      Sex: pet.sex === "Female" ? "F" : "M",
      Description: pet.about.replace(/\r\n|\r|\n/g, "<br>"),
      Status: "Available",
      GoodWKids: yesNoUnknown(good.kids),
      GoodWCats: yesNoUnknown(good.cats),
      GoodWDogs: yesNoUnknown(good.dogs),
      SpayedNeutered: "",
      ShotsCurrent: "",
      Housetrained: "",
      Declawed: "",
      SpecialNeeds: "",
      HairLength: "",
      YouTubeVideoURL: "",
      PhotoURL: photos[0] ?? "",
      PhotoURL2: photos[1] ?? "",
      PhotoURL3: photos[2] ?? "",
      PhotoURL4: photos[3] ?? "",
    };
    lines.push(csvLine(adoptapetColumns.map((column) => row[column])));
  }
  return {
    files: [
      { name: "pets.csv", content: lines.join("\r\n") + "\r\n" },
      { name: "import.cfg", content: adoptapetImportCfg() },
    ],
    petCount: available.length,
    unknownBreeds,
  };
}

/** "Tue Nov 24, 2:30 AM": when a partner got its file, in the shelter's time zone. */
export function formatRunTime(date: Date, timeZone: string = shelter.openingHours.timeZone) {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
}
