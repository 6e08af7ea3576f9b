import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { Miniflare } from "miniflare";
import { e2eState } from "./scheduled-run";

/**
 * Runs one SQL statement on the end-to-end server's own local D1 while the server runs, through a
 * second Miniflare on the same state folder (what `wrangler d1 execute --local` does): for what only
 * the clock can do, such as a booked visit's time coming (decision 048). workerd keeps D1 in SQLite
 * files with SQLite's own locking (WAL), so the server's next request reads the change, as two
 * connections to one file do. Nothing in the site is involved: no route, no variable, nothing that
 * exists in production.
 */
export async function localD1<T = Record<string, unknown>>(info: TestInfo, statement: string): Promise<T[]> {
  const miniflare = new Miniflare({
    modules: true,
    script: "export default { fetch: () => new Response(null, { status: 404 }) };",
    compatibilityDate: "2025-09-01",
    d1Persist: path.join(e2eState(info), "v3/d1"),
    // wrangler.toml's database_id: the name wrangler dev keeps the local database under.
    d1Databases: { DB: "00000000-0000-4000-8000-000000000000" },
  });
  try {
    const db = await miniflare.getD1Database("DB");
    return (await db.prepare(statement).all<T>()).results;
  } finally {
    await miniflare.dispose();
  }
}
