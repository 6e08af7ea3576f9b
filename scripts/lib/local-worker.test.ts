import { describe, expect, it } from "vitest";
import { countingFileTables, uncaughtErrors } from "./local-worker";

// Vite's output as `npm start` saw it (2026-11-28), shortened: two tables of written files, a warning.
const viteOutput = `vite v6.4.6 building for production...
transforming...
✓ 599 modules transformed.
rendering chunks...
computing gzip size...
build/client/.vite/manifest.json                                     85.88 kB │ gzip:  8.26 kB
build/client/assets/error-page-view-CxUwv_m8.js                       0.93 kB │ gzip:  0.49 kB
build/client/assets/runtime-BwXHG0tT.js                             261.05 kB │ gzip: 83.85 kB
✓ built in 2m 10s
vite v6.4.6 building SSR bundle for production...
[plugin vite:reporter] 
(!) /work/app/components/pet-details.tsx is dynamically imported by /work/app/routes/_main.adopt.pet.tsx but also statically imported by /work/app/routes/_main.petadmin.edit/pet-view.tsx, dynamic import will not move module into another chunk.
build/server/.vite/manifest.json                    6.91 kB
build/server/index.js                               0.26 kB
✓ built in 2m 30s`;

describe("npm start's build output", () => {
  it("counts each table of written files in one line and passes every other line on", () => {
    const printed: string[] = [];
    const output = countingFileTables((line) => printed.push(line));
    for (const line of viteOutput.split("\n")) output.line(line);
    output.end();
    expect(printed).toEqual([
      "vite v6.4.6 building for production...",
      "transforming...",
      "✓ 599 modules transformed.",
      "rendering chunks...",
      "computing gzip size...",
      "(3 files written; `npm start -- --verbose` lists them)",
      "✓ built in 2m 10s",
      "vite v6.4.6 building SSR bundle for production...",
      "[plugin vite:reporter] ",
      expect.stringContaining("(!) /work/app/components/pet-details.tsx is dynamically imported"),
      "(2 files written; `npm start -- --verbose` lists them)",
      "✓ built in 2m 30s",
    ]);
  });

  it("counts a table the output ends with", () => {
    const printed: string[] = [];
    const output = countingFileTables((line) => printed.push(line));
    output.line("build/server/index.js                               0.26 kB");
    output.end();
    expect(printed).toEqual(["(1 file written; `npm start -- --verbose` lists them)"]);
  });
});

describe("uncaughtErrors", () => {
  it("finds every kind of uncaught error workerd reports in a Worker's log, and nothing else", () => {
    const log = [
      "[wrangler:info] GET /adopt/pet?pet_id=25 200 OK (41ms)",
      "✘ [ERROR] Uncaught Error: Network connection lost.",
      "✘ [ERROR] Uncaught (in promise) Error: Network connection lost.",
      "X [ERROR] Uncaught (in response) TypeError: boom",
      "page purge failed for tags home Error: 429",
      "",
    ].join("\n");
    expect(uncaughtErrors(log)).toEqual([
      "✘ [ERROR] Uncaught Error: Network connection lost.",
      "✘ [ERROR] Uncaught (in promise) Error: Network connection lost.",
      "X [ERROR] Uncaught (in response) TypeError: boom",
    ]);
    expect(uncaughtErrors("[wrangler:info] Ready on http://127.0.0.1:8787\r\n")).toEqual([]);
  });
});
