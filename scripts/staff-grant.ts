/**
 * Makes a user staff: adds them to the shelter's organisation with a role.
 *   npm run staff:grant -- EMAIL [--role owner|admin|member] [--remote] [--persist-to DIR]
 * Locally it changes .wrangler/state (or DIR); with --remote, the deployed D1 database.
 * The user must have an account already (signed up or signed in with Google once).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { shelter } from "#app/config/shelter";
import { isRole } from "#app/lib/permissions";
import { shelterOrganisationSlug } from "#app/models/organisations.server";
import { offlineEnv } from "./lib/local-worker";

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

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const now = Date.now();
const sql = [
  `insert into organisations (slug, name, created_at) values (${quote(shelterOrganisationSlug)}, ${quote(shelter.name)}, ${now}) on conflict(slug) do nothing;`,
  `insert into memberships (organisation_id, user_id, role, created_at)
     select o.id, u.id, ${quote(values.role)}, ${now} from organisations o, users u
     where o.slug = ${quote(shelterOrganisationSlug)} and u.email = ${quote(email)}
     on conflict(organisation_id, user_id) do update set role = excluded.role;`,
  `select u.email, m.role from memberships m join users u on u.id = m.user_id join organisations o on o.id = m.organisation_id
     where o.slug = ${quote(shelterOrganisationSlug)} and u.email = ${quote(email)};`,
].join("\n");

const target = values.remote ? ["--remote"] : ["--local", "--persist-to", path.resolve(values["persist-to"] ?? ".wrangler/state")];
const result = spawnSync(
  path.resolve(import.meta.dirname, "../node_modules/.bin/wrangler"),
  ["d1", "execute", "DB", ...target, "--json", "--command", sql],
  { env: offlineEnv, encoding: "utf8" },
);
if (result.status !== 0) {
  console.error(result.stderr || result.stdout);
  process.exit(result.status ?? 1);
}
const outputs = JSON.parse(result.stdout) as { results: { email: string; role: string }[] }[];
const granted = outputs.at(-1)?.results[0];
if (!granted) {
  console.error(`No account for ${email}. They need to sign up (or sign in with Google) first.`);
  process.exit(1);
}
console.log(`${granted.email} is now ${granted.role} of ${shelter.name}.`);
