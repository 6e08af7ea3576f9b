import { describe, expect, it } from "vitest";
import { formatAge } from "./pet-age";

describe("formatAge", () => {
  it.each([
    [0, "Under 1 month"],
    [1, "1 month"],
    [4, "4 months"],
    [12, "1 year"],
    [13, "1 year 1 month"],
    [27, "2 years 3 months"],
    [-3, "Under 1 month"],
  ])("%i months reads %s", (months, text) => {
    expect(formatAge(months)).toBe(text);
  });
});
