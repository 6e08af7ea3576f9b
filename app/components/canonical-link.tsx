import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { languageTag, locales, localizedPath } from "#app/lib/i18n/locale";

/** The query parameters that name a different page; every other (filters, sort, messages) is the same page. */
const canonicalParams = ["pet_id"];

/** What the main layout's loader gives every page: the site's own address (config SITE_URL). */
interface MainData {
  siteUrl?: string;
}

/**
 * `<link rel="canonical">` for every page of the main layout (decision 043): the site's production
 * address, the path, and only the query parameters that make it another page. With it, the page's
 * address in each language (`hreflang`, English also as `x-default`), so search engines list both and
 * send each reader to theirs (decision 057).
 */
export function CanonicalLink() {
  const location = useLocation();
  const data = useRouteLoaderData("routes/_main") as MainData | undefined;
  if (!data?.siteUrl) return null;
  const search = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const name of canonicalParams) {
    const value = search.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  const address = `${location.pathname}${query ? `?${query}` : ""}`;
  return (
    <>
      <link rel="canonical" href={`${data.siteUrl}${address}`} />
      {locales.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={languageTag[locale]}
          href={`${data.siteUrl}${localizedPath(address, locale)}`}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${data.siteUrl}${localizedPath(address, "en")}`} />
    </>
  );
}
