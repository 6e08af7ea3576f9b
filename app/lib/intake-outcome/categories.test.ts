import { describe, expect, it } from "vitest";
import { shelter } from "#app/config/shelter";
import {
  ageGroupOf,
  intakeTypes,
  isLiveOutcome,
  isNonLiveOutcome,
  outcomeTypes,
  recordableOutcomeTypes,
  sacIntakeColumnOf,
  sacIntakeColumns,
  sacIntakeNames,
  sacOutcomeNames,
  speciesGroupOf,
} from "./categories";

describe("intake and outcome categories", () => {
  it("has the configured default intake type among its types (config imports nothing of the app)", () => {
    expect(intakeTypes).toContain(shelter.intakes.defaultType);
  });

  it("count a returned adoption as SAC's Relinquished by Owner, every other type in its own column", () => {
    expect(sacIntakeColumnOf("returned_adoption")).toBe("relinquished");
    expect(intakeTypes.filter((type) => type !== "returned_adoption").map(sacIntakeColumnOf)).toEqual(sacIntakeColumns);
    expect(new Set(Object.values(sacIntakeNames)).size).toBe(sacIntakeColumns.length);
    expect(new Set(Object.values(sacOutcomeNames)).size).toBe(outcomeTypes.length);
  });

  it("call live the outcomes that leave alive, non-live deaths and euthanasia, and lost in care neither", () => {
    expect(outcomeTypes.filter(isLiveOutcome)).toEqual([
      "adoption",
      "returned_to_owner",
      "transferred_out",
      "returned_to_field",
    ]);
    expect(outcomeTypes.filter(isNonLiveOutcome)).toEqual([
      "died_in_care",
      "shelter_euthanasia",
      "owner_intended_euthanasia",
    ]);
    expect(isLiveOutcome("lost_in_care") || isNonLiveOutcome("lost_in_care")).toBe(false);
  });

  it("leave adoption to the adoption mark", () => {
    expect(recordableOutcomeTypes).not.toContain("adoption");
    expect(recordableOutcomeTypes).toHaveLength(outcomeTypes.length - 1);
  });

  it("group species and ages as SAC does: up to 5 months at intake is young", () => {
    expect(["Dog", "Cat", "Rabbit", "Bird"].map(speciesGroupOf)).toEqual(["canine", "feline", "other", "other"]);
    expect([0, 5, 6, 120].map(ageGroupOf)).toEqual(["youth", "youth", "adult", "adult"]);
  });
});
