import { describe, expect, it } from "vitest";
import { matchPets, type MatchPet } from "#app/lib/match/scoring";
import type { Answers } from "#app/lib/match/questionnaire";
import { demoPets } from "./pets";

/** The listed demo pets as the matchmaker reads them (listMatchCandidates): the bonded partner by name. */
const listed: MatchPet[] = demoPets()
  .filter((pet) => !pet.onHold && !pet.adopted)
  .map((pet, index) => ({ ...pet, id: index + 1, bondedWith: pet.bondedWith ?? null }));

/** A spread of households: every home, children, resident pets, species and a narrower and a wider choice. */
function answerSets(): Answers[] {
  const sets: Answers[] = [];
  const homes = ["Apartment", "House", "Condo", "Houseboat"];
  const children: Answers["a2"][] = [
    { children: 0, youngestAge: null },
    { children: 1, youngestAge: "Baby (1 - 3 Years)" },
    { children: 2, youngestAge: "Teenager (13 - 18 Years)" },
  ];
  const residents: Answers["a4"][] = [
    [],
    [{ type: "Dog", age: 6, isNeutered: false }],
    [{ type: "Cat", age: 96, isNeutered: true }],
  ];
  const choices: Pick<Answers, "p2" | "p3" | "p4">[] = [
    {
      p2: { fromAge: "All", toAge: "All" },
      p3: ["Small", "Medium", "Large"],
      p4: ["Very active", "Moderately active", "Quietly active"],
    },
    { p2: { fromAge: 12, toAge: "All" }, p3: ["Small", "Medium"], p4: ["Very active", "Quietly active"] },
  ];
  for (const a1 of homes)
    for (const a2 of children)
      for (const a4 of residents)
        for (const p1 of ["Cat", "Dog"] as const)
          for (const choice of choices) sets.push({ a1, a2, a3: [], a4, p1, ...choice });
  return sets;
}

describe("match reasons on the demo data", () => {
  it("never gives two different pets the same reasons for the same answers, nor the same first line", () => {
    let compared = 0;
    for (const answers of answerSets()) {
      const matches = matchPets(answers, listed);
      const readings = matches.map((match) => match.fits.join(" | "));
      expect(new Set(readings).size, JSON.stringify(answers)).toBe(readings.length);
      const firstLines = matches.map((match) => match.fits[0]);
      expect(new Set(firstLines).size, JSON.stringify(answers)).toBe(firstLines.length);
      compared += matches.length;
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("names the partner of a bonded pair, and each pet of a pair names the other", () => {
    const bonded = listed.filter((pet) => pet.bondedWith);
    expect(bonded.length).toBeGreaterThanOrEqual(2);
    for (const pet of bonded) expect(listed.find((other) => other.name === pet.bondedWith)?.bondedWith).toBe(pet.name);
    const [pet] = bonded;
    const answers: Answers = {
      a1: "House",
      a2: { children: 0, youngestAge: null },
      a3: [],
      a4: [],
      p1: pet!.species as Answers["p1"],
      p2: { fromAge: "All", toAge: "All" },
      p3: ["Small", "Medium", "Large"],
      p4: ["Very active", "Moderately active", "Quietly active"],
    };
    const match = matchPets(answers, [pet!])[0];
    expect(match?.cautions).toContain(
      `bonded with ${pet!.bondedWith}: ${pet!.name} goes home together with ${pet!.bondedWith}, so ask us about adopting both`,
    );
  });
});
