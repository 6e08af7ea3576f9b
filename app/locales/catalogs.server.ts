import { setupI18n, type I18n } from "@lingui/core";
import { defaultLocale, isLocale, localeOfPath, type Locale } from "#app/lib/locale";
import { messages as en } from "./en/messages.po";
import { messages as es } from "./es/messages.po";

/** Both catalogues, compiled into the Worker at build time (no file is read at run time). */
const catalogs: Record<Locale, typeof en> = { en, es };

/**
 * A fresh Lingui instance for one language: one per request, never a shared global, since one Worker
 * isolate serves requests in both languages at once.
 */
export function i18nFor(locale: Locale): I18n {
  return setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
}

/** The language of the page a request is for (its path), as loaders and actions need it. */
export function i18nOf(request: Request): I18n {
  return i18nFor(localeOfPath(new URL(request.url).pathname));
}

/** The language saved on an account (users.language), English when unset or unknown. */
export function accountLocale(saved: string | null | undefined): Locale {
  return isLocale(saved) ? saved : defaultLocale;
}
