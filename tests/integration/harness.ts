import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Miniflare } from "./miniflare";
import { getLoadContext } from "#server/load-context";
import { bridgedD1, bridgedR2Keys, d1BridgeScript, type BridgeSend } from "./d1-bridge";
import { migratedD1Copy } from "./migrated-d1";

export { applyMigrations } from "./migrated-d1";

export interface TestEnv {
  env: Env;
  /** A context for tests that do not care about the request (no one is signed in). */
  context: AppLoadContext;
  /** A fresh per-request context, as the Worker builds one for every request. */
  contextFor: (request: Request) => AppLoadContext;
  /** Waits for the work responses left running (ctx.waitUntil), such as emails sent after answering. */
  settle: () => Promise<void>;
  /** Every key stored in an R2 bucket (starting with `prefix`), read in one call. */
  storedKeys: (bucket: "PHOTOS" | "PAPERS", prefix?: string) => Promise<string[]>;
  dispose: () => Promise<void>;
}

/** The Worker settings of a local run: development mode and the outbox for email; an alert secret of this test file's own. */
export const testVars = {
  ALERT_TOKEN_SECRET: randomBytes(32).toString("base64url"),
  APP_ENV: "development",
  MAIL_TRANSPORT: "outbox",
  MAIL_FROM: "Sequoia Humane Society <hello@sequoia-shelter.example>",
  MAIL_API_URL: "http://127.0.0.1:9/unused",
  GOOGLE_CLIENT_ID: "",
  GOOGLE_AUTHORIZATION_ENDPOINT: "",
  GOOGLE_TOKEN_ENDPOINT: "",
  GOOGLE_USERINFO_ENDPOINT: "",
};

/**
 * A fresh local D1 and R2 (the same workerd implementation wrangler dev uses), with the project's
 * migrations applied: the D1 starts as a copy of a database migrated once for all files
 * (`migratedD1Copy`), and is reached through `bridgedD1`. Call once per test file.
 */
export async function createTestEnv(vars: Partial<Env> = {}): Promise<TestEnv> {
  const d1 = await migratedD1Copy();
  const miniflare = new Miniflare({
    modules: true,
    script: d1BridgeScript,
    d1Databases: { DB: d1.id },
    d1Persist: d1.dir,
    r2Buckets: { PHOTOS: "test-photos", PAPERS: "test-papers" },
    images: { binding: "IMAGES" },
  });
  const send: BridgeSend = async (body) =>
    (await miniflare.dispatchFetch("http://d1-bridge.local/", { method: "POST", body })).text();
  const DB = bridgedD1(send);
  const PHOTOS = (await miniflare.getR2Bucket("PHOTOS")) as unknown as R2Bucket;
  const PAPERS = (await miniflare.getR2Bucket("PAPERS")) as unknown as R2Bucket;
  const { IMAGES } = await miniflare.getBindings<{ IMAGES: ImagesBinding }>();
  const env = { ...testVars, ...vars, DB, PHOTOS, PAPERS, IMAGES } as Env;
  const pending: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext;
  const contextFor = (request: Request) =>
    getLoadContext({ request, context: { cloudflare: { env, ctx, cf: {} as never, caches: {} as never } } });
  return {
    env,
    context: contextFor(new Request("http://localhost/")),
    contextFor,
    settle: async () => {
      await Promise.all(pending.splice(0));
    },
    storedKeys: (bucket, prefix) => bridgedR2Keys(send, bucket, prefix),
    dispose: async () => {
      await miniflare.dispose();
      d1.remove();
    },
  };
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

/** Runs a loader or action as Remix would, answering with the Response it returned or threw. */
export async function respond(
  t: TestEnv,
  handler: (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; data: unknown; response: Response | null }> {
  try {
    const result = await handler({ request, params, context: t.contextFor(request) });
    if (result instanceof Response)
      return { status: result.status, headers: result.headers, data: null, response: result };
    const { data, status } = unwrapData(result);
    const init = (result as { init?: ResponseInit | null }).init;
    return { status, headers: new Headers(init?.headers), data, response: null };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, headers: error.headers, data: null, response: error };
    throw error;
  }
}

/** The cookies a browser would keep from the responses it is given. */
export class CookieJar {
  private cookies = new Map<string, string>();

  keep(headers: Headers) {
    for (const cookie of headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export function withCookies(request: Request, jar: CookieJar) {
  const headers = new Headers(request.headers);
  const cookie = jar.header();
  if (cookie) headers.set("Cookie", cookie);
  return new Request(request, { headers });
}
