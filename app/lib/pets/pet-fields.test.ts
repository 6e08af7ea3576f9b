import { describe, expect, it } from "vitest";
import { dogBreeds } from "#app/lib/pets/breeds";
import { breedOptionsFor, lastTyped, matchesPrefix, mergeValues } from "#app/lib/pets/pet-fields";

describe("pet form values", () => {
  it("merges ticked and typed values, spelling known options as stored and dropping repeats", () => {
    expect(mergeValues(["Pug"], " pit bull , Great   Dane,pug,, labrador ", dogBreeds)).toEqual([
      "Pug",
      "Pit_Bull",
      "Great Dane",
      "Labrador",
    ]);
    expect(mergeValues([], "", dogBreeds)).toEqual([]);
  });

  it("suggests by prefix of the last value typed, ignoring case, spaces and underscores", () => {
    expect(lastTyped("Pug, lab")).toBe("lab");
    expect(lastTyped("")).toBe("");
    expect(matchesPrefix("Labrador", "lab")).toBe(true);
    expect(matchesPrefix("Pit_Bull", "pit b")).toBe(true);
    expect(matchesPrefix("Siberian", "lab")).toBe(false);
    expect(dogBreeds.filter((breed) => matchesPrefix(breed, "s"))).toEqual(["Siberian", "Sheepdog", "Shepherd"]);
    expect(matchesPrefix("Anything", "")).toBe(true);
  });

  it("offers breeds by species: cats, dogs, none for other species", () => {
    expect(breedOptionsFor("Cat")).toContain("Siamese");
    expect(breedOptionsFor("Dog")).toContain("Pug");
    expect(breedOptionsFor("Other")).toEqual([]);
  });
});
