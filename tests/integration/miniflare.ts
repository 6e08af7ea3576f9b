import { createRequire } from "node:module";
import type * as MiniflareModule from "miniflare";

/**
 * Miniflare, loaded with `require`. Its package is one 3 MB CommonJS file: imported as an ES module,
 * Node first scans all of it for named exports, about half a second of CPU in every test file's
 * process. Test files take Miniflare from here.
 */
const miniflare = createRequire(import.meta.url)("miniflare") as typeof MiniflareModule;
export const { Miniflare } = miniflare;
export type Miniflare = MiniflareModule.Miniflare;
/** Miniflare's own Response class, for what a test hands to workerd. */
export const WorkerdResponse = miniflare.Response;
