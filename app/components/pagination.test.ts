import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps both ends and two pages on each side of the current one, with gaps between", () => {
    expect(pageWindow(1, 25)).toEqual([1, 2, 3, null, 25]);
    expect(pageWindow(12, 25)).toEqual([1, null, 10, 11, 12, 13, 14, null, 25]);
    expect(pageWindow(25, 25)).toEqual([1, null, 23, 24, 25]);
  });

  it("shows a lone left-out page itself instead of a gap", () => {
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(6, 25)).toEqual([1, null, 4, 5, 6, 7, 8, null, 25]);
    expect(pageWindow(4, 25)).toEqual([1, 2, 3, 4, 5, 6, null, 25]);
  });

  it("lists each page once, in order, always the current one and both ends", () => {
    for (let total = 1; total <= 30; total++) {
      for (let page = 1; page <= total; page++) {
        const numbers = pageWindow(page, total).filter((number): number is number => number !== null);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
      }
    }
  });
});
