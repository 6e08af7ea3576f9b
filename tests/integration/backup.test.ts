import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseNameOf, exportArguments, hasTables, timestampOf } from "../../scripts/backup";
import { ensureDemoAccounts } from "../../scripts/demo/accounts";
import { offlineEnv } from "../../scripts/lib/local-worker";
import { applyMigrations, localD1 } from "./migrated-d1";

const root = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, env: offlineEnv, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

describe("backup arguments", () => {
  it("reads the DB binding's database name from wrangler.toml", () => {
    expect(databaseNameOf(readFileSync(path.join(root, "wrangler.toml"), "utf8"))).toBe("sequoia-shelter");
    const other =
      '[[d1_databases]]\nbinding = "OTHER"\ndatabase_name = "no"\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "yes"\n';
    expect(databaseNameOf(other)).toBe("yes");
    expect(() => databaseNameOf('name = "x"\n')).toThrow(/d1_databases/);
  });

  it("names files by UTC time, sortable and without colons", () => {
    expect(timestampOf(new Date("2026-11-23T11:42:05.123Z"))).toBe("20261123T114205Z");
  });

  it("refuses an export without tables (wrangler's export of a missing local database)", () => {
    expect(hasTables("PRAGMA defer_foreign_keys=TRUE;")).toBe(false);
    expect(hasTables("PRAGMA defer_foreign_keys=TRUE;\nCREATE TABLE pets (id integer);")).toBe(true);
  });

  it("exports the schema and the rows separately, locally unless asked for the deployed database", () => {
    expect(exportArguments({ config: "w.toml", output: "b.sql", remote: false, part: "schema" })).toEqual([
      "d1",
      "export",
      "DB",
      "--local",
      "--no-data",
      "--output",
      "b.sql",
      "--config",
      "w.toml",
    ]);
    const remoteData = exportArguments({ config: "w.toml", output: "b.sql", remote: true, part: "data" });
    expect(remoteData).toEqual(expect.arrayContaining(["--remote", "--no-schema"]));
    expect(remoteData).not.toContain("--local");
  });
});

describe("npm run backup", () => {
  // A checkout of its own: wrangler.toml copied into a temporary folder, whose .wrangler/state (where
  // `wrangler d1 export --local` reads) gets the migrations, the demo accounts (a membership row
  // refers to `users`, a table created after it) and one contact message.
  const checkout = mkdtempSync(path.join(tmpdir(), "sequoia-backup-"));
  const wranglerToml = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  afterAll(() => rmSync(checkout, { recursive: true, force: true }));

  it("exports schema and rows that restore into a fresh database", { timeout: 90_000 }, async () => {
    writeFileSync(path.join(checkout, "wrangler.toml"), wranglerToml);
    const original = await localD1(path.join(checkout, ".wrangler/state"));
    await applyMigrations(original.db);
    await ensureDemoAccounts(original.db);
    await original.db
      .prepare("INSERT INTO contact_messages (name, email, message, created_at) VALUES (?, ?, ?, ?)")
      .bind("Robin Backup", "robin@example.com", "Keep me safe", 1795000000)
      .run();
    await original.dispose();

    const printed = run(bin("tsx"), [
      path.join(root, "scripts/backup.ts"),
      "--config",
      path.join(checkout, "wrangler.toml"),
      "--out-dir",
      path.join(checkout, "backups"),
    ]);
    const [file, ...others] = readdirSync(path.join(checkout, "backups"));
    expect(others).toEqual([]);
    expect(file).toMatch(/^sequoia-shelter-local-\d{8}T\d{6}Z\.sql$/);
    expect(printed).toContain(file);
    const sql = readFileSync(path.join(checkout, "backups", file!), "utf8");
    expect(sql).toMatch(/CREATE TABLE [`"]?contact_messages[`"]?/);
    expect(sql).toMatch(/CREATE TABLE [`"]?pets[`"]?/);
    expect(sql).toMatch(/INSERT INTO [`"]?contact_messages[`"]?.*'Robin Backup'/);
    expect(sql.lastIndexOf("CREATE TABLE")).toBeLessThan(sql.indexOf("INSERT INTO"));

    // The README's restore: execute the file against an empty local database.
    const restoredState = path.join(checkout, "restored");
    run(bin("wrangler"), [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      restoredState,
      "--file",
      path.join(checkout, "backups", file!),
    ]);
    const restored = await localD1(restoredState);
    try {
      const { results } = await restored.db.prepare("SELECT name, email, message FROM contact_messages").all();
      expect(results).toEqual([{ name: "Robin Backup", email: "robin@example.com", message: "Keep me safe" }]);
      const staff = await restored.db
        .prepare("SELECT users.email, memberships.role FROM memberships JOIN users ON users.id = memberships.user_id")
        .all();
      expect(staff.results).toEqual([{ email: "staff@example.com", role: "owner" }]);
    } finally {
      await restored.dispose();
    }
  });
});
