import { build as viteBuild, type Plugin } from "vite";

/**
 * `virtual:service-worker-source`: the offline service worker (app/service-worker/worker.ts and what it
 * imports) built into one minified script, as a string the Worker serves at /sw.js (decision 050). The
 * app's build (vite.config.ts), the integration tests' Vite app and vitest all use it.
 */
export function serviceWorkerSource(): Plugin {
  const id = "virtual:service-worker-source";
  const entry = new URL("../../app/service-worker/worker.ts", import.meta.url).pathname;
  return {
    name: "service-worker-source",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(loaded) {
      if (loaded !== `\0${id}`) return undefined;
      const built = await viteBuild({
        configFile: false,
        logLevel: "warn",
        build: {
          write: false,
          emptyOutDir: false,
          minify: "terser",
          lib: { entry, formats: ["iife"], name: "serviceWorker" },
        },
      });
      const [output] = Array.isArray(built) ? built : [built];
      const chunk = output && "output" in output ? output.output[0] : undefined;
      if (!chunk || chunk.type !== "chunk") throw new Error("the service worker did not build");
      return `export default ${JSON.stringify(chunk.code)};`;
    },
  };
}
