import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeRedirect("/adopt/pet?pet_id=4")).toBe("/adopt/pet?pet_id=4");
    expect(safeRedirect("/favorite")).toBe("/favorite");
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
  ])("refuses %j", (target) => {
    const result = safeRedirect(target, "/");
    expect(result.startsWith("//")).toBe(false);
    expect(new URL(result, "https://shelter.example").origin).toBe("https://shelter.example");
  });

  it("uses the fallback for anything off-site", () => {
    expect(safeRedirect("https://evil.example/", "/home")).toBe("/home");
  });
});
