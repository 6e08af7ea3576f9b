import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { patchesNotApplied } from "./patches";

const root = path.resolve(import.meta.dirname, "../..");

/** A patch-package patch that changes two files of one package. */
const twoFilePatch = ["a.js", "b.js"]
  .map((file) =>
    [
      `diff --git a/node_modules/pkg/${file} b/node_modules/pkg/${file}`,
      `--- a/node_modules/pkg/${file}`,
      `+++ b/node_modules/pkg/${file}`,
      "@@ -1 +1 @@",
      "-before",
      "+after",
      "",
    ].join("\n"),
  )
  .join("");

describe("patchesNotApplied", () => {
  let folder: string | undefined;
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** A project folder with the patch and the package's two files as given. */
  function project(a: string, b: string) {
    folder = mkdtempSync(path.join(os.tmpdir(), "patches-"));
    mkdirSync(path.join(folder, "patches"));
    writeFileSync(path.join(folder, "patches", "pkg+1.0.0.patch"), twoFilePatch);
    mkdirSync(path.join(folder, "node_modules", "pkg"), { recursive: true });
    writeFileSync(path.join(folder, "node_modules", "pkg", "a.js"), `${a}\n`);
    writeFileSync(path.join(folder, "node_modules", "pkg", "b.js"), `${b}\n`);
    return folder;
  }

  it("passes a package that carries its whole patch", () => {
    expect(patchesNotApplied(project("after", "after"))).toEqual([]);
  });

  it("names a package installed without its patch", () => {
    expect(patchesNotApplied(project("before", "before"))).toEqual(["pkg+1.0.0.patch"]);
  });

  it("names a package that carries only part of its patch", () => {
    expect(patchesNotApplied(project("after", "before"))).toEqual(["pkg+1.0.0.patch"]);
  });

  it("says that git is missing rather than blaming the patches", () => {
    const dir = project("after", "after");
    const withoutGit = process.env.PATH;
    process.env.PATH = dir;
    try {
      expect(() => patchesNotApplied(dir)).toThrow("Checking patches/pkg+1.0.0.patch needs git");
    } finally {
      process.env.PATH = withoutGit;
    }
  });

  it("finds every patch of this project applied to its node_modules (npm ci applies them)", () => {
    expect(patchesNotApplied(root)).toEqual([]);
  });
});
