import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as es } from "#app/locales/es/messages.po";
import { holdTransition, isHoldIntent } from "./hold-transitions";

const en = setupI18n({ locale: "en", messages: { en: {} } });
const now = new Date("2026-11-23T12:00:00Z");
const listed = { name: "Biscuit", onHoldEmail: null, onHoldUntil: null, adoptedEmail: null };
const held = { ...listed, onHoldEmail: "holder@example.com" };
const adopted = { ...listed, adoptedEmail: "adopter@example.com" };

describe("holdTransition", () => {
  it("holds a listed pet for the email, from now", () => {
    expect(holdTransition(listed, "hold", "new@example.com", en, now)).toEqual({
      set: { onHoldEmail: "new@example.com", onHoldDate: now },
      summary: "Put on hold for new@example.com",
    });
  });

  it("refuses to hold a pet already held or newly adopted", () => {
    expect(holdTransition(held, "hold", "new@example.com", en, now)).toEqual({
      refusal: "Biscuit is already on hold for holder@example.com.",
    });
    expect(holdTransition(adopted, "hold", "new@example.com", en, now)).toEqual({
      refusal: "Biscuit is newly adopted: remove that first.",
    });
  });

  it("marks a held pet adopted and clears the hold", () => {
    expect(holdTransition(held, "adopt", "new@example.com", en, now)).toEqual({
      set: { adoptedEmail: "new@example.com", adoptedDate: now, onHoldEmail: null, onHoldDate: null },
      summary: "Marked newly adopted by new@example.com",
    });
  });

  it("refuses to mark a pet adopted twice", () => {
    expect(holdTransition(adopted, "adopt", "new@example.com", en, now)).toEqual({
      refusal: "Biscuit is already marked adopted by adopter@example.com.",
    });
  });

  it("releases a hold and removes an adopted mark, naming who had it", () => {
    expect(holdTransition(held, "release", "", en, now)).toEqual({
      set: { onHoldEmail: null, onHoldDate: null },
      summary: "Hold removed (was holder@example.com)",
    });
    expect(holdTransition(listed, "release", "", en, now)).toMatchObject({ summary: "Hold removed (was nobody)" });
    expect(holdTransition(adopted, "unadopt", "", en, now)).toEqual({
      set: { adoptedEmail: null, adoptedDate: null },
      summary: "Newly adopted mark removed (was adopter@example.com)",
    });
  });

  it("extends a hold by one business day from its end, or from now once that has passed", () => {
    // Mon Nov 23 2026, noon shelter time (Los Angeles); the shelter closes at 5 pm (config/shelter.ts).
    const monday = new Date("2026-11-23T20:00:00Z");
    const endsTuesday = { ...held, onHoldUntil: new Date("2026-11-25T01:00:00Z") };
    const extended = holdTransition(endsTuesday, "extend", "", en, monday);
    expect(extended).toMatchObject({ summary: expect.stringMatching(/^Hold extended to /) });
    if ("refusal" in extended) throw new Error(extended.refusal);
    expect(extended.set.onHoldUntil!.getTime()).toBeGreaterThan(endsTuesday.onHoldUntil.getTime());
    const lapsed = holdTransition({ ...held, onHoldUntil: new Date("2026-11-20T01:00:00Z") }, "extend", "", en, monday);
    if ("refusal" in lapsed) throw new Error(lapsed.refusal);
    expect(lapsed.set.onHoldUntil!.getTime()).toBeGreaterThan(monday.getTime());
    expect(holdTransition(listed, "extend", "", en, monday)).toEqual({ refusal: "Biscuit is not on hold." });
  });

  it("knows its intents and no others", () => {
    expect(["hold", "release", "extend", "adopt", "unadopt"].every(isHoldIntent)).toBe(true);
    expect(isHoldIntent("delete")).toBe(false);
    expect(isHoldIntent("toString")).toBe(false);
  });
});

describe("holdTransition's refusals in Spanish", () => {
  it("are said in the page's language", () => {
    const spanish = setupI18n({ locale: "es", messages: { es } });
    expect(holdTransition(held, "hold", "new@example.com", spanish, now)).toEqual({
      refusal: "Biscuit ya está reservada para holder@example.com.",
    });
    expect(holdTransition(listed, "extend", "", spanish, now)).toEqual({ refusal: "Biscuit no está reservada." });
  });
});
