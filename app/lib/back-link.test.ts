import { describe, expect, it } from "vitest";
import { backLinkFrom } from "./back-link";

const origin = "https://shelter.example";

describe("backLinkFrom", () => {
  it("goes back to the list the visitor came from, with its filters", () => {
    expect(backLinkFrom(`${origin}/adopt/dog?size=Large&page=2`, origin)).toBe("/adopt/dog?size=Large&page=2");
    expect(backLinkFrom(`${origin}/foster?species=cat`, origin)).toBe("/foster?species=cat");
    expect(backLinkFrom(`${origin}/`, origin)).toBe("/");
  });

  it.each([
    null,
    "not a url",
    "https://evil.example/adopt/dog",
    `${origin}/adopt/pet?pet_id=3`,
    `${origin}/volunteer`,
    `${origin}/sign-in`,
  ])("falls back to /adopt from %j", (referer) => {
    expect(backLinkFrom(referer, origin)).toBe("/adopt");
  });
});
