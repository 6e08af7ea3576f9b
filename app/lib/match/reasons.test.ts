import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as enMessages } from "#app/locales/en/messages.po";
import { messages as esMessages } from "#app/locales/es/messages.po";
import { demoPets } from "../../../scripts/demo/pets";
import { matchPets, type MatchPet } from "./scoring";
import { unweighedAnswers } from "./reasons";
import type { Answers } from "./questionnaire";

/**
 * The reasons and cautions in the page's language (decision 057): with the English catalogue they are
 * the matchmaker's English byte for byte, for a spread of households over the demo pets; in Spanish they
 * read as Spanish, and what staff wrote is quoted as typed.
 */
const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

const listed: MatchPet[] = demoPets()
  .filter((pet) => !pet.onHold && !pet.adopted)
  .map((pet, index) => ({ ...pet, id: index + 1, bondedWith: pet.bondedWith ?? null }));

function answerSets(): Answers[] {
  const sets: Answers[] = [];
  const children: Answers["a2"][] = [
    { children: 0, youngestAge: null },
    { children: 2, youngestAge: "Baby (1 - 3 Years)" },
  ];
  const residents: Answers["a4"][] = [
    [],
    [{ type: "Dog", age: 6, isNeutered: false }],
    [
      { type: "Cat", age: 96, isNeutered: false },
      { type: "Bird", age: 3, isNeutered: false },
    ],
  ];
  const choices: Pick<Answers, "p2" | "p3" | "p4">[] = [
    {
      p2: { fromAge: "All", toAge: "All" },
      p3: ["Small", "Medium", "Large"],
      p4: ["Very active", "Moderately active", "Quietly active"],
    },
    { p2: { fromAge: 12, toAge: "All" }, p3: ["Small", "Medium"], p4: ["Very active", "Quietly active"] },
  ];
  for (const a1 of ["Apartment", "House", "Condo", "Houseboat"])
    for (const a2 of children)
      for (const a4 of residents)
        for (const p1 of ["Cat", "Dog"] as const)
          for (const choice of choices) sets.push({ a1, a2, a3: [], a4, p1, ...choice });
  return sets;
}

describe("match reasons in two languages", () => {
  it("are the English of old with the English catalogue", () => {
    let compared = 0;
    for (const answers of answerSets()) {
      const plain = matchPets(answers, listed);
      const english = matchPets(answers, listed, [], en);
      expect(english.map((match) => [match.fits, match.cautions])).toEqual(
        plain.map((match) => [match.fits, match.cautions]),
      );
      expect(unweighedAnswers(answers, en)).toEqual(unweighedAnswers(answers));
      compared += plain.length;
    }
    expect(compared).toBeGreaterThan(300);
  });

  it("read as Spanish, quoting staff as typed", () => {
    const answers: Answers = {
      a1: "Apartment",
      a2: { children: 0, youngestAge: null },
      a3: [],
      a4: [{ type: "Cat", age: 24, isNeutered: false }],
      p1: "Cat",
      p2: { fromAge: "All", toAge: "All" },
      p3: ["Small", "Medium", "Large"],
      p4: ["Quietly active", "Very active"],
    };
    const words = matchPets(answers, listed, [], es).flatMap((match) => [...match.fits, ...match.cautions]);
    expect(words.length).toBeGreaterThan(20);
    expect(words).toContain("tu gato aún no está esterilizado");
    expect(
      words.some(
        (line) =>
          /^pesa \d+(,\d+)? lbs \((pequeño|mediano|grande)\)$/.test(line) ||
          /^\d+(,\d+)? lbs: buen tamaño para un apartamento$/.test(line),
      ),
    ).toBe(true);
    // Weights with the Spanish decimal comma, as the fees beside them (issue 40): never "18.7 lbs".
    expect(words.filter((line) => /\d\.\d+ lbs/.test(line))).toEqual([]);
    expect(words.some((line) => /\d,\d+ lbs/.test(line))).toBe(true);
    // No English reason is left: each line is one of the Spanish sentences.
    for (const line of words.filter((said) => !said.startsWith("el equipo dice:")))
      expect(line, line).not.toMatch(/\b(old|weighs|needs|staff|bonded|your|with)\b/);
    const quoted = words.find((line) => line.startsWith("el equipo dice:"));
    if (quoted) expect(listed.some((pet) => pet.about && quoted.includes(quoted.slice(17, 40)))).toBe(true);
    expect(unweighedAnswers({ ...answers, a1: "Houseboat", p4: ["Moderately active"] }, es)).toEqual([
      "Tu hogar («Houseboat») no cambia el orden: solo tenemos en cuenta apartamentos, condominios y casas.",
      "«Moderadamente activo» decide qué mascotas ves; no cambia su orden.",
    ]);
  });
});
