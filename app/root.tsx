import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { CanonicalLink } from "#app/components/canonical-link";
import { ErrorPage, errorStatus } from "#app/components/error-page";
import { useNonce } from "#app/components/nonce";
import { pageMeta } from "#app/lib/i18n/meta";
import { languageTag, localeOfPath, openGraphLocale } from "#app/lib/i18n/locale";
import stylesheet from "#app/styles/app.css?url";
import { shelter } from "#app/config/shelter";
import { registerAttribute, serviceWorkerUrl } from "#app/lib/http/offline-pages";
import type { loader as mainLoader } from "#app/routes/site/layout";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) =>
  error ? pageMeta("Something went wrong", `Sorry, this page of the ${shelter.name} site could not be shown.`) : [];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // The offline service worker (decision 050): registered by pages of the main layout, or retired ("off").
  const main = useRouteLoaderData<typeof mainLoader>("routes/_main");
  const serviceWorker = main ? (main.serviceWorker ? serviceWorkerUrl : "off") : undefined;
  // The page's language is its address's (decision 057).
  const locale = localeOfPath(useLocation().pathname);
  return (
    <html lang={languageTag[locale]} {...{ [registerAttribute]: serviceWorker }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f6b4f" />
        <Meta />
        <meta property="og:locale" content={openGraphLocale[locale]} />
        <CanonicalLink />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Marks the page as enhanced: tests wait on it instead of sleeping.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** Only reached when the main layout itself fails; pages' own errors render inside the layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main" className="standalone">
      <ErrorPage status={errorStatus(error)} />
    </main>
  );
}
