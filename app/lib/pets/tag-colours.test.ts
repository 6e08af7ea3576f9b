import { describe, expect, it } from "vitest";
import { tagColour } from "./tag-colours";

describe("tagColour", () => {
  it.each([
    ["No_Dogs", "red"],
    ["no cats", "red"],
    ["Active", "red"],
    ["Spunky", "orange"],
    ["Foster_to_adopt", "yellow"],
    ["spirited", "yellow"],
    ["Shy", "blue"],
    ["Calm", "blue"],
    ["Friendly", "green"],
    ["Bonded", "purple"],
    ["Single_Dog_Home", "grey"],
    ["No_kids_under_10", "grey"],
    ["constructor", "grey"],
    ["__proto__", "grey"],
    ["toString", "grey"],
  ] as const)("%s is %s", (tag, colour) => {
    expect(tagColour(tag)).toBe(colour);
  });
});
