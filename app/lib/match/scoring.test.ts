import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activeLevels, characteristicOptions } from "../pets/breeds";
import { aboutSentence, unweighedAnswers } from "./reasons";
import { exclusion, matchPets, score, weights, type MatchPet } from "./scoring";
import { explainNoMatches, relaxAnswer, relaxableAnswers } from "./empty-result";
import { hasChildUnder10 } from "./answers-read";
import { formatAge } from "../pets/pet-age";
import { petSizes, sizeOf } from "../pets/pet-sizes";
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
    const wanted: Answers = {
      ...answers,
      p1: "Cat",
      p2: { fromAge: 12, toAge: 36 },
      p3: ["Small"],
      p4: ["quietly active" as never],
    };
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

describe("score, explanations and order", () => {
  it("prefers a small, calm pet for an apartment and explains why", () => {
    const small = pet({ name: "Small", weightLbs: 12, activeLevel: "Quietly active" });
    const large = pet({ name: "Large", weightLbs: 80, activeLevel: "Very active" });
    const [first, second] = matchPets(answers, [large, small]);
    expect(first?.pet.name).toBe("Small");
    expect(first?.score).toBe(weights.base + weights.smallHomeSmallPet + weights.smallHomeCalmPet);
    expect(first?.strength).toBe("Strong match");
    expect(first?.fits).toEqual([
      "12 lbs: a good size for an apartment",
      "quietly active: calm enough for a smaller home",
      "2 years old: grown up, past the puppy stage",
    ]);
    expect(first?.cautions).toEqual([]);
    expect(second?.score).toBe(weights.base + weights.smallHomeLargePet + weights.smallHomeVeryActivePet);
    expect(second?.strength).toBe("Possible match");
    expect(second?.cautions).toEqual([
      "needs room: a big pet for an apartment",
      "will need long walks or play away from home",
    ]);
  });

  it("never infers anything about children from a missing tag", () => {
    const teens: Answers = { ...answers, a1: "House", a2: { children: 2, youngestAge: "Teenager (13 - 18 Years)" } };
    const baby: Answers = { ...answers, a1: "House", a2: { children: 1, youngestAge: "Baby (1 - 3 Years)" } };
    for (const given of [teens, baby]) {
      const [match] = matchPets(given, [pet()]);
      expect([...match!.fits, ...match!.cautions].join(" ")).not.toMatch(/child/);
    }
  });

  it("keeps a shy pet's caution about young children apart from the reasons it fits", () => {
    const baby: Answers = { ...answers, a2: { children: 1, youngestAge: "Baby (1 - 3 Years)" } };
    const [match] = matchPets(baby, [pet({ characteristics: ["Shy"] })]);
    expect(match?.cautions).toContain("shy: may find young children overwhelming");
    expect(match?.fits.join(" ")).not.toMatch(/child/);
  });

  it("explains a bonded pet without ranking it lower", () => {
    const [bonded, single] = [pet({ name: "Bo", characteristics: ["Bonded"] }), pet({ name: "Cy" })];
    const matches = matchPets(answers, [bonded, single]);
    expect(matches.map((match) => match.score)).toEqual([
      weights.base + weights.smallHomeMediumPet,
      weights.base + weights.smallHomeMediumPet,
    ]);
    expect(matches[0]?.cautions).toEqual([
      "bonded: Bo needs to go home with a friend from our shelter; ask us which pet",
    ]);
    const [named] = matchPets(answers, [pet({ name: "Bo", characteristics: ["Bonded"], bondedWith: "Cy" })]);
    expect(named?.cautions).toEqual(["bonded with Cy: Bo goes home together with Cy, so ask us about adopting both"]);
  });

  it("says what in the pet's record fits, the lines most its own first", () => {
    const given: Answers = {
      ...answers,
      a1: "House",
      a2: { children: 2, youngestAge: "Teenager (13 - 18 Years)" },
      a4: [{ type: "Dog", age: 48, isNeutered: true }],
    };
    const rex = pet({
      name: "Rex",
      weightLbs: 72.5,
      ageMonths: 5,
      activeLevel: "Very active",
      characteristics: ["No_Cats", "Friendly", "Foster_to_adopt"],
      about:
        "Rex came to us in May. He is gentle with the children of our volunteers and loves a game of fetch. Ask us more.",
    });
    expect(matchPets(given, [rex])[0]?.fits).toEqual([
      'staff say: "He is gentle with the children of our volunteers and loves a game of fetch."',
      "our staff call Rex friendly",
      "needs a home without cats, and yours has none",
      "72.5 lbs: a house gives a big pet room",
      "very active: a house gives room to burn off energy",
      "can go home first as a foster, to adopt after",
      "5 months old: a puppy, ready to learn your home's ways",
    ]);
  });

  it("quotes the sentence of the about text that speaks to the answers, cut at a word", () => {
    expect(aboutSentence("Mia is shy at first. She naps on the couch all day.", ["couch"])).toBe(
      "She naps on the couch all day.",
    );
    expect(aboutSentence("Mia is shy at first. She naps on the couch all day.", ["yard"])).toBe("Mia is shy at first.");
    expect(aboutSentence("", ["yard"])).toBe("");
    const long = `Mia ${"likes very long sentences, ".repeat(8)}truly.`;
    const quoted = aboutSentence(long, []);
    expect(quoted.length).toBeLessThanOrEqual(121);
    expect(quoted).toMatch(/^Mia likes very long sentences, .*[a-z]…$/);
    expect(long.startsWith(quoted.slice(0, -1))).toBe(true);
  });

  it("weighs resident pets' ages and neutering, but not resident birds", () => {
    const puppyAtHome: Answers = { ...answers, a1: "House", a4: [{ type: "Dog", age: 6, isNeutered: false }] };
    const [match] = matchPets(puppyAtHome, [pet({ activeLevel: "Very active" })]);
    expect(match?.fits).toContain("very active: a lively playmate for your young pet");
    expect(match?.cautions).toContain("your dog is not neutered yet");
    const birdAtHome: Answers = { ...answers, a1: "House", a4: [{ type: "Bird", age: 6, isNeutered: false }] };
    expect(matchPets(birdAtHome, [pet({ activeLevel: "Very active" })])[0]?.fits).not.toContain(
      "very active: a lively playmate for your young pet",
    );
  });

  it("says which answers it does not weigh", () => {
    const given: Answers = {
      ...answers,
      a1: "Houseboat",
      a2: { children: 3, youngestAge: "Teenager (13 - 18 Years)" },
      a4: [{ type: "Bird", age: 24, isNeutered: false }],
    };
    const notes = unweighedAnswers(given).join(" ");
    expect(notes).toContain('Your home ("Houseboat")');
    expect(notes).toContain("How many children");
    expect(notes).toContain("bird");
    expect(notes).toContain("Moderately active");
    expect(unweighedAnswers({ ...answers, p4: ["Quietly active"] })).toEqual([]);
  });

  it("puts favorites first, then the score, then the name", () => {
    const a = pet({ name: "Alpha", weightLbs: 80 });
    const b = pet({ name: "Bravo", weightLbs: 10 });
    const c = pet({ name: "Charlie", weightLbs: 10 });
    expect(matchPets(answers, [a, c, b]).map((match) => match.pet.name)).toEqual(["Bravo", "Charlie", "Alpha"]);
    expect(matchPets(answers, [a, c, b], [a.id]).map((match) => match.pet.name)).toEqual(["Alpha", "Bravo", "Charlie"]);
  });
});

