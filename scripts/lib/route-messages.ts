import path from "node:path";
import { getConfig } from "@lingui/conf";
import { createCompiledCatalog, getCatalogs } from "@lingui/cli/api";
import { init, parse } from "es-module-lexer";
import type { Plugin } from "vite";
import type { ModuleInfo, PluginContext, RenderedChunk } from "rollup";

/**
 * Catalogues split by page for the browser (decision 059). `app/locales/{locale}/messages.po` stay the
 * one source of truth; the client build serves, per language, a virtual catalogue for each unit of code
 * the browser loads on its own:
 * - `root`: what every page runs (entry.client, root, the `_main` layout and their static imports);
 * - each route module, minus what `root` holds;
 * - each module our code loads with `import()` (a form's check with its zod messages, a lazy view),
 *   minus what `root` holds.
 * A unit's messages are the catalogue keys found as string literals in the code of the modules it
 * imports statically (the macros compile to ids; `lib/` uses `i18n._("English")`, whose key is the
 * English). Code only the server runs (loaders, actions, services, emails) is not in the client graph,
 * so its messages never reach the browser. The server keeps every catalogue whole (catalogs.server.ts).
 *
 * Each route module gets `registerMessages({ en: () => import(…), es: … })` appended, and each
 * `import("…")` of our code becomes `withMessages(import("…"), { en: …, es: … })`
 * (app/locales/load-messages.ts).
 */
const prefix = "virtual:messages/";
const clientRoute = "?__remix-build-client-route";

/**
 * Texts of the configuration with their translation in one language (app/config/shelter-es.ts): each
 * text a unit's code holds as a literal goes into that unit's catalogue of that language, under `id(text)`,
 * as plain text (no ICU parsing), so the browser never loads the whole list.
 */
export interface ConfigTexts {
  /** The module holding the list, which the scan skips (its keys are the texts themselves). */
  file: string;
  locale: string;
  entries: Record<string, string>;
  id: (text: string) => string;
}

/** A text as esbuild writes it in a string literal by default: every character past ASCII escaped. */
const asciiOnly = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** A compiled message that is plain text equal to its id (no placeholder, no markup). */
const isOwnId = (key: string, message: unknown) =>
  message === key || (Array.isArray(message) && message.length === 1 && message[0] === key);

