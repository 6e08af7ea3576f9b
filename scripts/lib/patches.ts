import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * The patches of `patches/` (patch-package, applied by `npm install`'s postinstall) that the installed
 * `node_modules` does not carry whole: each is checked with `git apply --check --reverse`, which
 * succeeds only if every hunk of the patch is in place. A package reinstalled or half patched since
 * (a file changed, another put back) shows here; `npm ci` installs and patches everything again.
 * Several patches change what the bench measures (decision 045), and one of wrangler's files without
 * its half of `wrangler+4.86.0.patch` made the server ratio miss (decision 063).
 */
export function patchesNotApplied(root: string): string[] {
  const folder = path.join(root, "patches");
  return readdirSync(folder)
    .filter((file) => file.endsWith(".patch"))
    .sort()
    .filter((file) => {
      const check = spawnSync("git", ["apply", "--check", "--reverse", path.join("patches", file)], {
        cwd: root,
        stdio: "ignore",
      });
      // No git to ask is not a missing patch: say what is missing.
      if (check.error) throw new Error(`Checking patches/${file} needs git: ${check.error.message}`);
      return check.status !== 0;
    });
}
