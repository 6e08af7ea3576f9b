import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrationNames, migrationsDir, migrationStatements } from "../../scripts/lib/d1-migrations";
import { withDirectoryLock } from "./directory-lock";
import { Miniflare } from "./miniflare";

const root = path.resolve(import.meta.dirname, "../..");
const stateDir = path.join(root, "tests/.state/migrated-d1");
/** The database's name in each test file's Miniflare: its file name in a D1 directory derives from it. */
const databaseId = "test-db";

/**
 * Applies migrations/*.sql in order, statement by statement, as `wrangler d1 migrations apply` does,
 * without its `d1_migrations` table (the tests' databases carry the app's tables only).
 */
export async function applyMigrations(db: D1Database) {
  for (const name of migrationNames()) {
    await db.batch(migrationStatements(name).map((statement) => db.prepare(statement)));
  }
}

/** The migrations and the workerd that applied them: a change to either makes a new template. */
function templateStamp(): string {
  const hash = createHash("sha256");
  for (const file of migrationNames()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(migrationsDir, file)))
      .update("\0");
  }
  const miniflare = JSON.parse(readFileSync(path.join(root, "node_modules/miniflare/package.json"), "utf8")) as {
    version: string;
  };
  hash.update(miniflare.version);
  return hash.digest("hex").slice(0, 16);
}

/** Applies every migration once, into a D1 directory kept under tests/.state. */
async function buildTemplate(dir: string) {
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const miniflare = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
    d1Databases: { DB: databaseId },
    d1Persist: building,
  });
  try {
    await applyMigrations((await miniflare.getD1Database("DB")) as unknown as D1Database);
  } finally {
    await miniflare.dispose();
  }
  renameSync(building, dir);
}

/**
 * The migrated template, built by the first test file that asks (vitest runs files in parallel forks:
 * the others wait for its lock) and reused while the migrations stay the same.
 */
async function templateDir(): Promise<string> {
  const dir = path.join(stateDir, templateStamp());
  if (existsSync(dir)) return dir;
  // A lock left by a run killed mid-build is older than any build takes.
  return withDirectoryLock(
    `${dir}.lock`,
    { staleAfterMs: 60_000, waitMs: 120_000, pollMs: 100, waitingFor: "another test file's migrated D1" },
    async () => {
      if (!existsSync(dir)) await buildTemplate(dir);
      return dir;
    },
  );
}

/**
 * A test file's own D1 directory: a copy of the migrated template, for Miniflare's `d1Persist` with
 * the database named `id`. Applying the 31 migrations statement by statement took seconds per file;
 * copying their result takes milliseconds, and each file still starts from a database of its own.
 */
export async function migratedD1Copy(): Promise<{ id: string; dir: string; remove: () => void }> {
  const template = await templateDir();
  const dir = mkdtempSync(path.join(tmpdir(), "sequoia-test-d1-"));
  cpSync(template, dir, { recursive: true });
  return { id: databaseId, dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The D1 that `wrangler dev --persist-to DIR` (and `wrangler d1 … --local --persist-to DIR`) keeps: in
 * DIR/v3/d1, under wrangler.toml's database id unless another `id` is given. For tests that hand a state
 * to wrangler or a script, or read what one left there.
 */
export async function localD1(
  persistTo: string,
  id?: string,
): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  // Wrangler (a large module) is loaded only by the files that ask for this, not by every integration file.
  id ??= (await import("wrangler")).unstable_readConfig({ config: path.join(root, "wrangler.toml") }).d1_databases[0]!
    .database_id!;
  const miniflare = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
    d1Persist: path.join(persistTo, "v3", "d1"),
    d1Databases: { DB: id },
  });
  return { db: (await miniflare.getD1Database("DB")) as unknown as D1Database, dispose: () => miniflare.dispose() };
}
