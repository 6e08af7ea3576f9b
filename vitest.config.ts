import { defineConfig } from "vitest/config";
import { serviceWorkerSource } from "./scripts/lib/service-worker-source";
import { lingui } from "@lingui/vite-plugin";
import { linguiMacros } from "./scripts/lib/lingui-macros";

/**
 * Integration files that keep a process of their own: partner-ftps.test.ts sets NODE_EXTRA_CA_CERTS,
 * which Miniflare reads once, when it is loaded.
 */
const ownProcess = ["tests/integration/partner-ftps.test.ts"];

// Unit tests sit beside app/ modules; integration tests run loaders and actions against a real local
// D1 and R2 (Miniflare). The Remix plugin is left out: tests import route modules directly.
export default defineConfig({
  // Route modules reach the service worker's built script (decision 050).
  plugins: [serviceWorkerSource(), linguiMacros(), lingui()],
  test: {
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Repeats of an identical PBKDF2 derivation are remembered (tests/setup/pbkdf2-memo.ts).
    setupFiles: ["tests/setup/pbkdf2-memo.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          // The unit files share their worker's loaded modules instead of loading them again for each
          // file (a fresh process a file cost 40 % of their time); none changes what another reads, and
          // the few that stand in for console or timers put them back after each test.
          isolate: false,
        },
      },
      {
        extends: true,
        // The integration files share their worker's process and its loaded packages (a fresh process
        // a file cost about a third of their CPU, loading Miniflare, React, Remix and the rest again);
        // the project's own modules are loaded afresh for each file (tests/setup/fresh-app-modules.ts):
        // their per-isolate state (kept HTML, figures) starts new, as a Worker's isolate does.
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          exclude: ownProcess,
          isolate: false,
          setupFiles: ["tests/setup/fresh-app-modules.ts"],
        },
      },
      {
        extends: true,
        // Files that must set the environment before Miniflare is first loaded in their process.
        test: { name: "integration-own-process", include: ownProcess },
      },
    ],
  },
});
