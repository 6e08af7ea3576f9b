import { describe, expect, it } from "vitest";
import { answersOf, answerTokenMessage, isCareAnswer } from "./answers";

describe("one-tap answers to follow-ups", () => {
  it("offer how it is going on each check-in, the chip question on the three-day one, and done on a reminder", () => {
    expect(answersOf("check-in-3d", true)).toEqual(["registered", "well", "help", "return"]);
    expect(answersOf("check-in-3d", false)).toEqual(["well", "help", "return"]);
    expect(answersOf("check-in-3w", true)).toEqual(["well", "help", "return"]);
    expect(answersOf("vaccine-due", false)).toEqual(["done"]);
    expect(answersOf("fixed-due-day", false)).toEqual(["done"]);
    expect(answersOf("something-else", true)).toEqual([]);
  });

  it("know only their own answers, and sign each with its follow-up", () => {
    expect(isCareAnswer("help")).toBe(true);
    expect(isCareAnswer("delete")).toBe(false);
    expect(isCareAnswer(undefined)).toBe(false);
    const followUp = { petId: 7, email: "Ana@Example.com", kind: "check-in-3w", item: "" };
    expect(answerTokenMessage(followUp, "help")).toBe("7|ana@example.com|check-in-3w||help");
    expect(answerTokenMessage(followUp, "well")).not.toBe(answerTokenMessage(followUp, "help"));
  });
});
