import { describe, expect, it } from "vitest";
import { formatAge } from "./pet-age";

describe("formatAge", () => {
  it.each([
    [0, "Under 1 month"],
    [1, "1 month"],
    [4, "4 months"],
    [12, "12 months"],
    [13, "13 months"],
    [23, "23 months"],
    [24, "2 years"],
    [27, "2 years 3 months"],
    [84, "7 years"],
    [85, "7 years 1 month"],
    [147, "12 years 3 months"],
    [-3, "Under 1 month"],
  ])("%i months reads %s", (months, text) => {
    expect(formatAge(months)).toBe(text);
  });
});
