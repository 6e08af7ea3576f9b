import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

/**
 * Runs Lingui's macros (`@lingui/core/macro`, `@lingui/react/macro`) at build time, and only on our
 * modules that import them: each message becomes a call with its id, and in production the English
 * text is dropped from the code (it is in the English catalogue). Remix's Vite plugin has no Babel
 * step of its own to hang the macro plugin on, hence this small one (decision 057).
 */
export function linguiMacros(): Plugin {
  return {
    name: "lingui-macros",
    enforce: "pre",
    async transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (
        !/\.[cm]?[jt]sx?$/.test(file) ||
        file.includes("/node_modules/") ||
        !/["']@lingui\/(core|react)\/macro["']/.test(code)
      )
        return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ["typescript", "jsx"] },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
