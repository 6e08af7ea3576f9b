import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Where `wrangler.toml` keeps the D1 migrations (`migrations_dir`). */
export const migrationsDir = path.resolve(import.meta.dirname, "../../migrations");

/**
 * The table in which `wrangler d1 migrations apply` notes each migration it applied, created as wrangler
 * creates it: a state migrated here and one migrated by wrangler are the same to either.
 */
const createMigrationsTable = `CREATE TABLE IF NOT EXISTS d1_migrations(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/** The migration files, in the order wrangler applies them (by name: each begins with its number). */
export function migrationNames(dir = migrationsDir): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort();
}

/**
 * A migration's statements, as drizzle-kit writes them (one statement between breakpoints). A chunk of
 * two statements fails loudly: D1 prepares one statement at a time.
 */
export function migrationStatements(name: string, dir = migrationsDir): string[] {
  return readFileSync(path.join(dir, name), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/**
 * Applies the migrations a local D1 lacks, each in one batch with its row in `d1_migrations`, as
 * `wrangler d1 migrations apply DB --local` does: but through the one D1 binding given, where wrangler
 * starts a workerd of its own for every migration (0.6 s of CPU each; decision 074). Returns the names
 * applied.
 */
export async function applyPendingMigrations(db: D1Database, dir = migrationsDir): Promise<string[]> {
  await db.prepare(createMigrationsTable).run();
  const { results } = await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>();
  const applied = new Set(results.map((row) => row.name));
  const pending = migrationNames(dir).filter((name) => !applied.has(name));
  for (const name of pending) {
    await db.batch([
      ...migrationStatements(name, dir).map((statement) => db.prepare(statement)),
      db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
    ]);
  }
  return pending;
}
