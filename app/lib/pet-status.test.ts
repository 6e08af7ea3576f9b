import { describe, expect, it } from "vitest";
import { isPubliclyListed, petStatus } from "./pet-status";

describe("petStatus", () => {
  it.each([
    [{ onHoldEmail: null, adoptedEmail: null }, "listed", true],
    [{ onHoldEmail: "holder@example.com", adoptedEmail: null }, "on-hold", false],
    [{ onHoldEmail: null, adoptedEmail: "adopter@example.com" }, "adopted", false],
    [{ onHoldEmail: "holder@example.com", adoptedEmail: "adopter@example.com" }, "adopted", false],
  ])("%o is %s", (pet, status, listed) => {
    expect(petStatus(pet)).toBe(status);
    expect(isPubliclyListed(pet)).toBe(listed);
  });
});