export function routeMessages({ root, texts }: { root: string; texts?: ConfigTexts }): Plugin {
  const appDir = path.join(root, "app");
  const runtime = path.join(appDir, "locales/load-messages.ts");
  const textsFile = texts && path.join(root, texts.file);
  const everyPage = ["entry.client.tsx", "root.tsx", "routes/site/layout.tsx"].map((file) => path.join(appDir, file));
  const config = getConfig({ cwd: root, skipValidation: true });
  const sourceLocale = config.sourceLocale ?? "en";
  let build = false;
  let translations: Promise<Map<string, Record<string, string>>> | undefined;
  const modules = new Map<string, Promise<{ keys: Set<string>; imports: readonly string[] }>>();
  let rootKeys: Promise<Set<string>> | undefined;

  /** Each language's messages, as the .po files hold them now (the English is the id's fallback). */
  const catalogues = () =>
    (translations ??= (async () => {
      const [catalog] = await getCatalogs(config);
      if (!catalog) throw new Error("no Lingui catalogue configured");
      const byLocale = new Map<string, Record<string, string>>();
      for (const locale of config.locales) {
        const { messages } = await catalog.getTranslations(locale, {
          fallbackLocales: config.fallbackLocales || {},
          sourceLocale,
        });
        byLocale.set(locale, messages);
      }
      return byLocale;
    })());

  /** The catalogue keys in one module's code (string literals, and template literals without values). */
  function moduleKeys(ctx: PluginContext, info: ModuleInfo, keys: Set<string>): Set<string> {
    const found = new Set<string>();
    let ast: unknown = info.ast;
    try {
      ast ??= ctx.parse(info.code ?? "");
    } catch {
      return found; // not JavaScript (a stylesheet's stand-in): no messages
    }
    const stack: unknown[] = [ast];
    while (stack.length > 0) {
      const node = stack.pop();
      if (!node || typeof node !== "object") continue;
      if (Array.isArray(node)) {
        stack.push(...node);
        continue;
      }
      const n = node as { type?: string; value?: unknown; quasis?: { value: { cooked?: string } }[] };
      if (n.type === "Literal" && typeof n.value === "string" && keys.has(n.value)) found.add(n.value);
      if (n.type === "TemplateLiteral" && n.quasis?.length === 1) {
        const text = n.quasis[0]?.value.cooked;
        if (text !== undefined && keys.has(text)) found.add(text);
      }
      for (const [key, value] of Object.entries(node))
        if (key !== "type" && value && typeof value === "object") stack.push(value);
    }
    return found;
  }

  /** The keys of a module and of everything it imports statically, directly or not. */
  async function staticKeys(ctx: PluginContext, entries: string[], keys: Set<string>): Promise<Set<string>> {
    const seen = new Set<string>();
    const found = new Set<string>();
    const visit = async (id: string): Promise<void> => {
      if (
        seen.has(id) ||
        id.includes("/node_modules/") ||
        id.startsWith("\0") ||
        id.endsWith(".po") ||
        id === textsFile
      )
        return;
      seen.add(id);
      let own = modules.get(id);
      if (!own) {
        own = ctx
          .load({ id, resolveDependencies: true })
          .then((info) => ({ keys: moduleKeys(ctx, info, keys), imports: info.importedIds }));
        modules.set(id, own);
      }
      const { keys: keysHere, imports } = await own;
      for (const key of keysHere) found.add(key);
      await Promise.all(imports.map(visit));
    };
    await Promise.all(entries.map(visit));
    return found;
  }

  const everyPageKeys = (ctx: PluginContext, keys: Set<string>) => (rootKeys ??= staticKeys(ctx, everyPage, keys));

  /** The catalogue keys of a unit (`root`, or a module's path from the project's root), sorted. */
  const units = new Map<string, Promise<string[]>>();
  function unitKeys(ctx: PluginContext, unit: string): Promise<string[]> {
    let result = units.get(unit);
    if (!result) {
      result = (async () => {
        const keys = new Set([
          ...Object.keys((await catalogues()).get(sourceLocale) ?? {}),
          ...Object.keys(texts?.entries ?? {}),
        ]);
        const shared = await everyPageKeys(ctx, keys);
        if (unit === "root") return [...shared].sort();
        return [...(await staticKeys(ctx, [path.join(root, unit)], keys))].filter((key) => !shared.has(key)).sort();
      })();
      units.set(unit, result);
    }
    return result;
  }

  /** `{ en: () => import("virtual:messages/en/<unit>"), es: … }` */
  const loaders = (unit: string) =>
    `{ ${config.locales.map((locale) => `${JSON.stringify(locale)}: () => import(${JSON.stringify(`${prefix}${locale}/${unit}`)})`).join(", ")} }`;

  return {
    name: "route-messages",
    configResolved(resolved) {
      // Remix's plugin runs a child dev server inside the build, with the same plugins: once a build,
      // always a build.
      if (resolved.command === "build") build = true;
    },
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [locale, ...rest] = id.slice(prefix.length + 1).split("/");
      const unit = rest.join("/");
      if (!locale || !config.locales.includes(locale)) throw new Error(`No catalogue for ${id}`);
      const byLocale = await catalogues();
      const all = byLocale.get(locale) ?? {};
      const ownTexts = texts?.locale === locale ? texts : undefined;
      // The dev server gives every unit the whole catalogue: simpler, and nothing measures it.
      const wanted = build
        ? await unitKeys(this, unit)
        : [...Object.keys(all), ...Object.keys(ownTexts?.entries ?? {})];
      const picked: Record<string, string> = {};
      for (const key of wanted) if (key in all) picked[key] = all[key] as string;
      const { source } = createCompiledCatalog(locale, picked, {
        namespace: "json",
        pseudoLocale: config.pseudoLocale,
      });
      const { messages } = JSON.parse(source) as { messages: Record<string, unknown> };
      if (ownTexts)
        for (const key of wanted)
          if (ownTexts.entries[key] !== undefined) messages[ownTexts.id(key)] = [ownTexts.entries[key]];
      // A message whose text is its own id (lib's `/*i18n*/ "Small"`, a breed's name, English's
      // whole share of them) is left out: the browser's Lingui answers an id it has no message for with
      // the id itself (app/locales/browser/core.ts), so the catalogue need not carry it twice.
      if (build) for (const [key, message] of Object.entries(messages)) if (isOwnId(key, message)) delete messages[key];
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
    },
    // A catalogue holds the messages its unit's modules name, but the bundle keeps only the code that
    // is used: a module imported for one function brings the messages of all its others (the match
    // page's filters import lib/match-filters, which imports the matchmaker and its reasons, which only
    // the server writes). Once Rollup has dropped the unused code, and before the file is named after
    // its content, each catalogue keeps only the messages its unit's code, and the code it imports,
    // still names.
    renderChunk(code, chunk, _options, meta) {
      if (!build || !chunk.facadeModuleId?.startsWith(`\0${prefix}`)) return null;
      const unit = chunk.facadeModuleId
        .slice(prefix.length + 1)
        .split("/")
        .slice(1)
        .join("/");
      const files = unit === "root" ? everyPage : [path.join(root, unit)];
      const chunks = Object.values(meta.chunks);
      const seen = new Set<RenderedChunk>();
      const visit = (found: RenderedChunk | undefined) => {
        if (!found || seen.has(found)) return;
        seen.add(found);
        for (const imported of found.imports) visit(meta.chunks[imported]);
      };
      for (const file of files) visit(chunks.find((candidate) => candidate.moduleIds.includes(file)));
      if (seen.size === 0) return null; // its code not found: keep every message rather than guess
      const used = [...seen]
        .flatMap((found) => Object.values(found.modules).map((module) => module.code ?? ""))
        .join("\n");
      // A shelter text's key is its English with a prefix (app/config/shelter-es.ts): the code has the English.
      const textPrefix = texts?.id("");
      const named = (key: string) => {
        const text = textPrefix && key.startsWith(textPrefix) ? key.slice(textPrefix.length) : key;
        return (
          used.includes(text) || used.includes(JSON.stringify(text).slice(1, -1)) || used.includes(asciiOnly(text))
        );
      };
      const start = code.indexOf("JSON.parse(") + "JSON.parse(".length;
      const end = code.lastIndexOf(")");
      const messages = JSON.parse(JSON.parse(code.slice(start, end)) as string) as Record<string, unknown>;
      const kept = Object.fromEntries(Object.entries(messages).filter(([key]) => named(key)));
      if (Object.keys(kept).length === Object.keys(messages).length) return null;
      return { code: `${code.slice(0, start)}${JSON.stringify(JSON.stringify(kept))}${code.slice(end)}`, map: null };
    },
    async transform(code, id, options) {
      if (options?.ssr) return null;
      // A route module as the browser loads it (Remix's re-export of the route's client code).
      if (id.endsWith(clientRoute)) {
        const file = id.slice(0, -clientRoute.length);
        if (file === everyPage[2]) return null; // the layout's messages are the root's
        const unit = file === everyPage[1] ? "root" : path.relative(root, file);
        // A route without messages of its own (beyond the root's) loads no catalogue: one request less.
        if (build && unit !== "root" && (await unitKeys(this, unit)).length === 0) return null;
        return {
          code: `${code}\nimport { registerMessages as __registerMessages } from ${JSON.stringify(runtime)};\n__registerMessages(${loaders(unit)});\n`,
          map: null,
        };
      }
      const file = id.split("?")[0] ?? id;
      // The dev server has no client route modules of Remix's build: the entry loads the whole catalogue.
      if (!build && file === everyPage[0]) {
        return {
          code: `${code}\nimport { registerMessages as __registerMessages } from ${JSON.stringify(runtime)};\n__registerMessages(${loaders("root")});\n`,
          map: null,
        };
      }
      if (!file.startsWith(appDir + "/") || !/\.[jt]sx?$/.test(file) || file === runtime || !code.includes("import("))
        return null;
      await init;
      const [imports] = parse(code);
      let out = "";
      let last = 0;
      for (const imported of imports) {
        // Dynamic imports of a plain string only (`d` is the position of `import(`; `n` the specifier).
        if (imported.d < 0 || !imported.n || imported.n.startsWith(prefix)) continue;
        const resolved = await this.resolve(imported.n, id);
        if (!resolved || resolved.external || !resolved.id.startsWith(appDir + "/") || resolved.id.endsWith(".po"))
          continue;
        const end = code.indexOf(")", imported.e) + 1;
        out += `${code.slice(last, imported.ss)}__withMessages(${code.slice(imported.ss, end)}, ${loaders(path.relative(root, resolved.id))})`;
        last = end;
      }
      if (last === 0) return null;
      out += code.slice(last);
      return { code: `import { withMessages as __withMessages } from ${JSON.stringify(runtime)};\n${out}`, map: null };
    },
  };
}
