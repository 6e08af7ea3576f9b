import { setupI18n, type I18n } from "@lingui/core";
import { shelter } from "#app/config/shelter";
import { defaultLocale, isLocale, type Locale, localeOf } from "#app/lib/i18n/locale";
import { messages as en } from "./en/messages.po";
import { messages as es } from "./es/messages.po";

/** Both catalogues, compiled into the Worker at build time (no file is read at run time). */
const catalogs: Record<Locale, typeof en> = { en, es };

/**
 * The Lingui instance of a language, made once per isolate: one for English and one for Spanish, so
 * requests in both languages at once never share one. The server only reads them (`_`, `t`): nothing
 * here activates another locale or loads more messages (the browser's instance is its own).
 */
const instances = new Map<Locale, I18n>();
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
    instances.set(locale, i18n);
  }
  return i18n;
}

/** The language of the page a request is for (its path), as loaders and actions need it. */
export function i18nOf(request: Request): I18n {
  return i18nFor(localeOf(request));
}

/** The language saved on an account (users.language), English when unset or unknown. */
export function accountLocale(saved: string | null | undefined): Locale {
  return isLocale(saved) ? saved : defaultLocale;
}

/** The language of the emails to the shelter's own address (`shelter.inboxLanguage`). */
export function inboxI18n(): I18n {
  return i18nFor(accountLocale(shelter.inboxLanguage));
}
