import { localizedPath, unprefixedPath, type Locale } from "../i18n/locale";

/** Pages a pet page can lead back to: the lists a visitor finds pets in (in any language). */
const listPaths = [/^\/$/, /^\/adopt\/[^/]+$/, /^\/foster$/, /^\/match$/, /^\/favorite$/, /^\/on-hold$/, /^\/adopted$/];

/**
 * Where the pet page's Back button leads: the list the visitor came from (from the Referer, same
 * site only), with its filters, or the adopt page; always in the pet page's language (issue 40: the
 * Spanish "‹ Volver" led to the English /adopt).
 */
export function backLinkFrom(referer: string | null, siteOrigin: string, locale: Locale): string {
  const fallback = localizedPath("/adopt", locale);
  if (!referer) return fallback;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return fallback;
  }
  const list = unprefixedPath(url.pathname);
  if (url.origin !== siteOrigin || list === "/adopt/pet") return fallback;
  return listPaths.some((path) => path.test(list)) ? localizedPath(list + url.search, locale) : fallback;
}
