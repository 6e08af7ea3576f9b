import { Form, useLocation, useRouteLoaderData } from "@remix-run/react";
import { languageName, languageTag, locales, localeOfPath, localizedPath, type Locale } from "#app/lib/i18n/locale";

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
 * The language switch: one entry per other language, each in its own language, to the same page
 * through /language, which remembers the choice (decision 057). For a visitor, a plain link; for a
 * signed-in person, a button that looks like the link, posting the choice, which is saved on the
 * account for its emails (a GET changes nothing stored). A full page load either way (no client-side
 * navigation), since the other language has its own catalogue.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const location = useLocation();
  const signedIn = Boolean(useRouteLoaderData<{ viewer: unknown }>("routes/_main")?.viewer);
  const current = localeOfPath(location.pathname);
  const path = localizedPath(location.pathname + location.search, "en");
  const others = locales.filter((locale) => locale !== current);
  return (
    <div className={`language-switch ${className}`.trim()}>
      {others.map((locale) =>
        signedIn ? (
          <Form key={locale} method="post" action="/language" reloadDocument>
            <input type="hidden" name="to" value={locale} />
            <input type="hidden" name="path" value={path} />
            <button type="submit" lang={languageTag[locale]}>
              {languageName[locale]}
            </button>
          </Form>
        ) : (
          <a
            key={locale}
            href={`/language?to=${locale}&path=${encodeURIComponent(path)}`}
            hrefLang={languageTag[locale]}
            lang={languageTag[locale]}
          >
            {languageName[locale]}
          </a>
        ),
      )}
    </div>
  );
}
