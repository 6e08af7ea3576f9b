import { defineConfig } from "vitest/config";
import { serviceWorkerSource } from "./scripts/lib/service-worker-source";
import { lingui } from "@lingui/vite-plugin";
import { linguiMacros } from "./scripts/lib/lingui-macros";

// Unit tests sit beside app/ modules; integration tests run loaders and actions against a real local
// D1 and R2 (Miniflare). The Remix plugin is left out: tests import route modules directly.
export default defineConfig({
  // Route modules reach the service worker's built script (decision 050).
  plugins: [serviceWorkerSource(), linguiMacros(), lingui()],
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.{ts,tsx}",
    ],
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Repeats of an identical PBKDF2 derivation are remembered per test file (tests/setup/pbkdf2-memo.ts).
    setupFiles: ["tests/setup/pbkdf2-memo.ts"],
  },
});
