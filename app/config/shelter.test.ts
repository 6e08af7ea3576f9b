import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shelter } from "./shelter";

const root = path.resolve(import.meta.dirname, "../..");

/** Every file below `folder`, as paths from the repository's root. */
function filesBelow(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe("rebranding", () => {
  it("names the shelter and its town only in app/config/, so another shelter edits one file", () => {
    const brand = new RegExp([shelter.shortName, shelter.address.city].join("|"), "i");
    const mentions = [...filesBelow("app"), ...filesBelow("server")]
      .filter((file) => !file.startsWith(`app${path.sep}config${path.sep}`))
      .filter((file) => brand.test(readFileSync(path.join(root, file), "utf8")));
    expect(mentions).toEqual([]);
  });
});
