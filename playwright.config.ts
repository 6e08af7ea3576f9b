import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// E2E_PORT lets two checkouts run their suites side by side (the local OIDC server takes port + 100, the
// stand-in for Stripe port + 200: tests/e2e/giving.spec.ts reaches it there).
const port = Number(process.env.E2E_PORT ?? 8788);
// Debian's Chromium, as its old headless shell (package chromium-headless-shell, what Playwright's own
// download would run headless) where it is installed: the full browser's new headless mode cost 40 % more
// of the suite's time on CI's two cores (decision 036, amended 2026-11-29).
const chromium =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file)) ??
  "/usr/bin/chromium";
// The e2e server's output (wrangler's line per request, with its time) is kept here, and the reporter
// below prints what a failed run needs from it (decision 036).
const serverLog = `test-results/e2e-server-${port}.log`;

/**
 * End-to-end tests run on the production build served by wrangler dev (workerd) with their own fresh
 * local D1/R2, in Debian's Chromium, at a phone viewport, once with JavaScript and once without.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // No retries: a failed test is a failure (decision 036 on the stalls that once had CI retry).
  retries: 0,
  forbidOnly: true,
  reporter: [["list"], ["./scripts/lib/e2e-server-log-reporter.ts", { log: serverLog }]],
  // A test's limit: 45 s. Each visit audits the page with axe (twice without JavaScript: the page, then its HTML
  // in a context with scripts), and the staff pages grew this round (care, stays, papers, lost and found
  // panels); on CI's 2 cores with 2 workers, tests that open the edit page several times took 31 s (decision
  // 036, amended 2026-11-28). A request that stalls still fails its test, only 15 s later.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    // A failed test keeps its trace (test-results/<test>/trace.zip): the requests it made and what each action waited for.
    // Screenshots, DOM snapshots and sources left out: the stall is in the requests and actions, and a
    // snapshot of the page at every action of every test cost a tenth of the suite's time.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false, sources: false },
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: /\.last\.spec\.ts$/ },
    // Files named *.js-only.spec.ts test enhancements that need JavaScript.
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: [/\.js-only\.spec\.ts$/, /\.last\.spec\.ts$/] },
    // Files named *.last.spec.ts change what every other test may read (they fire the shelter-wide
    // scheduled run, which ends every due hold, or adopt and list again the pets the list tests count):
    // they run once all the others are done, JavaScript on and off. Tests make their own pets and
    // adopters (`makePet`, `makeAdopter` in tests/e2e/fixtures.ts, made by the server through
    // POST /dev/test-data), but these projects stay (issue 41, decision 036 amended 2026-11-28): the
    // scheduled run cannot be given one test's data (it ends every due hold of the shelter, the demo's
    // Ruby too, which the dog-list tests count, and sends every due reminder and alert).
    {
      name: "js-last",
      use: { javaScriptEnabled: true },
      testMatch: /\.last\.spec\.ts$/,
      dependencies: ["js", "no-js"],
    },
    // One after the other, never two at once (tests/e2e/visit-day.last.spec.ts says why).
    {
      name: "no-js-last",
      use: { javaScriptEnabled: false },
      testMatch: /\.last\.spec\.ts$/,
      dependencies: ["js", "no-js", "js-last"],
    },
  ],
  webServer: {
    command: `tsx scripts/serve.ts --persist-to tests/.state/e2e-${port} --port ${port} --fresh --e2e --log ${serverLog}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
