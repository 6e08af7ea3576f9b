/*
 * Integration test files only (vitest `setupFiles` of the `integration` project): the files share their
 * worker's process (`isolate: false`), so the packages of node_modules (Miniflare, React, Remix,
 * drizzle, undici, zod) are loaded once per worker instead of once per file, which was about a third of
 * the integration tests' CPU time. The project's own modules (app/, server/, tests/) are loaded afresh for
 * each file: their module state (kept HTML, figures, the harness's per-file alert secret) starts new,
 * as a Worker's isolate does. What a file stubs (console, timers) is put back when it ends.
 */
import { afterAll, vi } from "vitest";

vi.resetModules();

afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
