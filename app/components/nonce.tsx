import { createContext, useContext } from "react";

/**
 * The CSP nonce of the page being rendered on the server (decision 016). In the browser it is empty:
 * browsers hide nonces from the DOM, and scripts added after hydration are loaded by Remix as modules
 * from our own origin, which the policy allows without one.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
