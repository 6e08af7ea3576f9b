/**
 * The load test: builds, serves the production build on local workerd (loopback, fresh state in
 * bench/.state/load with the demo data), and runs autocannon against a list page, a pet page, the
 * questionnaire's POST and the match results, one after the other. Prints a table, writes
 * bench/load-results.json, and exits non-zero on any connection error, any response that is not
 * 2xx/3xx, or any uncaught error in the Worker's log. README, "Load test", explains the figures.
 *   npm run load [-- --seconds N] [-- --connections N] [-- --no-build]
 *   LOAD_SECONDS and LOAD_CONNECTIONS set the same (a quick run: LOAD_SECONDS=3 npm run load).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { build, prepareState, serve, uncaughtErrors, waitUntilServing } from "./lib/local-worker";
import { stampedBuild } from "./lib/build-stamp";
import { localWorkerVars } from "./lib/oidc-provider";
import { answerQuestionnaire, form, questionnaire, sameOriginForm } from "./lib/visitors";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: process.env.LOAD_SECONDS ?? "30" },
    connections: { type: "string", default: process.env.LOAD_CONNECTIONS ?? "50" },
    "no-build": { type: "boolean", default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
if (!(seconds > 0) || !(connections > 0)) throw new Error("--seconds and --connections must be positive numbers");

const root = path.resolve(import.meta.dirname, "..");
const persistTo = path.join(root, "bench/.state/load");

/** A port nothing listens on now, so parallel checkouts' servers and tests never collide with this one. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

function quantile(sorted: number[], q: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

interface Target {
  name: string;
  path: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

/**
 * Finds a real pet on the dog list, answers the whole questionnaire as a visitor would
 * (scripts/lib/visitors.ts) and returns what to load. GETs carry a cookie, so every one is
 * rendered rather than answered from the edge cache (decision 019): the worst case. POSTs are
 * same-origin, as a browser sends them from the site's own form.
 */
async function prepareTargets(origin: string): Promise<Target[]> {
  const sameOrigin = sameOriginForm(origin);
  const list = await fetch(`${origin}/adopt/dog`, { headers: { Cookie: "load=1" } });
  if (list.status !== 200) throw new Error(`/adopt/dog answered ${list.status}`);
  const petId = /\/adopt\/pet\?pet_id=(\d+)/.exec(await list.text())?.[1];
  if (!petId) throw new Error("no pet link on /adopt/dog");

  const matchCookie = await answerQuestionnaire(origin);

  const lastAnswer = questionnaire.at(-1)!;
  return [
    { name: "GET /adopt/dog", path: "/adopt/dog", method: "GET", headers: { Cookie: "load=1" } },
    {
      name: `GET /adopt/pet?pet_id=${petId}`,
      path: `/adopt/pet?pet_id=${petId}`,
      method: "GET",
      headers: { Cookie: "load=1" },
    },
    {
      name: "POST /match (an answer)",
      path: "/match",
      method: "POST",
      headers: { ...sameOrigin, Cookie: matchCookie },
      body: form([["intent", "answer"], ["question", lastAnswer[0]], ...lastAnswer[1]]),
    },
    { name: "GET /match (results)", path: "/match", method: "GET", headers: { Cookie: matchCookie } },
  ];
}

/**
 * Waits until the server has finished what the last run left in flight: autocannon closes its
 * connections when the time is up, but the Worker still renders those requests (and workerd logs
 * "Network connection lost" when it cannot send them), which would otherwise slow the next route.
 */
async function settle(origin: string) {
  const deadline = Date.now() + 30_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const start = performance.now();
    await (await fetch(`${origin}/healthz`)).arrayBuffer();
    quick = performance.now() - start < 50 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function load(origin: string, target: Target) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin + target.path,
        method: target.method,
        headers: target.headers,
        body: target.body,
        connections,
        duration: seconds,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  // Redirects are the POST's expected answer; anything else outside 2xx/3xx is a failure.
  const failedResponses = result["1xx"] + result["4xx"] + result["5xx"];
  return {
    route: target.name,
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.total / result.duration),
    medianMs: round(quantile(latencies, 0.5)),
    p95Ms: round(quantile(latencies, 0.95)),
    p99Ms: round(quantile(latencies, 0.99)),
    maxMs: round(latencies.at(-1) ?? NaN),
    errors: result.errors,
    timeouts: result.timeouts,
    failedResponses,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
    ),
  };
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
if (!values["no-build"]) await stampedBuild(build);
rmSync(persistTo, { recursive: true, force: true });
prepareState(persistTo);
// No one signs in, so the stand-in Google provider is named but never started.
// The Worker's log is read as it runs: an uncaught error in it fails the run, as a failed answer does.
let workerLog = "";
const worker = serve({
  persistTo,
  port,
  quiet: true,
  vars: localWorkerVars(`http://127.0.0.1:${port + 100}`),
  onOutput: (text) => (workerLog += text),
});
const stopWorker = async () => {
  if (worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.once("exit", resolve));
  worker.kill("SIGTERM");
  await exited;
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void stopWorker().finally(() => process.exit(130)));
}

let results;
try {
  await waitUntilServing(`${origin}/healthz`);
  const targets = await prepareTargets(origin);
  results = [];
  for (const target of targets) {
    console.log(`${target.name}: ${connections} connections for ${seconds} s…`);
    await settle(origin);
    results.push(await load(origin, target));
  }
} finally {
  await stopWorker();
}

const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}, load average ${os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(" ")}`;
console.log(
  `\nLoad on local workerd (production build, demo data), ${connections} connections, ${seconds} s per route, loopback`,
);
console.log(`Machine: ${machine}`);
console.table(
  results.map((result) => ({
    route: result.route,
    requests: result.requests,
    "req/s": result.requestsPerSecond,
    "median ms": result.medianMs,
    "p95 ms": result.p95Ms,
    errors: result.errors,
    "non-2xx/3xx": result.failedResponses,
  })),
);

mkdirSync(path.join(root, "bench"), { recursive: true });
writeFileSync(
  path.join(root, "bench/load-results.json"),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, connections, seconds, routes: results }, null, 2)}\n`,
);
console.log("Written to bench/load-results.json");

const failed = results.filter((result) => result.errors > 0 || result.failedResponses > 0 || result.requests === 0);
if (failed.length > 0) {
  console.error(`FAIL: errors or failed responses on ${failed.map((result) => result.route).join(", ")}`);
  process.exitCode = 1;
}
const uncaught = uncaughtErrors(workerLog);
if (uncaught.length > 0) {
  console.error(
    `FAIL: ${uncaught.length} uncaught error${uncaught.length === 1 ? "" : "s"} in the Worker's log:\n${[...new Set(uncaught)].slice(0, 10).join("\n")}`,
  );
  process.exitCode = 1;
}
