import { formatAge } from "#app/lib/pet-age";
import { sizeOf } from "#app/lib/pet-sizes";

/** "147 months (12 years 3 months)": the months staff typed, and the same age the way the cards say it. */
export function ageInWords(ageMonths: number): string {
  const said = formatAge(ageMonths);
  return ageMonths >= 12 ? `${ageMonths} months (${said})` : said;
}

/** "45 lbs (Medium)": the weight with the size band the filters and the questionnaire use. */
export function weightInWords(weightLbs: number): string {
  return `${weightLbs} lbs (${sizeOf(weightLbs)})`;
}

export interface GoodWith {
  children: string;
  dogs: string;
  cats: string;
}

/**
 * What the characteristics say about living with children, dogs and cats. Staff record only what a pet
 * cannot live with, so where nothing is recorded the honest answer is to ask, never "yes".
 */
export function goodWith(characteristics: readonly string[]): GoodWith {
  const has = (value: string) => characteristics.some((recorded) => recorded.toLowerCase() === value.toLowerCase());
  const askUs = "Ask us";
  return {
    children: has("No_kids_under_10") ? "Not with children under 10" : askUs,
    dogs: has("No_Dogs") ? "Not with other dogs" : has("Single_Dog_Home") ? "Must be the only dog at home" : askUs,
    cats: has("No_Cats") ? "Not with cats" : askUs,
  };
}
