import { describe, expect, it } from "vitest";
import { goodWith, weightInWords } from "#app/lib/pets/pet-facts";

describe("pet facts in plain words", () => {
  it("puts the size band beside the weight", () => {
    expect(weightInWords(24.9)).toBe("24.9 lbs (Small)");
    expect(weightInWords(60)).toBe("60 lbs (Medium)");
    expect(weightInWords(61)).toBe("61 lbs (Large)");
  });

  it("derives good-with from what staff recorded, and asks where nothing is", () => {
    expect(goodWith([])).toEqual({ children: "Ask us", dogs: "Ask us", cats: "Ask us" });
    expect(goodWith(["No_kids_under_10", "no_cats"])).toEqual({
      children: "Not with children under 10",
      dogs: "Ask us",
      cats: "Not with cats",
    });
    expect(goodWith(["Single_Dog_Home"]).dogs).toBe("Must be the only dog at home");
    expect(goodWith(["No_Dogs", "Single_Dog_Home"]).dogs).toBe("Not with other dogs");
  });
});