describe("an empty result", () => {
  it("says which answer left no pets, with the count each answer removed, and the nearest pets", () => {
    const given: Answers = { ...answers, p3: ["Small"], a4: [{ type: "Cat", age: 24, isNeutered: true }] };
    const pets = [
      pet({ name: "Cat", species: "Cat", weightLbs: 8 }),
      pet({ name: "Big", weightLbs: 70 }),
      pet({ name: "Hates cats", weightLbs: 10, characteristics: ["No_Cats"] }),
    ];
    expect(matchPets(given, pets)).toEqual([]);
    const explained = explainNoMatches(given, pets);
    expect(explained.emptiedBy).toBe("a4");
    expect(explained.funnel.filter((step) => step.removed > 0)).toEqual([
      { answer: "p1", removed: 1, left: 2 },
      { answer: "p3", removed: 1, left: 1 },
      { answer: "a4", removed: 1, left: 0 },
    ]);
    // "Hates cats" misses the other-pets answer, which is never relaxed: only "Big" is offered.
    expect(explained.nearest.map((near) => [near.pet.name, near.misses])).toEqual([["Big", "p3"]]);
    expect(matchPets(relaxAnswer(given, "p3"), pets).map((match) => match.pet.name)).toEqual(["Big"]);
  });
});

const arbitraryAnswers: fc.Arbitrary<Answers> = fc.record({
  a1: fc.constantFrom("Apartment", "House", "Condo", "Houseboat"),
  a2: fc.oneof(
    fc.constant({ children: 0, youngestAge: null }),
    fc.record({ children: fc.integer({ min: 1, max: 10 }), youngestAge: fc.constantFrom(...youngestAges) }),
  ),
  a3: fc.subarray(["Bird", "Cat", "Dog", "Rabbit"]),
  a4: fc.array(
    fc.record({
      type: fc.constantFrom(...residentPetTypes),
      age: fc.constantFrom(...residentPetAges),
      isNeutered: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  p1: fc.constantFrom("Cat", "Dog"),
  p2: fc
    .tuple(fc.constantFrom<number | "All">("All", ...idealAges), fc.constantFrom<number | "All">("All", ...idealAges))
    .map(([from, to]) =>
      typeof from === "number" && typeof to === "number" && from > to
        ? { fromAge: to, toAge: from }
        : { fromAge: from, toAge: to },
    ),
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
    characteristics: fc.subarray([...characteristicOptions, "Friendly", "Spunky", "Foster_to_adopt"]),
    about: fc.constantFrom(
      "",
      "Calm and quiet. Loves the couch, the yard and a game of fetch with the children.",
      "Short. A long walk every morning suits this one best of all, rain or shine.",
    ),
    bondedWith: fc.option(fc.constantFrom("Cy", "Bo"), { nil: null }),
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

  it("the order does not depend on the order the pets came in, and favorites lead", () => {
    fc.assert(
      fc.property(arbitraryAnswers, arbitraryPets, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (given, pets, seed) => {
        const shuffled = [...pets].sort(
          (a, b) => ((a.id * 2654435761 + seed) % 97) - ((b.id * 2654435761 + seed) % 97),
        );
        const order = (list: MatchPet[], favorites: number[] = []) =>
          matchPets(given, list, favorites).map((match) => match.pet.id);
        expect(order(shuffled)).toEqual(order(pets));
        const favorites = pets.filter((_, index) => index % 3 === 0).map((candidate) => candidate.id);
        const ordered = order(pets, favorites);
        const firstOther = ordered.findIndex((id) => !favorites.includes(id));
        if (firstOther >= 0) expect(ordered.slice(firstOther).some((id) => favorites.includes(id))).toBe(false);
      }),
      { numRuns: runs },
    );
  });

  it("every reason shown is implied by the pet's data and the answers, and no pet has a reason and its contrary", () => {
    const lower = (values: readonly string[]) => values.map((value) => value.toLowerCase());
    const tagged = (candidate: MatchPet, tag: string) => lower(candidate.characteristics).includes(tag.toLowerCase());
    const youngChild = (given: Answers) => given.a2.children > 0 && !given.a2.youngestAge?.startsWith("Teenager");
    const residents = (given: Answers) => given.a4.filter((resident) => resident.type !== "Bird");
    const smallHome = (given: Answers) => ["apartment", "condo"].includes(given.a1.toLowerCase());
    /** Each reason the matchmaker can give, with what must be true of the pet and the answers for it. */
    const implied: [RegExp, (given: Answers, candidate: MatchPet, found: RegExpExecArray) => boolean][] = [
      [
        /^([\d.]+) lbs: a good size for an? (apartment|condo)$/,
        (given, candidate, [, weight]) =>
          smallHome(given) && sizeOf(candidate.weightLbs) === "Small" && Number(weight) === candidate.weightLbs,
      ],
      [
        /^needs room: a big pet for an? (apartment|condo)$/,
        (given, candidate) => smallHome(given) && sizeOf(candidate.weightLbs) === "Large",
      ],
      [
        /^quietly active: calm enough for a smaller home$/,
        (given, candidate) => smallHome(given) && candidate.activeLevel.toLowerCase() === "quietly active",
      ],
      [
        /^will need long walks/,
        (given, candidate) => smallHome(given) && candidate.activeLevel.toLowerCase() === "very active",
      ],
      [
        /^([\d.]+) lbs: a house gives a big pet room$/,
        (given, candidate, [, weight]) =>
          given.a1 === "House" && sizeOf(candidate.weightLbs) === "Large" && Number(weight) === candidate.weightLbs,
      ],
      [
        /^very active: a house gives room to burn off energy$/,
        (given, candidate) => given.a1 === "House" && candidate.activeLevel.toLowerCase() === "very active",
      ],
      [
        /^shy: may find young children overwhelming$/,
        (given, candidate) => tagged(candidate, "Shy") && youngChild(given),
      ],
      [
        /^shy: will enjoy a calm, child-free home$/,
        (given, candidate) => tagged(candidate, "Shy") && given.a2.children === 0,
      ],
      [/^bonded: /, (_, candidate) => tagged(candidate, "Bonded") && !candidate.bondedWith],
      [
        /^bonded with /,
        (_, candidate, found) =>
          !!candidate.bondedWith &&
          found.input.startsWith(`bonded with ${candidate.bondedWith}: ${candidate.name} goes home together`),
      ],
      [
        /^needs a home without cats, and yours has none$/,
        (given, candidate) => tagged(candidate, "No_Cats") && !given.a4.some((resident) => resident.type === "Cat"),
      ],
      [
        /^needs a home without other dogs, and yours has none$/,
        (given, candidate) => tagged(candidate, "No_Dogs") && !given.a4.some((resident) => resident.type === "Dog"),
      ],
      [
        /^must be the only dog, as it would be with you$/,
        (given, candidate) =>
          tagged(candidate, "Single_Dog_Home") && !given.a4.some((resident) => resident.type === "Dog"),
      ],
      [
        /^needs a home without children under 10, as yours is$/,
        (given, candidate) => tagged(candidate, "No_kids_under_10") && !hasChildUnder10(given),
      ],
      [
        /^our staff call /,
        (_, candidate, found) => {
          const said = found.input.slice(`our staff call ${candidate.name} `.length).split(" and ");
          return (
            found.input.startsWith(`our staff call ${candidate.name} `) &&
            said.every((value) => lower(candidate.characteristics).includes(value.replaceAll(" ", "_")))
          );
        },
      ],
      [/^can go home first as a foster, to adopt after$/, (_, candidate) => tagged(candidate, "Foster_to_adopt")],
      [/^staff say: "(.+)"$/, (_, candidate, [, quote]) => (candidate.about ?? "").includes(quote!.replace(/…$/, ""))],
      [
        /^(.+) old, within the ages you chose$/,
        (given, candidate, [, age]) =>
          (given.p2.fromAge !== "All" || given.p2.toAge !== "All") && formatAge(candidate.ageMonths) === age,
      ],
      [
        /^(.+) old: /,
        (given, candidate, [, age]) =>
          given.p2.fromAge === "All" && given.p2.toAge === "All" && formatAge(candidate.ageMonths) === age,
      ],
      [
        /^weighs ([\d.]+) lbs \((small|medium|large)\)$/,
        (_, candidate, [, weight, size]) =>
          Number(weight) === candidate.weightLbs && size === sizeOf(candidate.weightLbs).toLowerCase(),
      ],
      [
        /^(.+), the energy you chose$/,
        (given, candidate, [, level]) => given.p4.length < 3 && level === candidate.activeLevel.toLowerCase(),
      ],
      [
        /^very active: a lively playmate for your young pet$/,
        (given, candidate) =>
          residents(given).some((resident) => resident.age <= 12) &&
          candidate.activeLevel.toLowerCase() === "very active",
      ],
      [
        /^quietly active: calm company for your older pets$/,
        (given, candidate) =>
          residents(given).length > 0 &&
          residents(given).every((resident) => resident.age >= 60) &&
          candidate.activeLevel.toLowerCase() === "quietly active",
      ],
      [
        /^may be a lot for your older pets$/,
        (given, candidate) =>
          residents(given).length > 0 &&
          residents(given).every((resident) => resident.age >= 60) &&
          candidate.activeLevel.toLowerCase() === "very active",
      ],
      [
        /^your (dog|cat) is not neutered yet$/,
        (given, candidate) => given.a4.some((resident) => !resident.isNeutered && resident.type === candidate.species),
      ],
    ];
    /** Pairs that must never be said of the same pet. */
    const contraries: [RegExp, RegExp][] = [
      [/lbs: a good size for/, /^needs room/],
      [/calm enough/, /^will need long walks/],
      [/child-free/, /young children/],
      [/^calm company for your older pets/, /^may be a lot for your older pets/],
    ];
    fc.assert(
      fc.property(arbitraryAnswers, arbitraryPets, (given, pets) => {
        for (const match of matchPets(given, pets)) {
          const all = [...match.fits, ...match.cautions];
          for (const reason of all) {
            const rule = implied.find(([pattern]) => pattern.test(reason));
            expect(rule, reason).toBeDefined();
            expect(rule![1](given, match.pet, rule![0].exec(reason)!), reason).toBe(true);
          }
          expect(match.fits.filter((reason) => match.cautions.includes(reason))).toEqual([]);
          for (const [one, other] of contraries)
            expect(all.some((reason) => one.test(reason)) && all.some((reason) => other.test(reason))).toBe(false);
        }
      }),
      { numRuns: runs },
    );
  });

  it("an empty result's counts add up to the pets it removed, and every nearest pet misses only the answer named", () => {
    fc.assert(
      fc.property(arbitraryAnswers, arbitraryPets, (given, pets) => {
        const explained = explainNoMatches(given, pets);
        const removed = explained.funnel.reduce((sum, step) => sum + step.removed, 0);
        expect(removed).toBe(pets.length - matchPets(given, pets).length);
        expect(explained.funnel.at(-1)?.left).toBe(matchPets(given, pets).length);
        for (const near of explained.nearest) {
          expect(relaxableAnswers).toContain(near.misses);
          expect(exclusion(given, near.pet)).not.toBeNull();
          expect(matchPets(relaxAnswer(given, near.misses), [near.pet])).toHaveLength(1);
        }
      }),
      { numRuns: runs },
    );
  });

  it("scores every pet without words exactly as it scores the pets it explains, and orders them by that score", () => {
    fc.assert(
      fc.property(arbitraryAnswers, arbitraryPets, (given, pets) => {
        const matches = matchPets(given, pets);
        for (const match of matches) {
          const explained = score(given, match.pet);
          expect(match.score).toBe(explained.score);
          expect({ fits: match.fits, cautions: match.cautions }).toEqual({
            fits: explained.fits,
            cautions: explained.cautions,
          });
        }
        for (let i = 1; i < matches.length; i++)
          expect(matches[i - 1]!.score).toBeGreaterThanOrEqual(matches[i]!.score);
      }),
      { numRuns: runs },
    );
  });
});
