import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Miniflare } from "miniflare";
import { offlineEnv } from "../../scripts/lib/local-worker";
import { applyMigrations, testVars } from "./harness";

const root = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

function run(command: string, args: string[]) {
  // NODE_ENV=production as for a deploy: under vitest it is "test", which would build React's development copy.
  const result = spawnSync(command, args, { cwd: root, env: { ...offlineEnv, NODE_ENV: "production" }, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
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
 * (`deploy --dry-run`), on workerd through Miniflare with a fresh in-memory D1/R2 and the edge cache.
 * Slower to start than the harness (about 15 s), so only tests of server/ itself use it.
 */
export async function startBuiltWorker(vars: Record<string, string> = {}): Promise<BuiltWorker> {
  const outdir = mkdtempSync(path.join(tmpdir(), "sequoia-worker-"));
  run(bin("remix"), ["vite:build"]);
  run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir]);
  const miniflare = new Miniflare({
    // One bundled file; its dynamic imports are browser-only code paths, never reached here.
    modules: [{ type: "ESModule", path: path.join(outdir, "index.js") }],
    modulesRoot: outdir,
    compatibilityDate: "2025-09-01",
    d1Databases: { DB: "built-worker-db" },
    r2Buckets: { PHOTOS: "built-worker-photos" },
    images: { binding: "IMAGES" },
    bindings: { ...testVars, ...vars },
  });
  const db = (await miniflare.getD1Database("DB")) as unknown as D1Database;
  await applyMigrations(db);
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
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}
