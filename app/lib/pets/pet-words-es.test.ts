import { describe, expect, it } from "vitest";
import { setupI18n } from "@lingui/core";
import { messages as enMessages } from "#app/locales/en/messages.po";
import { messages as esMessages } from "#app/locales/es/messages.po";
import {
  catBreeds,
  characteristicOptions,
  activeLevels,
  displayLabel,
  displayLabelIn,
  displayListIn,
  dogBreeds,
} from "./breeds";
import { formatMoneyIn } from "../i18n/intl";
import { formatAge, formatAgeIn } from "./pet-age";
import { goodWith, goodWithIn, weightInWords, weightInWordsIn } from "./pet-facts";
import { petSizes, sizeLabel, sizeLabelIn, sizeNameIn } from "./pet-sizes";

/**
 * The pet words in the page's language (decision 057): in English each `…In` function says exactly
 * what its English-only twin says; in Spanish the fixed values are translated and what staff typed is
 * shown as typed.
 */
const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

describe("pet words in English", () => {
  it("are those of the English-only functions, byte for byte", () => {
    for (const value of [
      ...catBreeds,
      ...dogBreeds,
      ...characteristicOptions,
      ...activeLevels,
      "Friendly",
      "Foster_to_adopt",
      "Foster to adopt",
      "Loves_naps",
      "constructor",
    ]) {
      expect(displayLabelIn(en, value)).toBe(displayLabel(value));
    }
    for (const months of [0, 1, 4, 11, 12, 13, 23, 24, 27, 84, 147, 600]) {
      expect(formatAgeIn(en, months)).toBe(formatAge(months));
    }
    for (const weight of [3, 25, 45.5, 61]) expect(weightInWordsIn(en, weight)).toBe(weightInWords(weight));
    for (const size of [...petSizes, "Huge"]) expect(sizeLabelIn(en, size)).toBe(sizeLabel(size));
    for (const characteristics of [[], ["No_kids_under_10", "No_Dogs", "No_Cats"], ["Single_Dog_Home"]]) {
      expect(goodWithIn(en, characteristics)).toEqual(goodWith(characteristics));
    }
  });
});

describe("pet words in Spanish", () => {
  it("translate the fixed values and keep what staff typed", () => {
    expect(displayListIn(es, ["German", "Mix", "Loves_naps"])).toBe("Pastor alemán, Mestizo, Loves naps");
    expect(displayLabelIn(es, "Domestic_Shorthair")).toBe("Doméstico de pelo corto");
    expect(displayLabelIn(es, "No_Cats")).toBe("Sin gatos");
    expect(displayLabelIn(es, "Pug")).toBe("Pug");
    expect(displayLabelIn(es, "Foster_to_adopt")).toBe("Acoger para adoptar");
    expect(displayLabelIn(es, "constructor")).toBe("constructor");
  });

  it("count ages with Spanish plurals", () => {
    expect(formatAgeIn(es, 0)).toBe("Menos de 1 mes");
    expect(formatAgeIn(es, 1)).toBe("1 mes");
    expect(formatAgeIn(es, 12)).toBe("12 meses");
    expect(formatAgeIn(es, 23)).toBe("23 meses");
    expect(formatAgeIn(es, 24)).toBe("2 años");
    expect(formatAgeIn(es, 27)).toBe("2 años y 3 meses");
    expect(formatAgeIn(es, 84)).toBe("7 años");
    expect(formatAgeIn(es, 147)).toBe("12 años y 3 meses");
  });

  it("name sizes and living with others", () => {
    expect(weightInWordsIn(es, 45)).toBe("45 lbs (Mediano)");
    // One decimal sign a page (issue 40): the fee beside it says "150,00 US$".
    expect(weightInWordsIn(es, 18.7)).toBe("18,7 lbs (Pequeño)");
    expect(formatMoneyIn("es", 15000)).toMatch(/^150,00\sUS\$$/);
    expect(weightInWordsIn(en, 18.7)).toBe("18.7 lbs (Small)");
    expect(sizeLabelIn(es, "Large")).toBe("Grande (más de 60 lbs)");
    expect(sizeNameIn(es, "Small")).toBe("Pequeño");
    expect(goodWithIn(es, ["Single_Dog_Home"])).toEqual({
      children: "Pregúntanos",
      dogs: "Debe ser el único perro de la casa",
      cats: "Pregúntanos",
    });
  });
});
