import { cookieValue, languageCookieName, languageRedirect } from "#app/lib/i18n/locale";

/**
 * The redirect of a page request at an English address to its Spanish page, when the visitor chose
 * Spanish (the `lang` cookie) or, having chosen nothing, their browser prefers it (decision 057). It
 * runs before the page cache: the answer depends on the cookie and the header, so it is never stored
 * (`private, no-store`), while the pages themselves differ by address only.
 */
export function languageFirst(request: Request): Response | null {
  const url = new URL(request.url);
  const cookies = request.headers.get("Cookie");
  const remembered = cookieValue(cookies, `__Host-${languageCookieName}`) ?? cookieValue(cookies, languageCookieName);
  const to = languageRedirect({
    method: request.method,
    url,
    accept: request.headers.get("Accept"),
    rememberedLocale: remembered,
    acceptLanguage: request.headers.get("Accept-Language"),
  });
  if (!to) return null;
  return new Response(null, {
    status: 302,
    headers: { Location: to, "Cache-Control": "private, no-store", Vary: "Accept-Language, Cookie" },
  });
}
