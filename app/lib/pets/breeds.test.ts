import { describe, expect, it } from "vitest";
import { catBreeds, displayLabel, displayList, dogBreeds } from "./breeds";

describe("displayLabel", () => {
  it("turns stored underscores into spaces", () => {
    expect(displayLabel("Domestic_Shorthair")).toBe("Domestic Shorthair");
    expect(displayLabel("No_kids_under_10")).toBe("No kids under 10");
  });

  it("corrects the misspelt stored breed", () => {
    expect(displayLabel("Miniaure_Smooth_Haired")).toBe("Miniature Smooth Haired");
  });

  it("shows free-typed names of Object.prototype's properties as typed", () => {
    expect(displayLabel("constructor")).toBe("constructor");
    expect(displayLabel("hasOwnProperty")).toBe("hasOwnProperty");
    expect(displayList(["toString", "Mix"])).toBe("toString, Mix");
  });

  it("tidies free-typed values", () => {
    expect(displayLabel("  Foster__to_adopt ")).toBe("Foster to adopt");
  });

  it("joins lists", () => {
    expect(displayList(["Pit_Bull", "Mix"])).toBe("Pit Bull, Mix");
  });
});

describe("breed options", () => {
  it("has the spec's 4 cat and 22 dog breeds with no overlap", () => {
    expect(catBreeds).toHaveLength(4);
    expect(dogBreeds).toHaveLength(22);
    expect(catBreeds.filter((breed) => (dogBreeds as readonly string[]).includes(breed))).toEqual([]);
  });
});
