import { describe, expect, it } from "vitest";
import {
  chipsOf,
  emptyFilters,
  filtersToQuery,
  hasFilterParams,
  readFilters,
  readPage,
  speciesOfSlug,
  withoutChip,
} from "./adopt-filters";

const read = (query: string) => readFilters(new URLSearchParams(query));

describe("speciesOfSlug", () => {
  it.each([
    ["cat", "Cat"],
    ["DOG", "Dog"],
    ["rabbit", "other"],
    [undefined, "other"],
  ] as const)("%s lists %s", (slug, species) => {
    expect(speciesOfSlug(slug)).toBe(species);
  });
});

describe("readFilters", () => {
  it("reads several values of each filter", () => {
    expect(read("breed=Pug&breed=Mix&level=Very%20active&size=Small&size=Large&sort=za")).toEqual({
      breeds: ["Pug", "Mix"],
      levels: ["Very active"],
      sizes: ["Small", "Large"],
      sort: "za",
    });
  });

  it("matches active levels and sizes case-insensitively and drops unknown ones", () => {
    expect(read("level=QUIETLY%20ACTIVE&level=sleepy&size=medium&size=huge")).toMatchObject({
      levels: ["Quietly active"],
      sizes: ["Medium"],
    });
  });

  it("drops duplicates, blanks, over-long values and unknown sorts", () => {
    const filters = read(`breed=Pug&breed=Pug&breed=%20&breed=${"x".repeat(61)}&sort=price`);
    expect(filters.breeds).toEqual(["Pug"]);
    expect(filters.sort).toBe("relevant");
  });

  it("keeps at most 30 breeds", () => {
    const query = Array.from({ length: 40 }, (_, i) => `breed=B${i}`).join("&");
    expect(read(query).breeds).toHaveLength(30);
  });
});

describe("queries", () => {
  it("round-trips filters through the canonical query, leaving the default sort out", () => {
    const filters = read("size=Large&breed=Pug&level=very%20active");
    expect(filtersToQuery(filters)).toBe("breed=Pug&level=Very+active&size=Large");
    expect(read(filtersToQuery(filters))).toEqual(filters);
    expect(filtersToQuery(emptyFilters, 3)).toBe("page=3");
  });

  it("knows whether a query speaks of filters", () => {
    expect(hasFilterParams(new URLSearchParams("sort=relevant"))).toBe(true);
    expect(hasFilterParams(new URLSearchParams("page=2"))).toBe(false);
  });

  it.each([
    ["", 1],
    ["page=3", 3],
    ["page=0", 1],
    ["page=-2", 1],
    ["page=2.5", 1],
    ["page=abc", 1],
    ["page=99999", 1000],
  ])("reads page from %j as %i", (query, page) => {
    expect(readPage(new URLSearchParams(query))).toBe(page);
  });
});

describe("chips", () => {
  it("has one chip per value, and removing one keeps the others", () => {
    const filters = read("breed=Pug&breed=Mix&size=Small");
    const chips = chipsOf(filters);
    expect(chips).toEqual([
      { key: "breed", value: "Pug" },
      { key: "breed", value: "Mix" },
      { key: "size", value: "Small" },
    ]);
    expect(withoutChip(filters, chips[0]!)).toEqual({ ...filters, breeds: ["Mix"] });
    expect(withoutChip(filters, chips[2]!)).toEqual({ ...filters, sizes: [] });
  });
});
