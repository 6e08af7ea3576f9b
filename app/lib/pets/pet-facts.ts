import type { I18n } from "@lingui/core";
import { formatPoundsIn } from "#app/lib/i18n/intl";
import { sizeNameIn, sizeOf } from "#app/lib/pets/pet-sizes";

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

/** `weightInWords` in the page's language, its decimal sign too: "18,7 lbs (Pequeño)". */
export function weightInWordsIn(i18n: I18n, weightLbs: number): string {
  return i18n._("{weightLbs} lbs ({size})", {
    weightLbs: formatPoundsIn(i18n.locale, weightLbs),
    size: sizeNameIn(i18n, sizeOf(weightLbs)),
  });
}

/** `goodWith` in the page's language. */
export function goodWithIn(i18n: I18n, characteristics: readonly string[]): GoodWith {
  const has = (value: string) => characteristics.some((recorded) => recorded.toLowerCase() === value.toLowerCase());
  const askUs = i18n._("Ask us");
  return {
    children: has("No_kids_under_10") ? i18n._("Not with children under 10") : askUs,
    dogs: has("No_Dogs")
      ? i18n._("Not with other dogs")
      : has("Single_Dog_Home")
        ? i18n._("Must be the only dog at home")
        : askUs,
    cats: has("No_Cats") ? i18n._("Not with cats") : askUs,
  };
}
