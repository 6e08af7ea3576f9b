import { describe, expect, it } from "vitest";
import { isPrivatePath, privatePaths, robotsTxt } from "./search-files";

/** The paths robots.txt disallows, as a crawler reads its rules (by prefix). */
const disallowed = (robots: string) => [...robots.matchAll(/^Disallow: (.+)$/gm)].map(([, path]) => path!);
const blocked = (robots: string, path: string) => disallowed(robots).some((rule) => path.startsWith(rule));

describe("robots.txt", () => {
  const robots = robotsTxt("https://shelter.example");

  it("keeps every private path out in both languages", () => {
    for (const path of privatePaths) {
      expect(disallowed(robots)).toContain(path);
      expect(disallowed(robots)).toContain(`/es${path}`);
    }
    expect(robots).toContain("Sitemap: https://shelter.example/sitemap.xml\n");
  });

  it.each([
    "/petadmin/edit?pet_id=3",
    "/es/petadmin/edit?pet_id=3",
    "/es/favorite",
    "/es/applications/4/visit",
    "/es/reset-password?token=x",
    "/adopt/apply?pet_id=1",
    "/es/adopt/apply?pet_id=1",
  ])("blocks %s, a private page in any language", (path) => {
    expect(isPrivatePath(path)).toBe(true);
    expect(blocked(robots, path)).toBe(true);
  });

  it.each(["/", "/es", "/adopt/dog", "/es/adopt/dog", "/es/adopt/pet?pet_id=3", "/es/foster", "/volunteer"])(
    "lets %s be crawled",
    (path) => {
      expect(isPrivatePath(path)).toBe(false);
      expect(blocked(robots, path)).toBe(false);
    },
  );

  it("has a rule only for what is private, read without the language prefix", () => {
    for (const rule of disallowed(robots)) expect(isPrivatePath(rule), rule).toBe(true);
  });
});
