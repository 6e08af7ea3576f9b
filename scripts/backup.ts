/**
 * Exports the D1 database (schema and rows) to backups/<database>-<local|remote>-<UTC time>.sql with
 * `wrangler d1 export`: the local one by default, the deployed one with --remote. README, "Data
 * safety: backup and restore", says how to restore it.
 *   npm run backup [-- --remote] [-- --out-dir DIR] [-- --config wrangler.toml]
 * `--config` points at another checkout's wrangler.toml: wrangler exports the local state beside it
 * (`.wrangler/state`), since `d1 export` has no --persist-to.
 *
 * The file is two exports, the schema and then the rows. A single `wrangler d1 export` writes each
 * table's rows right after its CREATE TABLE, so a row that references a table created further down
 * (a membership before `users`) fails on restore with "no such table: main.users". With every table
 * created first, `PRAGMA defer_foreign_keys` lets the rows come in any order.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { offlineEnv } from "./lib/local-worker";

const root = path.resolve(import.meta.dirname, "..");

/** The database_name of the D1 binding named DB in a wrangler.toml. */
export function databaseNameOf(wranglerToml: string): string {
  for (const block of wranglerToml.split(/^\[\[d1_databases\]\]\s*$/m).slice(1)) {
    const table = block.split(/^\[/m)[0] ?? "";
    if (/^\s*binding\s*=\s*"DB"\s*$/m.test(table)) {
      const name = /^\s*database_name\s*=\s*"([^"]+)"\s*$/m.exec(table)?.[1];
      if (name) return name;
    }
  }
  throw new Error('wrangler.toml has no [[d1_databases]] with binding = "DB" and a database_name');
}

/** 2026-11-23T11:42:05.123Z → 20261123T114205Z: sortable, and safe in a file name everywhere. */
export function timestampOf(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** Wrangler exports a missing local database as an empty file; that is no backup. */
export function hasTables(sql: string): boolean {
  return /^CREATE TABLE /im.test(sql);
}

export type ExportPart = "schema" | "data";

export function exportArguments({
  config,
  output,
  remote,
  part,
}: {
  config: string;
  output: string;
  remote: boolean;
  part: ExportPart;
}): string[] {
  return [
    "d1",
    "export",
    "DB",
    remote ? "--remote" : "--local",
    part === "schema" ? "--no-data" : "--no-schema",
    "--output",
    output,
    "--config",
    config,
  ];
}

function main() {
  const { values } = parseArgs({
    options: {
      remote: { type: "boolean", default: false },
      "out-dir": { type: "string", default: path.join(root, "backups") },
      config: { type: "string", default: path.join(root, "wrangler.toml") },
    },
  });
  const config = path.resolve(values.config!);
  const outDir = path.resolve(values["out-dir"]!);
  const database = databaseNameOf(readFileSync(config, "utf8"));
  const output = path.join(outDir, `${database}-${values.remote ? "remote" : "local"}-${timestampOf(new Date())}.sql`);
  mkdirSync(outDir, { recursive: true });

  const where = values.remote ? "--remote" : "--local";
  const parts: string[] = [];
  for (const part of ["schema", "data"] as const) {
    const partFile = `${output}.${part}`;
    console.log(`wrangler d1 export DB ${where} (${part})`);
    const result = spawnSync(
      path.join(root, "node_modules/.bin/wrangler"),
      exportArguments({ config, output: partFile, remote: values.remote, part }),
      {
        cwd: root,
        stdio: "inherit",
        env: offlineEnv,
      },
    );
    if (result.status !== 0) {
      rmSync(partFile, { force: true });
      console.error(`wrangler d1 export (${part}) failed (exit ${result.status ?? result.signal})`);
      process.exit(1);
    }
    parts.push(readFileSync(partFile, "utf8"));
    rmSync(partFile);
  }
  if (!hasTables(parts[0]!)) {
    console.error(
      `The ${values.remote ? "deployed" : "local"} database ${database} has no tables: nothing to back up (locally, run npm start first).`,
    );
    process.exit(1);
  }
  writeFileSync(output, `${parts.map((part) => part.trimEnd()).join("\n")}\n`);
  console.log(
    `Backup of ${values.remote ? "the deployed" : "the local"} database ${database} written to ${path.relative(process.cwd(), output) || output}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
