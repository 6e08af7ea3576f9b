import type { MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage, errorStatus } from "~/components/error-page";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = ({ error }) =>
  error
    ? pageMeta(errorStatus(error) === 404 ? "Page not found" : "Something went wrong", "Sorry, this page of the Sequoia Humane Society site could not be shown.")
    : [];

function MainLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
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
