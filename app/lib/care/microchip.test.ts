import { describe, expect, it } from "vitest";
import { chipManufacturers } from "#app/config/microchips";
import { chipManufacturerOf, isTestChipNumber, isValidChipNumber, normalizeChipNumber } from "./microchip";
import { chipSchema } from "./care-schemas";

describe("microchip numbers", () => {
  it("keep digits and capital letters of what was typed", () => {
    expect(normalizeChipNumber(" 985-112.003 456 789 ")).toBe("985112003456789");
    expect(normalizeChipNumber("0a1b2c3d4e")).toBe("0A1B2C3D4E");
  });

  it("accept a 15-digit ISO number and older 9-digit and 10-character chips, and nothing else", () => {
    expect(isValidChipNumber("985112003456789")).toBe(true);
    expect(isValidChipNumber("985 112 003 456 789")).toBe(true);
    expect(isValidChipNumber("123456789")).toBe(true);
    expect(isValidChipNumber("0A1B2C3D4E")).toBe(true);
    for (const wrong of [
      "",
      "98511200345678",
      "9851120034567890",
      "12345678",
      "0A1B2C3D4G",
      "98511200345678X",
      "ABCDEFGHI",
    ]) {
      expect(isValidChipNumber(wrong), wrong).toBe(false);
    }
  });

  it("name the maker where the prefix tells, and none where it does not", () => {
    expect(chipManufacturerOf("985112003456789")).toEqual(chipManufacturers.homeagain);
    expect(chipManufacturerOf("982000123456789")).toEqual(chipManufacturers.allflex);
    expect(chipManufacturerOf("981020000000001")).toEqual(chipManufacturers.datamars);
    expect(chipManufacturerOf("977200000000001")).toEqual(chipManufacturers.avid);
    expect(chipManufacturerOf("956000000000001")).toEqual(chipManufacturers.trovan);
    expect(chipManufacturerOf("123456789")).toEqual(chipManufacturers.avid);
    // 900 is shared by several makers, 840 is a country (the USA): neither names a maker.
    expect(chipManufacturerOf("900012345678901")).toBeNull();
    expect(chipManufacturerOf("840012345678901")).toBeNull();
    expect(chipManufacturerOf("0A1B2C3D4E")).toBeNull();
    expect(chipManufacturerOf("98511200345678")).toBeNull();
  });

  it("know a 15-digit number starting with 999 as a test chip, never a pet's", () => {
    expect(isTestChipNumber("999000000000001")).toBe(true);
    expect(isTestChipNumber("999 000 000 000 001")).toBe(true);
    for (const real of ["985112003456789", "900099900000001", "999123456", "999ABCDEF0", "99900000000001"])
      expect(isTestChipNumber(real), real).toBe(false);
  });

  it("refuse a test chip in the care panel's chip form, with its own message, and take real chips", () => {
    const refused = chipSchema.safeParse({ chipNumber: "999-000 000 000 001" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      "A number starting with 999 is a test chip, never one implanted in a pet: scan the pet again and enter the number its chip shows",
    ]);
    expect(chipSchema.safeParse({ chipNumber: "985 112 003 456 789" }).data?.chipNumber).toBe("985112003456789");
  });

  it("give every maker a registration page on https", () => {
    for (const maker of Object.values(chipManufacturers)) expect(maker.registrationUrl).toMatch(/^https:\/\//);
  });
});
