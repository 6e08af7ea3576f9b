import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/**
 * Languages of the site (decision 057). English is the source: messages are written in English in the
 * code (Lingui's macros), `npx lingui extract` collects them into one catalogue per language, and the
 * Vite plugin compiles each catalogue at build time (no parser and no file reads at run time).
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  fallbackLocales: false,
  catalogs: [
    {
      path: "<rootDir>/app/locales/{locale}/messages",
      include: ["<rootDir>/app"],
      exclude: ["**/*.test.*", "**/node_modules/**"],
    },
  ],
  // File names without line numbers, so that moving code does not rewrite the catalogues.
  format: formatter({ lineNumbers: false }),
  orderBy: "message",
});
