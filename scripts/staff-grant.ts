/**
 * Makes a user staff: adds them to the shelter's organisation with a role.
 *   npm run staff:grant -- EMAIL [--role owner|admin|member] [--remote] [--persist-to DIR]
 * Locally it changes .wrangler/state (or DIR); with --remote, the deployed D1 database.
 * The user must have an account already (signed up or signed in with Google once) whose email
 * address is confirmed.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { isRole } from "#app/lib/accounts/permissions";
import { offlineEnv } from "./lib/local-worker";
import { staffGrantOutcome, staffGrantStatements, type StaffGrantRow } from "./lib/staff-grant";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    role: { type: "string", default: "member" },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string", default: ".wrangler/state" },
  },
});

const email = positionals[0]?.trim().toLowerCase() ?? "";
if (!/^[^\s@'"\\]+@[^\s@'"\\]+\.[^\s@'"\\]+$/.test(email) || !isRole(values.role)) {
  console.error("Usage: npm run staff:grant -- EMAIL [--role owner|admin|member] [--remote]");
  process.exit(2);
}

const sql = staffGrantStatements(email, values.role).join("\n");

const target = values.remote
  ? ["--remote"]
  : ["--local", "--persist-to", path.resolve(values["persist-to"] ?? ".wrangler/state")];
const result = spawnSync(
  path.resolve(import.meta.dirname, "../node_modules/.bin/wrangler"),
  ["d1", "execute", "DB", ...target, "--json", "--command", sql],
  { env: offlineEnv, encoding: "utf8" },
);
if (result.status !== 0) {
  console.error(result.stderr || result.stdout);
  process.exit(result.status ?? 1);
}
const outputs = JSON.parse(result.stdout) as { results: StaffGrantRow[] }[];
const { message, exitCode } = staffGrantOutcome(email, outputs.at(-1)?.results[0]);
if (exitCode === 0) console.log(message);
else console.error(message);
process.exit(exitCode);
