import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headlineFigure } from "./headline-figures";

describe("headline figures", () => {
  it("round down as the spec shows them", () => {
    expect([2534, 1800, 1899, 517, 500, 47, 7, 0, 12_000, 2_345_678].map((n) => headlineFigure(n))).toEqual([
      "2.5K+",
      "1.8K+",
      "1.8K+",
      "500+",
      "500+",
      "40+",
      "7",
      "0",
      "12K+",
      "2.3M+",
    ]);
    expect(headlineFigure(2534, "es")).toBe("2,5K+");
  });

  it("never claim more than the count", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), (n) => {
        const shown = headlineFigure(n);
        const value =
          Number.parseFloat(shown.replaceAll(",", "")) *
          (shown.includes("M") ? 1_000_000 : shown.includes("K") ? 1000 : 1);
        expect(value).toBeLessThanOrEqual(n + 1e-6);
      }),
    );
  });
});
