import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import prettier from "eslint-config-prettier";

const noServer = {
  regex: "^(#server/|(\\.\\./)+server/)",
  message: "app/ does not import the Worker's pipeline in server/: it reaches app/ through the load context.",
};

/** An app/ folder at any depth of `../` or through `#app/`: `appDir("db|models")`. */
const appDir = (names) => `^(#app/|(\\.\\./)+)(${names})/`;

/** Each layer's forbidden imports; one rule entry per folder, since a later entry for the same rule replaces an earlier one. */
function layerRules() {
  const forbid = (files, patterns, { ignores = [], server = true } = {}) => ({
    files,
    ignores,
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: server ? [...patterns, noServer] : patterns }],
    },
  });
  return [
    forbid(["app/**/*.{ts,tsx}"], []),
    forbid(
      ["app/lib/**/*.{ts,tsx}"],
      [
        {
          regex: `${appDir("db|models|services|routes|components")}|\\.server$`,
          message:
            "lib/ is pure: no database, models, services, components or *.server modules (move the shared value into lib, as lib/accounts/security-event-kinds.ts does).",
        },
      ],
    ),
    forbid(
      ["app/models/**/*.{ts,tsx}"],
      [
        {
          regex: appDir("services|routes|components"),
          message: "models/ only query: sending, storage and other services call models, not the other way round.",
        },
      ],
    ),
    forbid(
      ["app/services/**/*.{ts,tsx}"],
      [
        {
          regex: appDir("routes|components"),
          message: "services/ serve routes: they import no route or component (move what both need into lib/).",
        },
      ],
    ),
    forbid(
      ["app/db/**/*.{ts,tsx}"],
      [
        {
          regex: appDir("models|services|routes|components"),
          message: "db/ is the schema and the client: it imports no models, services, routes or components.",
        },
      ],
    ),
    forbid(
      ["app/config/**/*.{ts,tsx}"],
      [
        {
          regex: appDir("lib|db|models|services|routes|components|locales|service-worker"),
          message: "config/ is the shelter's own settings: it imports nothing of the app (the app imports it).",
        },
      ],
    ),
    forbid(
      ["app/service-worker/**/*.{ts,tsx}"],
      [
        {
          regex: `${appDir("db|models|services|routes|components")}|\\.server$`,
          message:
            "The service worker runs in the browser: no *.server modules, models, services or database (share pure code through lib/).",
        },
      ],
      { ignores: ["app/service-worker/**/*.server.ts"] },
    ),
    forbid(
      ["app/components/**/*.{ts,tsx}"],
      [
        {
          regex: appDir("routes|models"),
          allowTypeImports: true,
          message:
            "components/ import no page route and no model's values; a layout's loader type, a model's row type or a resource route's answer type (import type) is fine.",
        },
        {
          regex: `${appDir("services|db")}|\\.server$`,
          allowTypeImports: true,
          message:
            "components/ render: no services, database or *.server modules (the route's loader passes what they need).",
        },
      ],
      { ignores: ["app/components/**/*.test.{ts,tsx}"] },
    ),
    forbid(
      ["server/**/*.ts"],
      [
        {
          regex: "^(#app/|(\\.\\./)+app/)(routes|components)/",
          message:
            "server/ is the Worker's pipeline: it reaches pages through Remix's build, never by importing a route or component.",
        },
      ],
      { server: false },
    ),
  ];
}

/** R2 is read and written by services only (decision 047): a route or model hands `context.photos` to one. */
const r2OnlyInServices = {
  files: [
    "app/routes/**/*.{ts,tsx}",
    "app/components/**/*.{ts,tsx}",
    "app/models/**/*.{ts,tsx}",
    "app/lib/**/*.{ts,tsx}",
  ],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector:
          "MemberExpression[object.property.name='photos'][property.name=/^(get|put|head|delete|list|createMultipartUpload|resumeMultipartUpload)$/]",
        message:
          "R2 is touched only in services/ (pass context.photos to a service such as services/photo-copies.server.ts).",
      },
      {
        selector: "TSTypeReference[typeName.name='R2Bucket']",
        message: "R2 is touched only in services/: a route, model, component or lib takes no R2Bucket.",
      },
    ],
  },
};

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
  r2OnlyInServices,
  {
    // Playwright fixtures receive a `use` callback that is not React's `use` hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.js"],
    languageOptions: { globals: globals.node },
  },
  // Prettier formats (npm run format; npm run lint checks it): the stylistic rules that would fight it are off.
  prettier,
);
