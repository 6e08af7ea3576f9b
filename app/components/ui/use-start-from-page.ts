import { useEffect, useLayoutEffect } from "react";

/** A layout effect in the browser; nothing on the server (where React warns about layout effects). */
export const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Runs `adopt` once, right after the component's first commit in the browser: before the browser
 * paints, and before what hydration turns on (`useHydrated`) re-renders the component. Scripts start
 * after the first paint (decision 062), so a person may already have chosen, typed or ticked in the
 * server's HTML; hydration keeps those values in the page but not in the component's state. This is
 * where an enhanced control reads them from the page (issue 39): the state starts from what the person
 * sees. A component mounted later (a client-side navigation) finds its own defaults there.
 */
export function useStartFromPage(adopt: () => void) {
  // Once, at the first commit: later renders have their state from the person's own changes.
  useBrowserLayoutEffect(adopt, []);
}
