import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
import { createServer, createServerModuleRunner, type ViteDevServer } from "vite";

/**
 * One Vite server per test process (the integration files share their worker's process), made by the
 * first file that asks: it resolves and transforms the app's modules (Lingui's macros, TypeScript, the
 * service worker's build) once, about 18 s of CPU that each of the four files using it paid again.
 * It is kept on `globalThis` because each file loads this module afresh (tests/setup/fresh-app-modules.ts),
 * and left open until the process ends: it holds no port and watches no file.
 */
const sharedServer = Symbol.for("sequoia.remix-app.vite-server");
const shared = globalThis as unknown as Record<symbol, Promise<ViteDevServer> | undefined>;

function viteServer(): Promise<ViteDevServer> {
  return (shared[sharedServer] ??= createServer({
    configFile: new URL("./remix-app.vite.config.ts", import.meta.url).pathname,
  }));
}

/**
 * The whole Remix app (entry.server, root, layouts, error boundaries, single fetch) in production
 * mode, built by Vite in memory, answering requests with the load context a test gives it.
 *
 * Each call runs the app's modules afresh in a module runner of its own, as a new isolate would (its
 * kept HTML and figures start empty, whatever another file's app kept): only the transformed source
 * is shared, never a module's state.
 */
export async function createRemixApp() {
  const vite = await viteServer();
  const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });
  const build = (await runner.import("virtual:remix/server-build")) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return {
    build,
    handle: (request: Request, context: AppLoadContext) => handler(request, context),
    /** As a fresh isolate: the app's figures kept per isolate are dropped (services/figures-summaries.server.ts). */
    forgetKeptFigures: async () =>
      (
        (await runner.import("/app/services/figures-summaries.server.ts")) as { forgetKeptFigures: () => void }
      ).forgetKeptFigures(),
    close: () => runner.close(),
  };
}
