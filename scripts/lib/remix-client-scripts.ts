import type { Plugin } from "vite";

/**
 * The browser's copy of Remix's `<Scripts>` (decision 039). On the server it writes the page's inline
 * scripts: the Remix context, the route modules and the loader that starts them after the load event
 * (patches/@remix-run+react+2.17.5.patch). In the browser it only ever hydrates those two script
 * elements, which React keeps as the server sent them (their content is `dangerouslySetInnerHTML`,
 * which hydration does not compare), and removes them once hydrated, as Remix's does. So the browser's
 * copy renders the same two elements, empty, and the code that writes them (1.7 KB gzip on every
 * page) stays on the server. The client build only; the server's copy is Remix's own.
 */
export function remixClientScripts(): Plugin {
  return {
    name: "remix-client-scripts",
    transform(code, id, options) {
      if (options?.ssr || !id.includes("/node_modules/@remix-run/react/dist/esm/components.js")) return undefined;
      const start = code.indexOf("function Scripts(props) {");
      const end = code.indexOf("function DeferredHydrationScript(");
      if (start < 0 || end < start)
        throw new Error(
          "remix-client-scripts: Remix's <Scripts> was not found; check it after updating @remix-run/react",
        );
      const scripts = `function Scripts(props) {
  React.useEffect(() => {
    isHydrated = true;
  }, []);
  if (isHydrated) return null;
  const script = (type, async) => React.createElement("script", _extends({}, props, { suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: "" }, type, async }));
  return React.createElement(React.Fragment, null, script(undefined, undefined), script("module", true));
}
`;
      return { code: code.slice(0, start) + scripts + code.slice(end), map: null };
    },
  };
}
