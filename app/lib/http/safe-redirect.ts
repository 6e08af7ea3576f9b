import { localizedPath, type Locale } from "../i18n/locale";

/** Control characters (C0, DEL, C1): browsers drop tabs and newlines inside URLs, so `/\t/host` becomes `//host`. */
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

/** A path that a browser reads as another host: `//host`, `/\host` (WHATWG treats `\` as `/`). */
function leavesTheSite(path: string) {
  return (
    !path.startsWith("/") ||
    path.startsWith("//") ||
    path.startsWith("/\\") ||
    path.includes("\\") ||
    controlCharacters.test(path)
  );
}

/**
 * The one place every return address (query, form field, cookie) is checked: accepted only when it
 * is a path on this site, anything else becomes `fallback`. Both the input and the normalised result
 * are checked: normalising `/.//evil.example` or `/%2e//evil.example` gives `//evil.example`, which
 * a browser follows to another host.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || leavesTheSite(target)) return fallback;
  try {
    const url = new URL(target, "http://same.site");
    if (url.origin !== "http://same.site") return fallback;
    const result = url.pathname + url.search + url.hash;
    return leavesTheSite(result) ? fallback : result;
  } catch {
    return fallback;
  }
}

/**
 * A return address for a page in `locale`: checked, put in that language, and checked again, since
 * localizing transforms it (`/es//evil.example` is a path of this site; in English it would be
 * `//evil.example`). The value a Location header or a link gets is always the value checked last.
 */
export function safeLocalizedRedirect(
  target: FormDataEntryValue | string | null | undefined,
  locale: Locale,
  fallback = "/",
): string {
  const home = localizedPath(fallback, locale);
  return safeRedirect(localizedPath(safeRedirect(target, fallback), locale), home);
}

/** `path` with `redirectTo` in its query, unless the return path is the home page (nothing to carry). */
export function withRedirectTo(path: string, redirectTo: string): string {
  if (redirectTo === "/" || redirectTo === "/es") return path;
  return `${path}${path.includes("?") ? "&" : "?"}redirectTo=${encodeURIComponent(redirectTo)}`;
}
