import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activeLevels, characteristicOptions } from "./breeds";
import { exclusion, hasChildUnder10, matchPets, weights, type MatchPet } from "./matchmaker";
import { petSizes, sizeOf } from "./pet-sizes";
import { idealAges, residentPetAges, residentPetTypes, youngestAges, type Answers } from "./questionnaire";

const answers: Answers = {
  a1: "Apartment",
  a2: { children: 0, youngestAge: null },
  a3: [],
  a4: [],
  p1: "Dog",
  p2: { fromAge: "All", toAge: "All" },
  p3: ["Small", "Medium", "Large"],
  p4: ["Very active", "Moderately active", "Quietly active"],
};

let nextId = 1;
const pet = (overrides: Partial<MatchPet> = {}): MatchPet => ({
  id: nextId++,
  name: `Pet ${nextId}`,
  species: "Dog",
  ageMonths: 24,
  weightLbs: 30,
  activeLevel: "Moderately active",
  characteristics: [],
  ...overrides,
});

describe("hard filters", () => {
  it("keeps only the species, ages, sizes and energy levels asked for", () => {
    const wanted: Answers = { ...answers, p1: "Cat", p2: { fromAge: 12, toAge: 36 }, p3: ["Small"], p4: ["quietly active" as never] };
    expect(exclusion(wanted, pet())).toBe("species");
    expect(exclusion(wanted, pet({ species: "Cat", ageMonths: 6 }))).toBe("too young");
    expect(exclusion(wanted, pet({ species: "Cat", ageMonths: 48 }))).toBe("too old");
    expect(exclusion(wanted, pet({ species: "Cat", weightLbs: 30 }))).toBe("size");
    expect(exclusion(wanted, pet({ species: "Cat", weightLbs: 10, activeLevel: "Very active" }))).toBe("energy");
    expect(exclusion(wanted, pet({ species: "Cat", weightLbs: 10, activeLevel: "QUIETLY ACTIVE" }))).toBeNull();
  });

  it("leaves out the species someone is allergic to", () => {
    expect(exclusion({ ...answers, a3: ["dog"] }, pet())).toBe("allergy");
    expect(exclusion({ ...answers, a3: ["Bird"] }, pet())).toBeNull();
  });

  it("leaves out pets that cannot live with the household's children or pets", () => {
    const youngKids: Answers = { ...answers, a2: { children: 2, youngestAge: "Baby (1 - 3 Years)" } };
    expect(exclusion(youngKids, pet({ characteristics: ["No_kids_under_10"] }))).toBe("young children");
    const teens: Answers = { ...answers, a2: { children: 1, youngestAge: "Teenager (13 - 18 Years)" } };
    expect(exclusion(teens, pet({ characteristics: ["No_kids_under_10"] }))).toBeNull();
    const withDog: Answers = { ...answers, a4: [{ type: "Dog", age: 36, isNeutered: true }] };
    expect(exclusion(withDog, pet({ characteristics: ["No_Dogs"] }))).toBe("resident dog");
    expect(exclusion(withDog, pet({ characteristics: ["Single_Dog_Home"] }))).toBe("resident dog");
    expect(exclusion(withDog, pet({ characteristics: ["No_Cats"] }))).toBeNull();
    const withCat: Answers = { ...answers, a4: [{ type: "Cat", age: 36, isNeutered: true }] };
    expect(exclusion(withCat, pet({ characteristics: ["No_Cats"] }))).toBe("resident cat");
  });

  it("counts school age as possibly under 10", () => {
    expect(hasChildUnder10({ a2: { children: 1, youngestAge: "School age (6 - 12 Years)" } })).toBe(true);
    expect(hasChildUnder10({ a2: { children: 0, youngestAge: null } })).toBe(false);
  });
});

describe("score and order", () => {
  it("prefers a small, calm pet for an apartment and explains why", () => {
    const small = pet({ name: "Small", weightLbs: 12, activeLevel: "Quietly active" });
    const large = pet({ name: "Large", weightLbs: 80, activeLevel: "Very active" });
    const [first, second] = matchPets(answers, [large, small]);
    expect(first?.pet.name).toBe("Small");
    expect(first?.score).toBe(weights.base + weights.smallHomeSmallPet + weights.smallHomeCalmPet);
    expect(first?.reasons).toEqual(expect.arrayContaining(["small size, as you asked", "quietly active, as you asked", "a good size for an apartment"]));
    expect(second?.score).toBe(weights.base + weights.smallHomeLargePet + weights.smallHomeVeryActivePet);
  });

  it("says a pet is good with children over 10", () => {
    const teens: Answers = { ...answers, a1: "House", a2: { children: 2, youngestAge: "Teenager (13 - 18 Years)" } };
    expect(matchPets(teens, [pet()])[0]?.reasons).toContain("good with children over 10");
  });

  it("weighs resident pets' ages and neutering", () => {
    const puppyAtHome: Answers = { ...answers, a1: "House", a4: [{ type: "Dog", age: 6, isNeutered: false }] };
    const [match] = matchPets(puppyAtHome, [pet({ activeLevel: "Very active" })]);
    expect(match?.reasons).toEqual(expect.arrayContaining(["a lively playmate for your young pet", "your dog is not neutered yet"]));
  });

  it("puts favourites first, then the score, then the name", () => {
    const a = pet({ name: "Alpha", weightLbs: 80 });
    const b = pet({ name: "Bravo", weightLbs: 10 });
    const c = pet({ name: "Charlie", weightLbs: 10 });
    expect(matchPets(answers, [a, c, b]).map((match) => match.pet.name)).toEqual(["Bravo", "Charlie", "Alpha"]);
    expect(matchPets(answers, [a, c, b], [a.id]).map((match) => match.pet.name)).toEqual(["Alpha", "Bravo", "Charlie"]);
  });
});

