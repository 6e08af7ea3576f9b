import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** What the production build (`remix vite:build`, into build/) is made from. */
const sources = [
  "app",
  "server",
  "public",
  "patches",
  "package-lock.json",
  "vite.config.ts",
  "remix.config.js",
  "wrangler.toml",
];

/** A fingerprint of the sources: every file's path, size and time of change. */
export function sourceStamp(): string {
  const hash = createHash("sha256");
  for (const source of sources) {
    const full = path.join(root, source);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory()
      ? readdirSync(full, { recursive: true, encoding: "utf8" })
          .sort()
          .map((file) => path.join(full, file))
      : [full];
    for (const file of files) {
      const stat = statSync(file);
      if (stat.isFile()) hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest("hex");
}

/**
 * The stamp of the sources build/ was made from. It sits in build/, which every build removes first
 * (Remix's Vite plugin), so a build made any other way (`npm run build`), or one that failed, leaves none.
 */
const buildStampFile = path.join(root, "build/.sources-stamp");

/** Whether build/ holds a finished build of the sources as they are now (`stamp`, if the caller has it). */
export function buildIsCurrent(stamp = sourceStamp()): boolean {
  return (
    existsSync(path.join(root, "build/server/index.js")) &&
    existsSync(buildStampFile) &&
    readFileSync(buildStampFile, "utf8") === stamp
  );
}

/**
 * Runs `build` (which writes build/) and stamps the result with the sources as they were when it
 * started: a file changed during the build makes the next check build again.
 */
export async function stampedBuild(build: () => void | Promise<void>, stamp = sourceStamp()): Promise<void> {
  rmSync(buildStampFile, { force: true });
  await build();
  writeFileSync(buildStampFile, stamp);
}
