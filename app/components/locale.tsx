import { useLocation } from "@remix-run/react";
import { languageName, languageTag, locales, localeOfPath, localizedPath, type Locale } from "#app/lib/locale";

/** The page's language: its address's (decision 057). */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** Turns a site path into the same path in the page's language: `href("/adopt")` is `/es/adopt` on a Spanish page. */
export function useLocalePath(): (to: string) => string {
  const locale = useLocale();
  return (to) => localizedPath(to, locale);
}

/**
 * The language switch: one plain link per other language, each in its own language, to the same page
 * through /language, which remembers the choice (decision 057). A full page load (no client-side
 * navigation), since the other language has its own catalogue.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const location = useLocation();
  const current = localeOfPath(location.pathname);
  const path = localizedPath(location.pathname + location.search, "en");
  return (
    <p className={`language-switch ${className}`.trim()}>
      {locales
        .filter((locale) => locale !== current)
        .map((locale) => (
          <a key={locale} href={`/language?to=${locale}&path=${encodeURIComponent(path)}`} hrefLang={languageTag[locale]} lang={languageTag[locale]}>
            {languageName[locale]}
          </a>
        ))}
    </p>
  );
}
