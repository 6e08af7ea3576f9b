import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
import { createServer } from "vite";

/**
 * The whole Remix app (entry.server, root, layouts, error boundaries, single fetch) in production
 * mode, built by Vite in memory, answering requests with the load context a test gives it.
 */
export async function createRemixApp() {
  const vite = await createServer({ configFile: new URL("./remix-app.vite.config.ts", import.meta.url).pathname });
  const build = (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return {
    build,
    handle: (request: Request, context: AppLoadContext) => handler(request, context),
    /** As a fresh isolate: the app's figures kept per isolate are dropped (services/figures-summaries.server.ts). */
    forgetKeptFigures: async () =>
      (
        (await vite.ssrLoadModule("/app/services/figures-summaries.server.ts")) as { forgetKeptFigures: () => void }
      ).forgetKeptFigures(),
    close: () => vite.close(),
  };
}
