import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { Miniflare } from "miniflare";
import { localAlertSecret, offlineEnv } from "../../scripts/lib/local-worker";

const root = path.resolve(import.meta.dirname, "../..");

/** The end-to-end server's state folder (playwright.config.ts starts scripts/serve.ts on it). */
export function e2eState(info: TestInfo) {
  return path.join(root, `tests/.state/e2e-${new URL(String(info.project.use.baseURL)).port}`);
}

/**
 * Fires a Cron Trigger at the end-to-end server's data, at `scheduledTime`, as Cloudflare fires it: the
 * production bundle's own `scheduled` handler (server/index.ts), on workerd, with the event's
 * scheduledTime as the run's clock. `wrangler dev` can fire it only at the wall clock (/__scheduled;
 * its /cdn-cgi/handler/scheduled reaches the static-assets router, which has no scheduled handler), so
 * the same build the server runs (build/, made when it started) is bundled as `wrangler deploy` bundles
 * it and dispatched in a second workerd on the server's own local D1 (SQLite's file locks keep the two
 * apart, as `wrangler d1 execute --local` relies on). Email goes to the same outbox, /dev/outbox.
 */
export async function runScheduledAt(info: TestInfo, cron: string, scheduledTime: Date) {
  const state = e2eState(info);
  const outdir = path.join(state, `scheduled-worker-${info.project.name}`);
  if (!existsSync(path.join(outdir, "index.js"))) {
    const result = spawnSync(
      path.join(root, "node_modules", ".bin", "wrangler"),
      ["deploy", "--dry-run", "--outdir", outdir],
      {
        cwd: root,
        env: { ...offlineEnv, NODE_ENV: "production" },
        encoding: "utf8",
      },
    );
    if (result.status !== 0)
      throw new Error(`wrangler deploy --dry-run failed (exit ${result.status}): ${result.stderr}${result.stdout}`);
  }
  const miniflare = new Miniflare({
    modules: [{ type: "ESModule", path: path.join(outdir, "index.js") }],
    modulesRoot: outdir,
    compatibilityDate: "2025-09-01",
    // The bindings of wrangler.toml, persisted where wrangler dev keeps them for this state folder.
    d1Persist: path.join(state, "v3/d1"),
    d1Databases: { DB: "00000000-0000-4000-8000-000000000000" },
    r2Persist: path.join(state, "v3/r2"),
    r2Buckets: { PHOTOS: "sequoia-shelter-photos", PAPERS: "sequoia-shelter-papers" },
    images: { binding: "IMAGES" },
    // The development settings scripts/serve.ts gives the server: the outbox, and links back to it.
    bindings: {
      APP_ENV: "development",
      SITE_URL: String(info.project.use.baseURL),
      MAIL_TRANSPORT: "outbox",
      MAIL_FROM: "Sequoia Humane Society <hello@sequoia-shelter.example>",
      MAIL_API_URL: "http://127.0.0.1:9/unused",
      ALERT_TOKEN_SECRET: localAlertSecret(state),
      GOOGLE_CLIENT_ID: "",
      GOOGLE_AUTHORIZATION_ENDPOINT: "",
      GOOGLE_TOKEN_ENDPOINT: "",
      GOOGLE_USERINFO_ENDPOINT: "",
    },
  });
  try {
    return await (await miniflare.getWorker()).scheduled({ cron, scheduledTime });
  } finally {
    await miniflare.dispose();
  }
}
