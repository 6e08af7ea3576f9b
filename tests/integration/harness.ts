import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Miniflare } from "miniflare";
import { getLoadContext } from "../../load-context";

const migrationsDir = path.resolve(import.meta.dirname, "../../migrations");

/** Applies migrations/*.sql in order, statement by statement, as `wrangler d1 migrations apply` does. */
export async function applyMigrations(db: D1Database) {
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith(".sql")).sort();
  for (const file of files) {
    const sql = await readFile(path.join(migrationsDir, file), "utf8");
    const statements = sql
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter(Boolean);
    await db.batch(statements.map((statement) => db.prepare(statement)));
  }
}

export interface TestEnv {
  env: { DB: D1Database; PHOTOS: R2Bucket };
  context: AppLoadContext;
  dispose: () => Promise<void>;
}

/**
 * A fresh, in-memory local D1 and R2 (the same workerd implementation wrangler dev uses), with the
 * project's migrations applied. Call once per test file.
 */
export async function createTestEnv(): Promise<TestEnv> {
  const miniflare = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
    d1Databases: { DB: "test-db" },
    r2Buckets: { PHOTOS: "test-photos" },
  });
  const DB = (await miniflare.getD1Database("DB")) as unknown as D1Database;
  const PHOTOS = (await miniflare.getR2Bucket("PHOTOS")) as unknown as R2Bucket;
  await applyMigrations(DB);
  const env = { DB, PHOTOS } as Env;
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const context = getLoadContext({
    request: new Request("http://localhost/"),
    context: { cloudflare: { env, ctx, cf: {} as never, caches: {} as never } },
  });
  return { env, context, dispose: () => miniflare.dispose() };
}

const origin = "http://localhost";

export function getRequest(pathWithQuery: string, headers?: HeadersInit) {
  return new Request(new URL(pathWithQuery, origin), { headers });
}

export function postForm(pathWithQuery: string, fields: Record<string, string>) {
  return new Request(new URL(pathWithQuery, origin), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** What `data(value, init)` from a loader or action carries, read back for assertions. */
export function unwrapData<T>(result: T) {
  const wrapped = result as unknown as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped && wrapped.type === "DataWithResponseInit") {
    return { data: wrapped.data as T extends { data: infer D } ? D : never, status: wrapped.init?.status ?? 200 };
  }
  return { data: result as unknown, status: 200 };
}

/** Runs `fn` and returns the Response it threw (Remix's way of answering 4xx from a loader). */
export async function thrownResponse(fn: () => unknown): Promise<Response> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}
