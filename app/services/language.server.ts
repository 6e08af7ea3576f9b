import { languageCookieMaxAge, languageCookieName, type Locale } from "#app/lib/i18n/locale";
import { isSecureRequest, siteCookieName } from "./site-cookie.server";

/**
 * The remembered choice of language (decision 057): a plain `lang=es` (`__Host-lang` over HTTPS),
 * readable by the Worker's first-visit redirect before any page is rendered (server/language.ts).
 */
export function languageCookie(request: Request, locale: Locale): string {
  const name = siteCookieName(request, languageCookieName);
  return `${name}=${locale}; Path=/; Max-Age=${languageCookieMaxAge}; SameSite=Lax${isSecureRequest(request) ? "; Secure" : ""}`;
}
