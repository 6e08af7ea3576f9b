import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and while hydrating, true once JavaScript runs the page: for enhancements only. */
export function useHydrated() {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
