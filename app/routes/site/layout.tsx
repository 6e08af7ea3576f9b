import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Outlet, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage, errorStatus } from "#app/components/error-page";
import { NavigationProgress } from "#app/components/navigation-progress";
import { NotSentNotice, OfflineNotice } from "#app/components/connection-notices";
import { SiteHeader } from "#app/components/site-header";
import { staticView } from "#app/components/static-view";
import { pageMeta } from "#app/lib/i18n/meta";
import { viewerFavoriteIds } from "#app/services/favorites.server";
import { shelter } from "#app/config/shelter";
import { i18nOf } from "#app/locales/catalogs.server";

export const meta: MetaFunction<typeof loader> = ({ error, data }) => {
  if (!error) return [];
  const texts = data?.errorMeta ?? {
    notFound: "Page not found",
    failed: "Something went wrong",
    description: `Sorry, this page of the ${shelter.name} site could not be shown.`,
  };
  return pageMeta(errorStatus(error) === 404 ? texts.notFound : texts.failed, texts.description);
};

/**
 * The footer never changes once shown: kept as the server sent it, its code loaded only to render it
 * again. The same on every page of a language (and year): the server renders it once per isolate.
 */
const SiteFooter = staticView(
  () => import("#app/components/site-footer"),
  () => "site-footer",
  () => String(new Date().getFullYear()),
);

/** What the navigation needs to know about who is signed in (nothing secret). */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const viewer = await context.auth.viewer();
  const i18n = i18nOf(request);
  const name = shelter.name;
  return {
    // An error page's title and description, in the page's language (decision 057).
    errorMeta: {
      notFound: i18n._(msg`Page not found`),
      failed: i18n._(msg`Something went wrong`),
      description: i18n._(msg`Sorry, this page of the ${name} site could not be shown.`),
    },
    viewer: viewer
      ? { firstName: viewer.firstName, lastName: viewer.lastName, email: viewer.email, isStaff: viewer.role !== null }
      : null,
    favoriteIds: await viewerFavoriteIds(context),
    // The canonical links' address (components/canonical-link.tsx).
    siteUrl: context.config.siteUrl,
    // Whether pages register the offline service worker (root.tsx, decision 050).
    serviceWorker: context.config.serviceWorker,
  };
}

function MainLayout({ children }: { children: ReactNode }) {
  // Also rendered by the error boundary, where this route's data may be missing.
  const data = useRouteLoaderData<typeof loader>("routes/_main");
  return (
    <>
      <NavigationProgress />
      <SiteHeader viewer={data?.viewer ?? null} />
      <main id="main" tabIndex={-1}>
        <OfflineNotice />
        <NotSentNotice />
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function Main() {
  return (
    <MainLayout>
      <Outlet />
    </MainLayout>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <MainLayout>
      <ErrorPage status={errorStatus(error)} />
    </MainLayout>
  );
}
