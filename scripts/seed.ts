/**
 * Loads the demo data into the local D1/R2 that `wrangler dev --persist-to DIR` uses, after applying the
 * migrations the database lacks (noted in `d1_migrations` as wrangler notes them; decision 074): the demo accounts
 * if they are missing, and the pets if the database has none. Usage: tsx scripts/seed.ts [--persist-to DIR] (default .wrangler/state).
 * Then three years of past animals' intakes and outcomes, once (scripts/demo/history.ts).
 * `--pets N` then adds generated copies of the demo pets until there are N (the benchmark's 500);
 * `--history-stays N --history-years Y` adds past animals over Y years until there are N stays (the benchmark's decade).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { ensureDemoAccounts } from "./demo/accounts";
import { applyPendingMigrations } from "./lib/d1-migrations";
import { growPetsTo, loadDemoData } from "./demo/load";
import { ensureDemoHistory, growHistoryTo } from "./demo/history";

process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

const { values } = parseArgs({
  options: {
    "persist-to": { type: "string", default: ".wrangler/state" },
    pets: { type: "string" },
    "history-stays": { type: "string" },
    "history-years": { type: "string", default: "10" },
  },
});
const persistTo = path.resolve(values["persist-to"] ?? ".wrangler/state");

const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: path.join(persistTo, "v3") } });
try {
  const migrated = await applyPendingMigrations(env.DB);
  console.log(
    migrated.length > 0
      ? `Local database: ${migrated.length} migration${migrated.length === 1 ? "" : "s"} applied.`
      : "Local database: migrations up to date.",
  );
  const accounts = await ensureDemoAccounts(env.DB);
  if (accounts.created > 0) console.log(`Demo accounts created: ${accounts.created} (see README).`);
  const result = await loadDemoData(env);
  console.log(
    result.loaded
      ? `Demo data loaded: ${result.pets} pets, ${result.photos} photos.`
      : `Demo data kept: the database already has ${result.pets} pets.`,
  );
  const history = await ensureDemoHistory(env.DB);
  if (history > 0) console.log(`Demo history loaded: ${history} past animals (three years of intakes and outcomes).`);
  if (values.pets) {
    const added = await growPetsTo(env, Number(values.pets));
    if (added > 0) console.log(`Generated pets added: ${added}.`);
  }
  if (values["history-stays"]) {
    const years = Number(values["history-years"]);
    const added = await growHistoryTo(env.DB, { stays: Number(values["history-stays"]), years });
    if (added > 0) console.log(`Past animals added: ${added} (${years} years of intakes and outcomes).`);
  }
} finally {
  await dispose();
}
