import { describe, expect, it } from "vitest";
import { backLinkFrom } from "./back-link";

const origin = "https://shelter.example";

describe("backLinkFrom", () => {
  it("goes back to the list the visitor came from, with its filters", () => {
    expect(backLinkFrom(`${origin}/adopt/dog?size=Large&page=2`, origin, "en")).toBe("/adopt/dog?size=Large&page=2");
    expect(backLinkFrom(`${origin}/foster?species=cat`, origin, "en")).toBe("/foster?species=cat");
    expect(backLinkFrom(`${origin}/`, origin, "en")).toBe("/");
  });

  it("keeps the language of the page, and the list's filters, in Spanish (issue 40)", () => {
    expect(backLinkFrom(`${origin}/es/adopt/dog?size=Large&page=2`, origin, "es")).toBe(
      "/es/adopt/dog?size=Large&page=2",
    );
    expect(backLinkFrom(`${origin}/es/foster?species=cat`, origin, "es")).toBe("/es/foster?species=cat");
    expect(backLinkFrom(`${origin}/es`, origin, "es")).toBe("/es");
    expect(backLinkFrom(`${origin}/es/match`, origin, "es")).toBe("/es/match");
    expect(backLinkFrom(`${origin}/es/favorite`, origin, "es")).toBe("/es/favorite");
    // A list seen in the other language before a switch: the way back is in the page's language.
    expect(backLinkFrom(`${origin}/adopt/cat?sort=za`, origin, "es")).toBe("/es/adopt/cat?sort=za");
    expect(backLinkFrom(`${origin}/es/adopt/cat?sort=za`, origin, "en")).toBe("/adopt/cat?sort=za");
  });

  it.each([
    null,
    "not a url",
    "https://evil.example/adopt/dog",
    `${origin}/adopt/pet?pet_id=3`,
    `${origin}/es/adopt/pet?pet_id=3`,
    `${origin}/volunteer`,
    `${origin}/sign-in`,
    `${origin}/es/sign-in`,
    `${origin}/es//evil.example`,
    `${origin}//evil.example/adopt/dog`,
  ])("falls back to the adopt page in the page's language from %j", (referer) => {
    expect(backLinkFrom(referer, origin, "en")).toBe("/adopt");
    expect(backLinkFrom(referer, origin, "es")).toBe("/es/adopt");
  });
});
