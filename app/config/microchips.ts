/**
 * Microchip manufacturers the number's prefix names, each with the page where an adopter registers
 * the chip to themselves (issue 45). A 15-digit ISO number starts with its manufacturer's ICAR code
 * (900-998; 900 is shared by several makers, so it names none) or a country code (840 is the USA:
 * any maker); a 9-digit number is an older AVID chip. Where the prefix says nothing, the adopter is
 * sent to the AAHA universal lookup, which finds the registry of any chip. Check this table against
 * ICAR's list before relying on a new prefix.
 */
export interface ChipManufacturer {
  name: string;
  registrationUrl: string;
}

export const chipManufacturers = {
  homeagain: { name: "HomeAgain", registrationUrl: "https://www.homeagain.com/" },
  allflex: { name: "24PetWatch (Allflex)", registrationUrl: "https://www.24petwatch.com/" },
  datamars: { name: "PetLink (Datamars)", registrationUrl: "https://www.petlink.net/" },
  avid: { name: "AVID", registrationUrl: "https://www.avidid.com/" },
  trovan: { name: "Trovan", registrationUrl: "https://www.trovan.com/" },
} as const satisfies Record<string, ChipManufacturer>;

export type ChipManufacturerKey = keyof typeof chipManufacturers;

/** 15-digit ISO numbers: the first three digits and the maker they name. */
export const isoChipPrefixes: Record<string, ChipManufacturerKey> = {
  "985": "homeagain",
  "982": "allflex",
  "981": "datamars",
  "977": "avid",
  "956": "trovan",
};

/** Older 9-digit numbers are AVID's (FriendChip). 10-character chips are read too, but their maker is looked up. */
export const nineDigitChipMaker: ChipManufacturerKey = "avid";

/** The American Animal Hospital Association's universal lookup: which registry holds any chip. */
export const aahaChipLookupUrl = "https://www.petmicrochiplookup.org/";
