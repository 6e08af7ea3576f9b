import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

const assets = path.resolve(import.meta.dirname, "../../build/client/assets");

/** The modules pages load: the Remix manifest's entry and every route's module with its static imports. */
function modulesPagesLoad() {
  const manifestFile = readdirSync(assets).find((file) => /^manifest-.*\.js$/.test(file))!;
  const source = readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const files = [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...Object.values(manifest.routes).flatMap((route) => [route.module, ...(route.imports ?? [])]),
  ];
  return new Set(files.map((file) => path.basename(file)));
}

/**
 * Route modules keep only their component in the browser, but any other export (and what it imports)
 * ships too. This guards the build the end-to-end server runs: no cookie code and no server secrets'
 * names in the browser's JavaScript, no QR code library (flyers' codes are made on the server, decision 043),
 * and no validation library in what a page loads: zod comes only
 * with a form's check, on the form's first use (docs/decisions/037).
 */
test("no server-only code ships to the browser, and zod loads only on demand", () => {
  const loadedWithPages = modulesPagesLoad();
  const files = readdirSync(assets).filter((file) => file.endsWith(".js"));
  const leaks = files.flatMap((file) => {
    const code = readFileSync(path.join(assets, file), "utf8");
    return [
      /createCookie|isCookie/,
      /GOOGLE_CLIENT_SECRET|MAIL_API_KEY|password_hash|_FTP_PASSWORD/,
      /Mask value out of range|Version number out of range/,
      ...(loadedWithPages.has(file) ? [/ZodError|\$ZodType/] : []),
    ]
      .filter((pattern) => pattern.test(code))
      .map((pattern) => `${file}: ${pattern}`);
  });
  expect(leaks).toEqual([]);
  // The form checks are built, as chunks of their own.
  expect(
    files.filter(
      (file) => !loadedWithPages.has(file) && /ZodError|\$ZodType/.test(readFileSync(path.join(assets, file), "utf8")),
    ),
  ).not.toEqual([]);
});
