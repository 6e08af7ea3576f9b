/** Pages a pet page can lead back to: the lists a visitor finds pets in. */
const listPaths = [/^\/$/, /^\/adopt\/[^/]+$/, /^\/foster$/, /^\/match$/, /^\/favorite$/, /^\/on-hold$/, /^\/adopted$/];

/**
 * Where the pet page's Back button leads: the list the visitor came from (from the Referer, same
 * site only), or /adopt.
 */
export function backLinkFrom(referer: string | null, siteOrigin: string): string {
  if (!referer) return "/adopt";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "/adopt";
  }
  if (url.origin !== siteOrigin || url.pathname === "/adopt/pet") return "/adopt";
  return listPaths.some((path) => path.test(url.pathname)) ? url.pathname + url.search : "/adopt";
}
