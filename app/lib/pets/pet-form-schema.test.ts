import { describe, expect, it } from "vitest";
import { petLimits } from "./pet-fields";
import { petFormMessages as m, petFormSchema } from "./pet-form-schema";

describe("pet form messages", () => {
  it("say the limits the schema checks", () => {
    const en = (n: number) => n.toLocaleString("en-US");
    expect(m.nameTooLong).toContain(` ${en(petLimits.nameLength)} `);
    expect(m.animalIdTooLong).toContain(` ${en(petLimits.animalIdLength)} `);
    expect(m.age.max).toMatch(new RegExp(` ${en(petLimits.maxAgeMonths)}$`));
    expect(m.weight.max).toMatch(new RegExp(` ${en(petLimits.maxWeightLbs)}$`));
    expect(m.fee.max).toMatch(new RegExp(` ${en(petLimits.maxFee)}$`));
    expect(m.aboutTooLong).toContain(` ${en(petLimits.aboutLength)} `);
    expect(m.valueTooLong).toContain(` ${en(petLimits.valueLength)} `);
    expect(m.tooManyValues).toContain(` ${en(petLimits.maxValues)} `);
  });

  it("answers with them", () => {
    const base = { name: "Rex", animalId: "A1", species: "Dog" };
    const issues = (input: Record<string, unknown>) => {
      const result = petFormSchema.safeParse({ ...base, ...input });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(issues({ ageMonths: petLimits.maxAgeMonths + 1 })).toEqual([m.age.max]);
    expect(issues({ ageMonths: 1.5 })).toEqual([m.age.whole]);
    expect(issues({ adoptionFee: petLimits.maxFee + 1 })).toEqual([m.fee.max]);
    expect(issues({ name: "x".repeat(petLimits.nameLength + 1) })).toEqual([m.nameTooLong]);
    expect(issues({ breedsFor: "Cat", breed: ["Siamese"] })).toEqual([m.speciesChanged.Dog]);
    expect(
      issues({ characteristicsOther: Array.from({ length: petLimits.maxValues + 1 }, (_, i) => `v${i}`).join(",") }),
    ).toEqual([m.tooManyValues]);
  });
});
