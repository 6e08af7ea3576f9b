import { describe, expect, it } from "vitest";
import { applyMatchFilters, readMatchFilters } from "./match-filters";

let nextId = 1;
const pet = (name: string, species: string, breed: string[], weightLbs: number, activeLevel: string) => ({
  pet: { id: nextId++, name, species, breed, weightLbs, activeLevel },
});
const matches = [
  pet("Luna", "Cat", ["Siamese"], 9, "Quietly active"),
  pet("bruno", "Dog", ["Rottweiler"], 100, "Moderately active"),
  pet("Lucky", "Dog", ["Pug", "Mix"], 15, "Very active"),
];
const names = (query: string) =>
  applyMatchFilters(matches, readMatchFilters(new URLSearchParams(query))).map((match) => match.pet.name);

describe("match result filters", () => {
  it("keeps the matchmaker's order unless asked to sort", () => {
    expect(names("")).toEqual(["Luna", "bruno", "Lucky"]);
    expect(names("sort=az")).toEqual(["bruno", "Lucky", "Luna"]);
    expect(names("sort=za")).toEqual(["Luna", "Lucky", "bruno"]);
  });

  it("puts favorites first in every order, then the order asked for", () => {
    const favorite = [matches[1]!.pet.id];
    const ordered = (query: string) =>
      applyMatchFilters(matches, readMatchFilters(new URLSearchParams(query)), favorite).map((match) => match.pet.name);
    expect(ordered("")).toEqual(["bruno", "Luna", "Lucky"]);
    expect(ordered("sort=az")).toEqual(["bruno", "Lucky", "Luna"]);
    expect(ordered("sort=za")).toEqual(["bruno", "Luna", "Lucky"]);
  });

  it("searches names case-insensitively, anywhere in the name", () => {
    expect(names("q=LU")).toEqual(["Luna", "Lucky"]);
    expect(names("q=un")).toEqual(["Luna", "bruno"]);
  });

  it("filters by species, breed, energy and size", () => {
    expect(names("species=Dog")).toEqual(["bruno", "Lucky"]);
    expect(names("breed=Mix")).toEqual(["Lucky"]);
    expect(names("level=very%20active")).toEqual(["Lucky"]);
    expect(names("size=Large&size=Small")).toEqual(["Luna", "bruno", "Lucky"]);
    expect(names("species=Dog&size=Small")).toEqual(["Lucky"]);
    expect(names("species=Fish")).toEqual(["Luna", "bruno", "Lucky"]);
  });
});
