import { describe, expect, it } from "vitest";
import { readStaffPetFilters, staffPetListUrl } from "./staff-pet-filters";

describe("readStaffPetFilters", () => {
  it("reads the search, status, species and page", () => {
    expect(readStaffPetFilters(new URLSearchParams("q= Bis &status=on-hold&species=Dog&page=3"))).toEqual({
      q: "Bis",
      status: "on-hold",
      species: "Dog",
      page: 3,
    });
  });

  it("reads anything unknown as the default, never as an error", () => {
    expect(readStaffPetFilters(new URLSearchParams("status=__proto__&species=cat&page=-2"))).toEqual({
      q: "",
      status: "all",
      species: "all",
      page: 1,
    });
    expect(readStaffPetFilters(new URLSearchParams("page=1e3")).page).toBe(1000);
    expect(readStaffPetFilters(new URLSearchParams("page=2.5")).page).toBe(1);
    expect(readStaffPetFilters(new URLSearchParams(`q=${"x".repeat(100)}`)).q).toHaveLength(60);
  });
});

describe("staffPetListUrl", () => {
  it("keeps the filters and leaves out defaults", () => {
    const filters = readStaffPetFilters(new URLSearchParams("q=Bis&status=draft"));
    expect(staffPetListUrl(filters, { page: 2 })).toBe("/petadmin/edit?q=Bis&status=draft&page=2");
    expect(staffPetListUrl(filters, { q: "", status: "all" })).toBe("/petadmin/edit");
  });
});
