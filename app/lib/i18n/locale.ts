/**
 * The site's languages and their addresses (decision 057): English pages have no prefix, Spanish pages
 * the same path under /es (`/adopt/dog` and `/es/adopt/dog`). Pure: the request's language comes from
 * its path; the remembered choice (a cookie) and the browser's Accept-Language only decide where a
 * first visit to an English address is sent.
 */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * Remix's single-fetch address of a page (`<path>.data`, `/_root.data` for `/`): client-side navigation
 * to `/es` asks `/es.data`, which is the Spanish home page's data, not an English page called "es.data".
 */
const spanishHomeData = "/es.data";
const rootData = "/_root.data";

/** The language of a page, from its path: `/es`, `/es/...` and `/es.data` are Spanish, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/es" || pathname === spanishHomeData || pathname.startsWith("/es/") ? "es" : "en";
}

/**
 * A path that starts with one "/": a leading run of slashes and backslashes is one slash. A browser
 * reads `//host` and `/\host` as another host, so no path this module returns starts with either.
 */
function rootedOnce(pathname: string): string {
  return pathname.replace(/^[/\\]+/, "/");
}

/**
 * The path without its language prefix (`/es/adopt` → `/adopt`, `/es` → `/`, `/es.data` → `/_root.data`):
 * "this path, in any language", for rules that hold whatever the language (body limits, the offline
 * rules, robots.txt). Starts with exactly one "/" (`/es//x` → `/x`).
 */
export function unprefixedPath(pathname: string): string {
  if (pathname === "/es") return "/";
  if (pathname === spanishHomeData) return rootData;
  return rootedOnce(pathname.startsWith("/es/") ? pathname.slice(3) : pathname);
}

/**
 * The same page in another language. `to` is an English (unprefixed) path, with or without query
 * and hash; a path already prefixed is re-prefixed. Only site paths (starting with "/" or "\");
 * anything else (`https://…`, `?index`) is returned as it is. A site path stays one: the result never
 * starts with `//` or `/\` (`/es//evil.example` in English is `/evil.example`, not `//evil.example`).
 */
export function localizedPath(to: string, locale: Locale): string {
  if (!to.startsWith("/") && !to.startsWith("\\")) return to;
  const cut = to.search(/[?#]/);
  const path = cut === -1 ? to : to.slice(0, cut);
  const rest = cut === -1 ? "" : to.slice(cut);
  const bare = unprefixedPath(rootedOnce(path));
  if (locale === "en") return bare + rest;
  if (bare === rootData) return spanishHomeData + rest;
  return (bare === "/" ? "/es" : `/es${bare}`) + rest;
}

/** `lang` of the html element and hreflang: BCP 47 tags. */
export const languageTag: Record<Locale, string> = { en: "en", es: "es" };
/** Open Graph's `og:locale` (language_TERRITORY): the shelter is in the United States. */
export const openGraphLocale: Record<Locale, string> = { en: "en_US", es: "es_US" };
/** Each language's own name, as the language switch shows it (always in that language). */
export const languageName: Record<Locale, string> = { en: "English", es: "Español" };

/**
 * The language a browser asks for first among ours, from its Accept-Language header (weights
 * honoured, `es-MX` counts as `es`), or null when it names none of ours.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split("-")[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/** The remembered choice of language: a cookie of this name (`__Host-lang` over HTTPS), "en" or "es". */
export const languageCookieName = "lang";
/** A year: the choice outlives sessions. */
export const languageCookieMaxAge = 365 * 24 * 60 * 60;

/** A cookie's value from a Cookie header, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Addresses that are not pages (files, data, sign-in hand-offs, forms' targets): never sent elsewhere by language. */
const notPages = /^\/(assets|photos|auth|logout|language|dev|favorites|alerts|petadmin\/subscribers|__)/;

/**
 * Where a visit to an English address goes instead, if anywhere (decision 057): a remembered choice of
 * Spanish, or, with no remembered choice, a browser that prefers Spanish, is sent to the same page under
 * /es. Only page requests (GET of an HTML page); a remembered "en" or an /es address is never moved.
 */
export function languageRedirect(request: {
  method: string;
  url: URL;
  accept: string | null;
  rememberedLocale: string | null;
  acceptLanguage: string | null;
}): string | null {
  const { pathname, search } = request.url;
  if (request.method !== "GET" || !(request.accept ?? "").includes("text/html")) return null;
  if (localeOfPath(pathname) !== "en" || pathname.includes(".") || notPages.test(pathname)) return null;
  const wanted = isLocale(request.rememberedLocale)
    ? request.rememberedLocale
    : localeFromAcceptLanguage(request.acceptLanguage);
  if (wanted !== "es") return null;
  return localizedPath(pathname + search, "es");
}

/** The language of the page a request is for, from its path (`localeOfPath` of its URL's pathname). */
export function localeOf(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}
