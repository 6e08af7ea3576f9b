/**
 * Builds the production bundle, migrates and seeds a local state folder, starts the local OpenID
 * Connect provider that stands in for Google (on port + 100), and serves the site on workerd with
 * development settings (outbox e-mail, /dev/outbox). `npm start` runs it with the defaults; the
 * end-to-end tests use their own folder and port.
 *   tsx scripts/serve.ts [--persist-to DIR] [--port N] [--fresh] [--no-build]
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { build, prepareState, serve } from "./lib/local-worker";
import { localWorkerVars, startLocalOidcProvider } from "./lib/oidc-provider";

const { values } = parseArgs({
  options: {
    "persist-to": { type: "string", default: ".wrangler/state" },
    port: { type: "string", default: "8787" },
    fresh: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
  },
});

const persistTo = path.resolve(values["persist-to"] ?? ".wrangler/state");
if (values.fresh) rmSync(persistTo, { recursive: true, force: true });
if (!values["no-build"]) build();
prepareState(persistTo);

const port = Number(values.port);
const oidc = await startLocalOidcProvider(port + 100);
console.log(`Local OpenID Connect provider (standing in for Google) at ${oidc.issuer}`);
// Links in e-mails from the scheduled run (which has no request to read the address from) lead here.
const worker = serve({ persistTo, port, vars: { ...localWorkerVars(oidc.issuer), SITE_URL: `http://127.0.0.1:${port}` } });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => worker.kill(signal));
}
worker.on("exit", (code) => {
  void oidc.stop().finally(() => process.exit(code ?? 0));
});
