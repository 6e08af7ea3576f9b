import { describe, expect, it } from "vitest";
import { canMoveFoster, freePlacesOf, isAwayOn, matchesRoster, placedByFoster, placesOf } from "./foster";

const answers = {
  canTake: "cats,bottle-babies",
  catPlaces: "3",
  dogPlaces: "2",
  awayFrom: "2027-01-10",
  awayUntil: "2027-01-20",
};

describe("the foster roster", () => {
  it("counts places only for the species a foster takes", () => {
    expect(placesOf(answers)).toEqual({ dogs: 0, cats: 3 });
    expect(placesOf({ canTake: "dogs", dogPlaces: "-1" })).toEqual({ dogs: 0, cats: 0 });
  });

  it("knows the dates a foster is away, ends included", () => {
    expect(isAwayOn(answers, "2027-01-09")).toBe(false);
    expect(isAwayOn(answers, "2027-01-10")).toBe(true);
    expect(isAwayOn(answers, "2027-01-20")).toBe(true);
    expect(isAwayOn({ awayFrom: "2027-02-01" }, "2027-02-01")).toBe(true);
    expect(isAwayOn({}, "2027-02-01")).toBe(false);
  });

  it("lists approved and active fosters who match the species, places and date", () => {
    const approved = { status: "approved" as const, answers };
    expect(matchesRoster(approved, { species: "cats", minPlaces: 3, freeOn: null })).toBe(true);
    expect(matchesRoster(approved, { species: "cats", minPlaces: 4, freeOn: null })).toBe(false);
    expect(matchesRoster(approved, { species: "dogs", minPlaces: 0, freeOn: null })).toBe(false);
    expect(matchesRoster(approved, { species: null, minPlaces: 0, freeOn: "2027-01-15" })).toBe(false);
    expect(matchesRoster(approved, { species: null, minPlaces: 0, freeOn: "2027-01-21" })).toBe(true);
    for (const status of ["applied", "on_break", "inactive", "declined", "draft"] as const)
      expect(matchesRoster({ status, answers }, { species: null, minPlaces: 0, freeOn: null })).toBe(false);
  });

  it("lets staff choose only the moves of each status; active comes from placements", () => {
    expect(canMoveFoster("applied", "approved")).toBe(true);
    expect(canMoveFoster("applied", "active")).toBe(false);
    expect(canMoveFoster("declined", "approved")).toBe(false);
    expect(canMoveFoster("on_break", "approved")).toBe(true);
  });
});

describe("free places", () => {
  it("are the places offered less the pets of that species placed now", () => {
    const answers = { canTake: "dogs,cats", dogPlaces: "2", catPlaces: "1" };
    const placed = placedByFoster([
      { fosterId: 7, species: "Dog" },
      { fosterId: 7, species: "Cat" },
      { fosterId: 7, species: "Cat" },
      { fosterId: 8, species: "Dog" },
    ]);
    expect(placed.get(7)).toEqual({ dogs: 1, cats: 2 });
    expect(freePlacesOf(answers, placed.get(7))).toEqual({ dogs: 1, cats: 0 });
    expect(freePlacesOf(answers)).toEqual({ dogs: 2, cats: 1 });
    expect(
      matchesRoster(
        { status: "active", answers, placed: placed.get(7) },
        { species: "cats", minPlaces: 1, freeOn: null },
      ),
    ).toBe(false);
    expect(
      matchesRoster(
        { status: "active", answers, placed: placed.get(7) },
        { species: "dogs", minPlaces: 1, freeOn: null },
      ),
    ).toBe(true);
  });
});
