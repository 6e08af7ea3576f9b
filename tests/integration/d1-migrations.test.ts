import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { applyPendingMigrations, migrationNames, migrationsDir } from "../../scripts/lib/d1-migrations";
import { offlineEnv } from "../../scripts/lib/local-worker";
import { applyMigrations, localD1 } from "./migrated-d1";

const root = path.resolve(import.meta.dirname, "../..");
const state = mkdtempSync(path.join(tmpdir(), "sequoia-migrations-"));
afterAll(() => rmSync(state, { recursive: true, force: true }));

/** Every table, index and trigger as SQLite keeps its definition (the bookkeeping table left out). */
async function schemaOf(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY type, name",
    )
    .all();
  return results;
}

it(
  "applies the pending migrations as `wrangler d1 migrations apply --local` would: wrangler then finds none to apply, and the schema is the migrations' (decision 074)",
  { timeout: 60_000 },
  async () => {
    const names = migrationNames();
    // A database that has the first ten: a state made before the newer migrations were written.
    const older = path.join(state, "older-migrations");
    mkdirSync(older);
    for (const name of names.slice(0, 10)) copyFileSync(path.join(migrationsDir, name), path.join(older, name));
    const local = await localD1(state);
    const db = local.db;
    expect(await applyPendingMigrations(db, older)).toEqual(names.slice(0, 10));

    expect(await applyPendingMigrations(db)).toEqual(names.slice(10));
    expect(await applyPendingMigrations(db), "a second run").toEqual([]);
    const noted = await db
      .prepare("SELECT id, name FROM d1_migrations ORDER BY id")
      .all<{ id: number; name: string }>();
    expect(noted.results.map((row) => row.name)).toEqual(names);

    const reference = await localD1(mkdtempSync(path.join(state, "reference-")), "reference");
    const referenceDb = reference.db;
    await applyMigrations(referenceDb);
    expect(await schemaOf(db)).toEqual(await schemaOf(referenceDb));
    await Promise.all([local.dispose(), reference.dispose()]);

    const listed = spawnSync(
      path.join(root, "node_modules/.bin/wrangler"),
      ["d1", "migrations", "list", "DB", "--local", "--persist-to", state],
      { cwd: root, env: { ...offlineEnv, CI: "true" }, encoding: "utf8" },
    );
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("No migrations to apply");
  },
);
