/**
 * Builds the production bundle, migrates and seeds a local state folder, starts the local OpenID
 * Connect provider that stands in for Google (on port + 100) and the stand-in for Stripe (on port +
 * 200, decision 065), and serves the site on workerd with
 * development settings (outbox email, /dev/outbox). `npm start` runs it with the defaults; the
 * end-to-end tests use their own folder and port. A build/ as new as the sources (`scripts/lib/build-stamp.ts`:
 * the integration tests' build of the Worker, before the e2e run in `npm test`) is not built again. Vite's table of every file the build wrote is
 * counted in one line; `--verbose` prints it whole. `--log FILE` writes the server's output
 * (wrangler's line per request with its time, warnings, errors) to FILE, each line with the time it came,
 * instead of the screen (errors go to both): the e2e run keeps it in test-results/ (decision 036).
 * `--e2e` (playwright.config.ts alone passes it) turns on POST /dev/test-data, through which the end-to-end
 * tests make their own pets and accounts (E2E_TEST_DATA = "on"; issue 41, decision 036 amended 2026-11-28).
 *   tsx scripts/serve.ts [--persist-to DIR] [--port N] [--fresh] [--no-build] [--verbose] [--log FILE] [--e2e]
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { demoAccounts } from "./demo/accounts";
import { build, buildWithoutFileTable, prepareState, serve, waitUntilServing } from "./lib/local-worker";
import { buildIsCurrent, stampedBuild } from "./lib/build-stamp";
import { localWorkerVars, startLocalOidcProvider } from "./lib/oidc-provider";
import { localStripeSecrets, standInWorkerVars, startStripeStandIn } from "./lib/stripe-stand-in";

const { values } = parseArgs({
  options: {
    "persist-to": { type: "string", default: ".wrangler/state" },
    port: { type: "string", default: "8787" },
    fresh: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
    log: { type: "string" },
    e2e: { type: "boolean", default: false },
  },
});

const persistTo = path.resolve(values["persist-to"] ?? ".wrangler/state");
if (values.fresh) rmSync(persistTo, { recursive: true, force: true });
if (!values["no-build"]) {
  if (values.verbose) await stampedBuild(build);
  else if (buildIsCurrent())
    console.log("build/ is as new as the sources (app/, server/, public/, …): not built again.");
  else await stampedBuild(buildWithoutFileTable);
}
prepareState(persistTo);

const port = Number(values.port);
const oidc = await startLocalOidcProvider(port + 100);
console.log(`Local OpenID Connect provider (standing in for Google) at ${oidc.issuer}`);
// Links in emails from the scheduled run (which has no request to read the address from) lead here.
const site = `http://127.0.0.1:${port}`;
// Gifts go through a stand-in for Stripe with keys made for this run (never constants): its pages take
// the place of Checkout, and its webhooks come to this site.
const stripeSecrets = localStripeSecrets();
const stripe = await startStripeStandIn(port + 200, { ...stripeSecrets, webhookUrl: `${site}/webhooks/stripe` });
console.log(`Local payment provider (standing in for Stripe) at ${stripe.url}`);
const log = values.log ? path.resolve(values.log) : undefined;
const worker = serve({
  persistTo,
  port,
  vars: {
    ...localWorkerVars(oidc.issuer),
    ...standInWorkerVars(stripe, stripeSecrets),
    SITE_URL: site,
    ...(values.e2e ? { E2E_TEST_DATA: "on" } : {}),
  },
  log,
});
if (log) console.log(`The server's output goes to ${path.relative(process.cwd(), log)}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => worker.kill(signal));
}
worker.on("exit", (code) => {
  void Promise.allSettled([oidc.stop(), stripe.stop()]).finally(() => process.exit(code ?? 0));
});

// Last on the screen, once the site answers: where it is, who to sign in as, where the email goes.
waitUntilServing(`${site}/healthz`, 120_000).then(
  () => {
    const { adopter, staff } = demoAccounts;
    console.log(
      [
        "",
        `The shelter site is running at ${site}`,
        `  Adopter account:  ${adopter.email} / ${adopter.password}`,
        `  Staff account:    ${staff.email} / ${staff.password}  (Pet Admin at ${site}/petadmin)`,
        `  Email:           nothing is sent; every message lands in the outbox at ${site}/dev/outbox`,
        `  Google sign-in:   a local stand-in at ${oidc.issuer} (any name and address)`,
        `  Payments:         a local stand-in for Stripe at ${stripe.url} (Pay, Decline, Cancel; nothing is charged)`,
        `  Scheduled run:    ${site}/__scheduled?cron=0+*+*+*+* (hourly: holds, alerts, queued email)`,
        `                    ${site}/__scheduled?cron=30+10+*+*+* (nightly: housekeeping)`,
        `  Data:             ${path.relative(process.cwd(), persistTo) || persistTo} (delete it to start again)`,
        "Stop with Ctrl+C.",
        "",
      ].join("\n"),
    );
  },
  (error: unknown) => console.error(error),
);
