import { describe, expect, it } from "vitest";
import { safeLocalizedRedirect, safeRedirect, withRedirectTo } from "./safe-redirect";

/** Where a browser goes when it follows `Location: result` from this site. */
const followed = (result: string) => new URL(result, "https://shelter.example");

describe("safeRedirect", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeRedirect("/adopt/pet?pet_id=4")).toBe("/adopt/pet?pet_id=4");
    expect(safeRedirect("/favorite")).toBe("/favorite");
    expect(safeRedirect("/join?token=abc%2Fdef")).toBe("/join?token=abc%2Fdef");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    null,
    undefined,
    "/%5C%5Cevil.example",
    "/.//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/./\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n//evil.example",
    "/ok\u0000",
    "/ok\u007f",
    "/%2f/evil.example",
    "/%2F%2Fevil.example",
    "/%5c/evil.example",
  ])("never leaves the site for %j", (target) => {
    const result = safeRedirect(target, "/");
    expect(result.startsWith("//")).toBe(false);
    expect(result.startsWith("/\\")).toBe(false);
    expect([...result].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)).toBe(
      false,
    );
    expect(followed(result).origin).toBe("https://shelter.example");
  });

  it.each(["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example", "/\t/evil.example", "/a\nb"])(
    "falls back for %j, whose normalised form is another host or holds a control character",
    (target) => {
      expect(safeRedirect(target, "/home")).toBe("/home");
    },
  );

  it("uses the fallback for anything off-site", () => {
    expect(safeRedirect("https://evil.example/", "/home")).toBe("/home");
  });
});

describe("safeLocalizedRedirect", () => {
  it("puts a path of this site in the page's language, query kept", () => {
    expect(safeLocalizedRedirect("/adopt/pet?pet_id=4", "es")).toBe("/es/adopt/pet?pet_id=4");
    expect(safeLocalizedRedirect("/es/foster/apply?pet_id=2", "en")).toBe("/foster/apply?pet_id=2");
    expect(safeLocalizedRedirect(null, "es")).toBe("/es");
    expect(safeLocalizedRedirect("https://evil.example/", "en", "/adopt")).toBe("/adopt");
  });

  it.each([
    "/es//evil.example/phish",
    "/es/\\evil.example",
    "/es/%2F%2Fevil.example",
    "//evil.example",
    "/es/.//evil.example",
    "/es/%2e//evil.example",
    "/es//\t/evil.example",
  ])("checks the value after localization, the one followed: %j", (target) => {
    for (const locale of ["en", "es"] as const) {
      const result = safeLocalizedRedirect(target, locale);
      expect(result).not.toMatch(/^\/[/\\]/);
      expect(followed(result).origin).toBe("https://shelter.example");
    }
  });
});

describe("withRedirectTo", () => {
  it("carries a return path in the query, and nothing for the home page", () => {
    expect(withRedirectTo("/es/confirm-email", "/es/foster/apply?pet_id=2")).toBe(
      "/es/confirm-email?redirectTo=%2Fes%2Ffoster%2Fapply%3Fpet_id%3D2",
    );
    expect(withRedirectTo("/verify-email?token=abc", "/favorite")).toBe(
      "/verify-email?token=abc&redirectTo=%2Ffavorite",
    );
    expect(withRedirectTo("/confirm-email", "/")).toBe("/confirm-email");
    expect(withRedirectTo("/es/confirm-email", "/es")).toBe("/es/confirm-email");
  });
});
