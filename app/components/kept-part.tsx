import { useLingui } from "@lingui/react";
import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import { useContext, type ReactElement, type ReactNode } from "react";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FetchersContext as FetchersContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
  UNSAFE_ViewTransitionContext as ViewTransitionContext,
} from "react-router-dom";
import { StaticHtmlContext } from "#app/components/static-view";

/**
 * An element whose inside depends only on the page's language and `keptFor` (a stored figures'
 * version, a month), so the server renders that inside once per isolate and sends the same HTML to
 * the next pages that ask for the same key (the kept parts of app/entry.server.tsx, as a pet card's
 * facts are: decision 045; here decision 064, amended 2026-11-28, evening). `keptFor` must change
 * whenever what `inside` renders could: the figures' version, read from D1 on every request, does.
 *
 * The HTML is what React renders for `inside` in the page, byte for byte, so the browser hydrates it
 * as the page's own: in the browser (no kept parts there) the element renders `inside` as usual,
 * with the loader's data. `inside` is called only when the part is rendered, not when its HTML is
 * sent as kept; it may not read the router (a kept part is rendered on its own, outside Remix).
 * `keptFor` null: rendered on every request (nothing known to key it on). A function: called only where
 * parts are kept (the server), for a key that costs something to make (the adopt list's, the header's).
 *
 * `router`: the inside may use the router (links, forms, fetchers, the location, loader data); the
 * part rendered on its own gets this page's router as it is when the page renders (the same
 * location, loader data and idle navigation and fetchers: a server render's). `keptFor` must then
 * also say everything the inside reads from it (the adopt list's: its loader data, the address with
 * its query, the viewer and their favourites among the shown pets; decision 045, amended 2026-11-29).
 */
export function KeptPart({
  as: Tag,
  name,
  keptFor,
  className,
  id,
  router = false,
  inside,
}: {
  as: "section" | "div" | "table" | "header";
  router?: boolean;
  /** The part's name, unique among kept parts. */
  name: string;
  keptFor: string | null | (() => string | null);
  className?: string;
  id?: string;
  inside: () => ReactNode;
}) {
  const kept = useContext(StaticHtmlContext);
  const { i18n } = useLingui();
  const withRouter = useRouterAsItIs();
  const keptAs = kept ? (typeof keptFor === "function" ? keptFor() : keptFor) : null;
  if (kept && keptAs !== null) {
    const key = `${name}\u0000${i18n.locale}\u0000${keptAs}`;
    const html = kept.get(key);
    if (html !== undefined) return <Tag className={className} id={id} dangerouslySetInnerHTML={{ __html: html }} />;
    const content = inside();
    kept.keep(key, router ? withRouter(<>{content}</>) : <>{content}</>);
    return (
      <Tag className={className} id={id}>
        {content}
      </Tag>
    );
  }
  return (
    <Tag className={className} id={id}>
      {inside()}
    </Tag>
  );
}

/**
 * Gives an element rendered on its own the router of the page being rendered: the contexts Remix
 * and React Router provide (read here, in the page, and provided again around the element).
 */
function useRouterAsItIs(): (element: ReactElement) => ReactElement {
  const remix = useContext(RemixContext);
  const dataRouter = useContext(DataRouterContext);
  const dataRouterState = useContext(DataRouterStateContext);
  const fetchers = useContext(FetchersContext);
  const viewTransition = useContext(ViewTransitionContext);
  const navigation = useContext(NavigationContext);
  const location = useContext(LocationContext);
  const route = useContext(RouteContext);
  return function withRouter(element: ReactElement) {
    return (
      <RemixContext.Provider value={remix}>
        <DataRouterContext.Provider value={dataRouter}>
          <DataRouterStateContext.Provider value={dataRouterState}>
            <FetchersContext.Provider value={fetchers}>
              <ViewTransitionContext.Provider value={viewTransition}>
                <NavigationContext.Provider value={navigation}>
                  <LocationContext.Provider value={location}>
                    <RouteContext.Provider value={route}>{element}</RouteContext.Provider>
                  </LocationContext.Provider>
                </NavigationContext.Provider>
              </ViewTransitionContext.Provider>
            </FetchersContext.Provider>
          </DataRouterStateContext.Provider>
        </DataRouterContext.Provider>
      </RemixContext.Provider>
    );
  };
}
