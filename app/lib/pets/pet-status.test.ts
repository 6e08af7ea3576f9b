import { describe, expect, it } from "vitest";
import { isPubliclyListed, petStatus } from "./pet-status";

const published = new Date(Date.UTC(2026, 10, 1));

describe("petStatus", () => {
  it.each([
    [{ onHoldEmail: null, adoptedEmail: null, publishedAt: published }, "listed", true],
    [{ onHoldEmail: "holder@example.com", adoptedEmail: null, publishedAt: published }, "on-hold", false],
    [{ onHoldEmail: null, adoptedEmail: "adopter@example.com", publishedAt: published }, "adopted", false],
    [
      { onHoldEmail: "holder@example.com", adoptedEmail: "adopter@example.com", publishedAt: published },
      "adopted",
      false,
    ],
    [{ onHoldEmail: null, adoptedEmail: null, publishedAt: null }, "draft", false],
    [{ onHoldEmail: null, adoptedEmail: null, publishedAt: published, leftAt: published }, "gone", false],
    [{ onHoldEmail: null, adoptedEmail: null, publishedAt: published, leftAt: null }, "listed", true],
  ])("%o is %s", (pet, status, listed) => {
    expect(petStatus(pet)).toBe(status);
    expect(isPubliclyListed(pet)).toBe(listed);
  });
});
