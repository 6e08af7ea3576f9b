import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and while hydrating, true once JavaScript runs the page: for enhancements only. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** True in the browser while the first page is being hydrated: before app/root.tsx marks the document hydrated. */
export function firstPageHydrating() {
  return document.documentElement.dataset.hydrated !== "true";
}
