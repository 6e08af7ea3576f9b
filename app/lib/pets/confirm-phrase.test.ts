import { describe, expect, it } from "vitest";
import { matchesPhrase, phrasePattern } from "./confirm-phrase";

/** The field as the browser checks it: the pattern anchored and compiled with the `v` flag. */
const fieldAccepts = (pattern: string, typed: string) => new RegExp(`^(?:${pattern})$`, "v").test(typed);

describe("the words typed to confirm a delete", () => {
  const typedOnPhones = ["delete", "Delete", "DELETE", " delete ", "Delete ", "dElEtE"];
  const wrong = ["", "delet", "deleted", "delete it", "remove", "d e l e t e", "delete.", "borrar"];

  it("are accepted in any case and with spaces around them, by the server and the field alike", () => {
    const pattern = phrasePattern("delete");
    expect(pattern).toBe("\\s*[Dd][Ee][Ll][Ee][Tt][Ee]\\s*");
    for (const typed of typedOnPhones) {
      expect(matchesPhrase(typed, "delete"), typed).toBe(true);
      expect(fieldAccepts(pattern, typed), typed).toBe(true);
    }
    for (const typed of wrong) {
      expect(matchesPhrase(typed, "delete"), typed).toBe(false);
      expect(fieldAccepts(pattern, typed), typed).toBe(false);
    }
  });

  it("take any run of spaces between words, and letters with accents in either case", () => {
    const pattern = phrasePattern("borrar  para siempre");
    for (const typed of ["Borrar para siempre", "borrar   PARA siempre ", "\tborrar para\u00a0siempre"]) {
      expect(matchesPhrase(typed, "borrar para siempre"), typed).toBe(true);
      expect(fieldAccepts(pattern, typed), typed).toBe(true);
    }
    expect(fieldAccepts(pattern, "borrarpara siempre")).toBe(false);
    expect(matchesPhrase("Élan", "élan")).toBe(true);
    expect(fieldAccepts(phrasePattern("élan"), "Élan")).toBe(true);
  });

  it("keep a phrase's other characters literal in the pattern", () => {
    const pattern = phrasePattern("yes (really).");
    expect(fieldAccepts(pattern, "Yes (really).")).toBe(true);
    expect(fieldAccepts(pattern, "yes Xreally)!")).toBe(false);
  });

  it("never match an empty phrase", () => {
    expect(matchesPhrase("", "")).toBe(false);
    expect(matchesPhrase(" ", " ")).toBe(false);
  });
});
