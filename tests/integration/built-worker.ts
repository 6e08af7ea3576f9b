import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withDirectoryLock } from "./directory-lock";
import { Miniflare } from "./miniflare";
import { offlineEnv } from "../../scripts/lib/local-worker";
import { bridgedD1, d1BridgeScript } from "./d1-bridge";
import { testVars } from "./harness";
import { migratedD1Copy } from "./migrated-d1";
import { buildIsCurrent, sourceStamp, stampedBuild } from "../../scripts/lib/build-stamp";

const root = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

function run(command: string, args: string[]) {
  // NODE_ENV=production as for a deploy: under vitest it is "test", which would build React's development copy.
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...offlineEnv, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

const bundleDir = path.join(root, "tests/.state/built-worker");
const lockDir = path.join(root, "tests/.state/built-worker.lock");

/**
 * Builds and bundles the Worker once for all the test files that need it (vitest runs them in parallel
 * forks, and two builds writing build/ at once left one without its assets): the first file takes the
 * lock and builds unless the bundle is as new as the sources; the others wait for it and reuse it.
 */
export async function bundleOnce(): Promise<string> {
  return withDirectoryLock(
    lockDir,
    // A lock left by a run killed mid-build is older than any build takes.
    { staleAfterMs: 300_000, waitMs: 600_000, pollMs: 250, waitingFor: "another test file's build of the Worker" },
    async () => {
      const stampFile = path.join(bundleDir, "stamp");
      const stamp = sourceStamp();
      if (
        existsSync(path.join(bundleDir, "index.js")) &&
        existsSync(stampFile) &&
        readFileSync(stampFile, "utf8") === stamp
      )
        return bundleDir;
      rmSync(bundleDir, { recursive: true, force: true });
      // build/ may be current already (`npm start`, or another run's bundle); the e2e server reuses it in turn.
      if (!buildIsCurrent(stamp)) await stampedBuild(() => run(bin("remix"), ["vite:build"]), stamp);
      run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", bundleDir]);
      writeFileSync(stampFile, stamp);
      return bundleDir;
    },
  );
}

export interface BuiltWorker {
  /** Sends a request to the Worker as Cloudflare would (server/index.ts, with the page cache and security wrapper). */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** Dispatches a Cron Trigger's scheduled event, at the given time, as Cloudflare does. */
  scheduled: (cron: string, scheduledTime: Date) => Promise<{ outcome: string }>;
  db: D1Database;
  photos: R2Bucket;
  dispose: () => Promise<void>;
}

/**
 * The production Worker exactly as `wrangler dev` runs it: `remix vite:build`, bundled by wrangler
 * (`deploy --dry-run`), on workerd through Miniflare with a fresh D1 (a copy of the migrated one) and R2 and the edge cache.
 * Built once per change of the sources for every file that uses it (`bundleOnce`); each gets its own
 * Miniflare with its own D1 and R2. Only tests of server/ itself and of the whole pipeline use it.
 */
export async function startBuiltWorker(vars: Record<string, string> = {}): Promise<BuiltWorker> {
  const outdir = await bundleOnce();
  const d1 = await migratedD1Copy();
  const miniflare = new Miniflare({
    d1Persist: d1.dir,
    workers: [
      {
        name: "app",
        // One bundled file; its dynamic imports are browser-only code paths, never reached here.
        modules: [{ type: "ESModule", path: path.join(outdir, "index.js") }],
        modulesRoot: outdir,
        compatibilityDate: "2025-09-01",
        d1Databases: { DB: d1.id },
        r2Buckets: { PHOTOS: "built-worker-photos", PAPERS: "built-worker-papers" },
        images: { binding: "IMAGES" },
        bindings: { ...testVars, ...vars },
      },
      // The tests' own way to the same database (d1-bridge.ts).
      { name: "d1-bridge", modules: true, script: d1BridgeScript, d1Databases: { DB: d1.id } },
    ],
  });
  const bridge = await miniflare.getWorker("d1-bridge");
  const db = bridgedD1(async (body) =>
    (await bridge.fetch("http://d1-bridge.local/", { method: "POST", body })).text(),
  );
  const photos = (await miniflare.getR2Bucket("PHOTOS")) as unknown as R2Bucket;
  return {
    fetch: async (url, init) => {
      // Miniflare answers with its own Response class; the tests read a plain one.
      const response = await miniflare.dispatchFetch(url, { ...(init as object), redirect: "manual" } as never);
      const body = response.status === 304 || response.status === 204 ? null : await response.arrayBuffer();
      return new Response(body, { status: response.status, headers: [...response.headers] });
    },
    scheduled: async (cron, scheduledTime) => (await miniflare.getWorker()).scheduled({ cron, scheduledTime }),
    db,
    photos,
    dispose: async () => {
      await miniflare.dispose();
      d1.remove();
    },
  };
}
