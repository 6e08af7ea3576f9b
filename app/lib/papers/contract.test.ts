import { describe, expect, it } from "vitest";
import { adoptionPapersTexts } from "#app/config/adoption-papers";
import { feeDueCents, fillContract, giftCentsOf, nameMatches, normalizeName, sha256Hex } from "./contract";

const facts = {
  adopterName: "José Núñez",
  adopterAddress: "1 Elm St, Arcata, CA 95521",
  petName: "Biscuit",
  species: "Dog",
  breed: "Beagle",
  sex: "Male",
  age: "2 years",
  fee: "$150.00",
  date: "November 28, 2026",
  shelterName: "Redwood Animal Rescue",
  shelterAddress: "2 Main St",
  shelterPhone: "(707) 555-0142",
};

describe("fillContract", () => {
  it("fills every placeholder of both templates", () => {
    for (const texts of Object.values(adoptionPapersTexts)) {
      const text = fillContract(texts.contract, facts);
      expect(text).not.toMatch(/\{\w+\}/);
      expect(text).toContain("José Núñez");
      expect(text).toContain("Biscuit");
      expect(text).toContain("$150.00");
      expect(text).toContain("November 28, 2026");
    }
  });
  it("leaves an unknown placeholder as written", () => {
    expect(fillContract("{petName} {nope} {toString}", facts)).toBe("Biscuit {nope} {toString}");
  });
});

describe("nameMatches", () => {
  it("ignores case, accents and extra spaces", () => {
    expect(nameMatches("  jose   NUNEZ ", ["José Núñez"])).toBe(true);
    expect(normalizeName("Zoë\tÅström")).toBe("zoe astrom");
  });
  it("accepts any of the names given, and nothing else", () => {
    expect(nameMatches("Ana Díaz", ["José Núñez", "ana diaz"])).toBe(true);
    expect(nameMatches("José", ["José Núñez"])).toBe(false);
    expect(nameMatches("J. Núñez", ["José Núñez"])).toBe(false);
    expect(nameMatches("   ", ["", "José Núñez"])).toBe(false);
  });
});

describe("feeDueCents", () => {
  it("is the fee less what sponsors paid, never below 0, and 0 when waived", () => {
    expect(feeDueCents(150, 0, false)).toBe(15000);
    expect(feeDueCents(150, 5000, false)).toBe(10000);
    expect(feeDueCents(150, 20000, false)).toBe(0);
    expect(feeDueCents(150, 0, true)).toBe(0);
    expect(feeDueCents(0, 0, false)).toBe(0);
  });
});

describe("giftCentsOf", () => {
  it("reads a preset, another amount, none, and refuses the rest", () => {
    expect(giftCentsOf(null, null)).toBe(0);
    expect(giftCentsOf("none", "99")).toBe(0);
    expect(giftCentsOf("25", null)).toBe(2500);
    expect(giftCentsOf("other", " 40 ")).toBe(4000);
    expect(giftCentsOf("other", "0")).toBe("invalid");
    expect(giftCentsOf("other", "4.5")).toBe("invalid");
    expect(giftCentsOf("other", "20000")).toBe("invalid");
    expect(giftCentsOf("30", null)).toBe("invalid");
  });
});

describe("sha256Hex", () => {
  it("hashes text as UTF-8", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