const arbitraryAnswers: fc.Arbitrary<Answers> = fc.record({
  a1: fc.constantFrom("Apartment", "House", "Condo", "Houseboat"),
  a2: fc.oneof(
    fc.constant({ children: 0, youngestAge: null }),
    fc.record({ children: fc.integer({ min: 1, max: 10 }), youngestAge: fc.constantFrom(...youngestAges) }),
  ),
  a3: fc.subarray(["Bird", "Cat", "Dog", "Rabbit"]),
  a4: fc.array(fc.record({ type: fc.constantFrom(...residentPetTypes), age: fc.constantFrom(...residentPetAges), isNeutered: fc.boolean() }), { maxLength: 3 }),
  p1: fc.constantFrom("Cat", "Dog"),
  p2: fc
    .tuple(fc.constantFrom<number | "All">("All", ...idealAges), fc.constantFrom<number | "All">("All", ...idealAges))
    .map(([from, to]) => (typeof from === "number" && typeof to === "number" && from > to ? { fromAge: to, toAge: from } : { fromAge: from, toAge: to })),
  p3: fc.subarray([...petSizes], { minLength: 1 }),
  p4: fc.subarray([...activeLevels], { minLength: 1 }),
});

const arbitraryPets = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    name: fc.string({ minLength: 1, maxLength: 8 }),
    species: fc.constantFrom("Cat", "Dog", "Rabbit"),
    ageMonths: fc.integer({ min: 0, max: 200 }),
    weightLbs: fc.float({ min: 1, max: 150, noNaN: true }),
    activeLevel: fc.constantFrom(...activeLevels, "VERY ACTIVE", "quietly active"),
    characteristics: fc.subarray([...characteristicOptions, "Friendly", "Spunky"]),
  }),
  { selector: (candidate) => candidate.id, maxLength: 60 },
);

/** The number of cases each property runs; reported by the closing note. */
const runs = 500;

describe("properties (fast-check)", () => {
  it("every returned pet passes every hard filter, and no excluded pet is ever returned", () => {
    fc.assert(
      fc.property(arbitraryAnswers, arbitraryPets, (given, pets) => {
        const matched = matchPets(given, pets);
        const ids = new Set(matched.map((match) => match.pet.id));
        for (const candidate of pets) {
          const excluded = exclusion(given, candidate) !== null;
          expect(ids.has(candidate.id)).toBe(!excluded);
        }
        for (const { pet: found } of matched) {
          expect(found.species).toBe(given.p1);
          expect(given.p3).toContain(sizeOf(found.weightLbs));
          expect(given.p4.map((level) => level.toLowerCase())).toContain(found.activeLevel.toLowerCase());
          expect(given.a3.map((animal) => animal.toLowerCase())).not.toContain(found.species.toLowerCase());
          if (given.p2.fromAge !== "All") expect(found.ageMonths).toBeGreaterThanOrEqual(given.p2.fromAge);
          if (given.p2.toAge !== "All") expect(found.ageMonths).toBeLessThanOrEqual(given.p2.toAge);
        }
      }),
      { numRuns: runs },
    );
  });

  it("the order does not depend on the order the pets came in, and favourites lead", () => {
    fc.assert(
      fc.property(arbitraryAnswers, arbitraryPets, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (given, pets, seed) => {
        const shuffled = [...pets].sort((a, b) => ((a.id * 2654435761 + seed) % 97) - ((b.id * 2654435761 + seed) % 97));
        const order = (list: MatchPet[], favourites: number[] = []) => matchPets(given, list, favourites).map((match) => match.pet.id);
        expect(order(shuffled)).toEqual(order(pets));
        const favourites = pets.filter((_, index) => index % 3 === 0).map((candidate) => candidate.id);
        const ordered = order(pets, favourites);
        const firstOther = ordered.findIndex((id) => !favourites.includes(id));
        if (firstOther >= 0) expect(ordered.slice(firstOther).some((id) => favourites.includes(id))).toBe(false);
      }),
      { numRuns: runs },
    );
  });
});
