import { isRouteErrorResponse } from "@remix-run/react";
import { staticView } from "#app/components/static-view";

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The friendly page shown for any error (components/error-page-view.tsx), kept as the server sent it. */
export const ErrorPage = staticView(
  () => import("#app/components/error-page-view"),
  () => "error-page",
);
