import { describe, expect, it } from "vitest";
import { sizeOf } from "./pet-sizes";

describe("sizeOf", () => {
  it.each([
    [0, "Small"],
    [24.9, "Small"],
    [25, "Medium"],
    [60, "Medium"],
    [60.1, "Large"],
    [120, "Large"],
  ] as const)("%s lbs is %s", (weight, size) => {
    expect(sizeOf(weight)).toBe(size);
  });
});
