import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * A change refused because someone else changed the record meanwhile (409, decision 014) shows the
 * record as it is now: with JavaScript the loader runs again, as it does after any action without it.
 */
export const revalidateAfterConflict: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;
