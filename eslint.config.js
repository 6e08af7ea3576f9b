import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const noServer = { regex: "^(#server/|(\\.\\./)+server/)", message: "app/ does not import the Worker's pipeline in server/: it reaches app/ through the load context." };

/** Each layer's forbidden imports; one rule entry per folder, since a later entry for the same rule replaces an earlier one. */
function layerRules() {
  const forbid = (files, patterns) => ({
    files,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...patterns, noServer] }] },
  });
  return [
    forbid(["app/**/*.{ts,tsx}"], []),
    forbid(["app/lib/**/*.{ts,tsx}"], [
      {
        regex: "^(#app/|\\.\\./)(db|models|services|routes)/|\\.server$",
        message: "lib/ is pure: no database, models, services or *.server modules (move the shared value into lib, as lib/security-event-kinds.ts does).",
      },
    ]),
    forbid(["app/models/**/*.{ts,tsx}"], [
      { regex: "^(#app/|\\.\\./)(services|routes)/", message: "models/ only query: sending, storage and other services call models, not the other way round." },
    ]),
    forbid(["app/components/**/*.{ts,tsx}"], [
      {
        regex: "^(#app/|(\\.\\./)+)routes/",
        allowTypeImports: true,
        message: "components/ import no page route; a layout's loader type or a resource route's answer type (import type) is fine.",
      },
    ]),
  ];
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".wrangler/",
      ".cache/",
      "tests/.state/",
      "bench/.state/",
      "test-results/",
      "playwright-report/",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // The layers (docs/decisions/047-what-each-layer-may-import.md): routes call models, services and
  // lib; lib is pure; models only query; components import no page route; app/ never imports server/.
  ...layerRules(),
  {
    // Playwright fixtures receive a `use` callback that is not React's `use` hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.js"],
    languageOptions: { globals: globals.node },
  },
);
