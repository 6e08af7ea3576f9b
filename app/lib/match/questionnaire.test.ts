import { describe, expect, it } from "vitest";
import { answerSentence, monthsLabel, residentAgeLabel } from "#app/lib/match/questionnaire";

describe("questionnaire words", () => {
  it("says one month in the singular", () => {
    expect(monthsLabel(1)).toBe("1 month");
    expect(monthsLabel("1")).toBe("1 month");
    expect(monthsLabel(24)).toBe("24 months");
    expect(residentAgeLabel(61)).toBe("over 60 months");
  });

  it("says an age range back without '1 months'", () => {
    expect(answerSentence("p2", { fromAge: "All", toAge: 1 })).toBe("Up to 1 month old.");
    expect(answerSentence("p2", { fromAge: 1, toAge: "All" })).toBe("At least 1 month old.");
    expect(answerSentence("p2", { fromAge: 2, toAge: 12 })).toBe("Between 2 and 12 months old.");
  });
});
