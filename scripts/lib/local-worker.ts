import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";

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
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(" ")} failed (exit ${result.status})`);
}

export function build() {
  // A production build whoever calls it (a test runner sets NODE_ENV=test: React's development copy).
  run(bin("remix"), ["vite:build"], { NODE_ENV: "production" });
}

/** Applies the D1 migrations and loads the demo data if the database is empty (`pets`: grow to that many). */
export function prepareState(persistTo: string, { pets }: { pets?: number } = {}) {
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  run(bin("tsx"), [path.join(root, "scripts/seed.ts"), "--persist-to", persistTo, ...(pets ? ["--pets", String(pets)] : [])]);
}

/**
 * Serves the production build on workerd (`wrangler dev`) with the given local state. `production`:
 * bundled as `wrangler deploy` bundles it (wrangler dev otherwise sets process.env.NODE_ENV to
 * "development", and React then renders with its development build, several times slower), so
 * that the benchmark times what the deployed Worker runs.
 */
export function serve({
  persistTo,
  port,
  vars = {},
  quiet = false,
  production = false,
}: {
  persistTo: string;
  port: number;
  vars?: Record<string, string>;
  quiet?: boolean;
  production?: boolean;
}): ChildProcess {
  const varArgs = Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]);
  return spawn(
    bin("wrangler"),
    // --test-scheduled: GET /__scheduled?cron=... fires the scheduled run by hand (README, "Scheduled jobs").
    ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false", "--test-scheduled", ...varArgs],
    { cwd: root, env: production ? { ...offlineEnv, NODE_ENV: "production" } : offlineEnv, stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit" },
  );
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
