import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";

/** Keeps wrangler off the network: no metrics, no request.cf lookup, no update check. */
export const offlineEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV: "false",
  WRANGLER_HIDE_BANNER: "true",
};

const root = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, env: { ...offlineEnv, ...env }, stdio: "inherit" });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed (exit ${result.status})`);
}

export function build() {
  // A production build whoever calls it (a test runner sets NODE_ENV=test: React's development copy).
  run(bin("remix"), ["vite:build"], { NODE_ENV: "production" });
}

/** A line of Vite's table of the files it wrote (`build/client/assets/x.js   1.2 kB │ gzip: 0.6 kB`). */
export const builtFileLine = /^\s*build\/\S+\s+[\d.,]+ [kMG]?B\b/;

/** Passes a build's output on line by line, each of Vite's tables of the files it wrote counted in one line instead. */
export function countingFileTables(print: (line: string) => void) {
  let listed = 0;
  const flush = () => {
    if (listed > 0) print(`(${listed} file${listed === 1 ? "" : "s"} written; \`npm start -- --verbose\` lists them)`);
    listed = 0;
  };
  return {
    line(line: string) {
      if (builtFileLine.test(line)) listed++;
      else {
        flush();
        print(line);
      }
    },
    end: flush,
  };
}

/**
 * The same build, its output passed on as it comes except Vite's tables of the files it wrote (a line
 * per file, hundreds for the client): each table is counted in one line. Steps, warnings and errors show as they
 * are; `build()` (the bench) keeps the whole table.
 */
export async function buildWithoutFileTable() {
  const child = spawn(bin("remix"), ["vite:build"], {
    cwd: root,
    env: { ...offlineEnv, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const output = countingFileTables((line) => console.log(line));
  createInterface({ input: child.stdout }).on("line", output.line);
  const [code] = (await once(child, "close")) as [number | null];
  output.end();
  if (code !== 0) throw new Error(`remix vite:build failed (exit ${code})`);
}

/**
 * Applies the D1 migrations and loads the demo data if the database is empty, both in scripts/seed.ts and
 * its one workerd (decision 074). `pets`: grow to that many; `history`: past animals until there are that
 * many stays over that many years.
 */
export function prepareState(
  persistTo: string,
  { pets, history }: { pets?: number; history?: { stays: number; years: number } } = {},
) {
  run(bin("tsx"), [
    path.join(root, "scripts/seed.ts"),
    "--persist-to",
    persistTo,
    ...(pets ? ["--pets", String(pets)] : []),
    ...(history ? ["--history-stays", String(history.stays), "--history-years", String(history.years)] : []),
  ]);
}

/**
 * The secret that signs new-pet alert unsubscribe links for this local state folder: made once, at
 * random, and kept in the folder (`alert-token-secret`), so links work across restarts of the same
 * state and a fresh state (`--fresh`, another folder) has its own. Never a constant (decision 041).
 */
export function localAlertSecret(persistTo: string): string {
  const file = path.join(persistTo, "alert-token-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(persistTo, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Serves the production build on workerd (`wrangler dev`) with the given local state (and its alert
 * secret, unless `vars` names one). `production`: bundled as `wrangler deploy` bundles it (wrangler
 * dev otherwise sets process.env.NODE_ENV to "development", and React then renders with its
 * development build, several times slower), so that the benchmark times what the deployed Worker runs.
 */
export function serve({
  persistTo,
  port,
  vars = {},
  quiet = false,
  production = false,
  log,
  onOutput,
}: {
  persistTo: string;
  port: number;
  vars?: Record<string, string>;
  quiet?: boolean;
  production?: boolean;
  /** A file that gets wrangler's output, each line with the time it came (its errors still reach stderr too). */
  log?: string;
  /** Given every line of the Worker's log (both streams), e.g. to look for uncaught errors; stderr is still shown. */
  onOutput?: (text: string) => void;
}): ChildProcess {
  const varArgs = Object.entries({ ALERT_TOKEN_SECRET: localAlertSecret(persistTo), ...vars }).flatMap(
    ([key, value]) => ["--var", `${key}:${value}`],
  );
  const worker = spawn(
    bin("wrangler"),
    // --test-scheduled: GET /__scheduled?cron=... fires the scheduled run by hand (README, "Scheduled jobs").
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      "--test-scheduled",
      ...varArgs,
    ],
    {
      cwd: root,
      env: production ? { ...offlineEnv, NODE_ENV: "production" } : offlineEnv,
      stdio: log || onOutput ? ["ignore", "pipe", "pipe"] : quiet ? ["ignore", "ignore", "inherit"] : "inherit",
    },
  );
  if (log || onOutput) {
    const file = log
      ? (mkdirSync(path.dirname(log), { recursive: true }), createWriteStream(log, { flags: "a" }))
      : undefined;
    const keep = (stream: NodeJS.ReadableStream | null, alsoTo?: NodeJS.WritableStream) => {
      if (!stream) return;
      createInterface({ input: stream }).on("line", (line) => {
        file?.write(`${new Date().toISOString()} ${stripVTControlCharacters(line)}\n`);
        onOutput?.(`${line}\n`);
        alsoTo?.write(`${line}\n`);
      });
    };
    keep(worker.stdout, onOutput && !quiet && !log ? process.stdout : undefined);
    keep(worker.stderr, process.stderr);
    if (file) worker.once("exit", () => file.end());
  }
  return worker;
}

/** A line of wrangler's request log, as `serve({ log })` writes it: `<ISO time> [wrangler:info] GET /path 200 OK (12ms)`. */
export function parseRequestLine(
  line: string,
): { at: Date; method: string; path: string; status: number; ms: number } | undefined {
  const match = /^(\S+) .*?\b(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) (\d{3})\b.*\((\d+)ms\)/.exec(line);
  if (!match) return undefined;
  return {
    at: new Date(match[1]!),
    method: match[2]!,
    path: match[3]!,
    status: Number(match[4]),
    ms: Number(match[5]),
  };
}

/**
 * The uncaught errors in a Worker's log: workerd reports each as "Uncaught", "Uncaught (in promise)",
 * "Uncaught (async)" or "Uncaught (in response)" before the error (its sources, in workerd's jsg).
 */
export function uncaughtErrors(log: string): string[] {
  return log
    .split(/\r?\n/)
    .filter((line) => /\bUncaught\b/.test(line))
    .map((line) => line.trim());
}

/** Waits until `url` answers below 500 (and, given `ready`, with a body it accepts: a file just written). */
export async function waitUntilServing(url: string, timeoutMs = 60_000, ready?: (body: string) => boolean) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500 && (!ready || (response.ok && ready(await response.text())))) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
