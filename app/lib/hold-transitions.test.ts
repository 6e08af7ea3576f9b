import { describe, expect, it } from "vitest";
import { holdTransition, isHoldIntent } from "./hold-transitions";

const now = new Date("2026-11-23T12:00:00Z");
const listed = { name: "Biscuit", onHoldEmail: null, adoptedEmail: null };
const held = { ...listed, onHoldEmail: "holder@example.com" };
const adopted = { ...listed, adoptedEmail: "adopter@example.com" };

describe("holdTransition", () => {
  it("holds a listed pet for the e-mail, from now", () => {
    expect(holdTransition(listed, "hold", "new@example.com", now)).toEqual({
      set: { onHoldEmail: "new@example.com", onHoldDate: now },
      summary: "Put on hold for new@example.com",
    });
  });

  it("refuses to hold a pet already held or newly adopted", () => {
    expect(holdTransition(held, "hold", "new@example.com", now)).toEqual({ refusal: "Biscuit is already on hold for holder@example.com." });
    expect(holdTransition(adopted, "hold", "new@example.com", now)).toEqual({ refusal: "Biscuit is newly adopted: remove that first." });
  });

  it("marks a held pet adopted and clears the hold", () => {
    expect(holdTransition(held, "adopt", "new@example.com", now)).toEqual({
      set: { adoptedEmail: "new@example.com", adoptedDate: now, onHoldEmail: null, onHoldDate: null },
      summary: "Marked newly adopted by new@example.com",
    });
  });

  it("refuses to mark a pet adopted twice", () => {
    expect(holdTransition(adopted, "adopt", "new@example.com", now)).toEqual({ refusal: "Biscuit is already marked adopted by adopter@example.com." });
  });

  it("releases a hold and removes an adopted mark, naming who had it", () => {
    expect(holdTransition(held, "release", "", now)).toEqual({ set: { onHoldEmail: null, onHoldDate: null }, summary: "Hold removed (was holder@example.com)" });
    expect(holdTransition(listed, "release", "", now)).toMatchObject({ summary: "Hold removed (was nobody)" });
    expect(holdTransition(adopted, "unadopt", "", now)).toEqual({
      set: { adoptedEmail: null, adoptedDate: null },
      summary: "Newly adopted mark removed (was adopter@example.com)",
    });
  });

  it("knows its intents and no others", () => {
    expect(["hold", "release", "adopt", "unadopt"].every(isHoldIntent)).toBe(true);
    expect(isHoldIntent("delete")).toBe(false);
    expect(isHoldIntent("toString")).toBe(false);
  });
});
